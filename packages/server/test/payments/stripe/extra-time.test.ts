import { Stripe } from "stripe";
import { calendarMonth } from "../../../src/requests/calendar";
import { signedInStaff, type StaffLogin } from "../../support/desk-helpers";
import { startFakeStripe, stripeEvent, type FakeStripe } from "../../support/fake-stripe";
import { buildTestApp, type TestApp } from "../../support/helpers";
import { createCheckout, register, SITE } from "../../support/payments-harness";
import { fileAs, reply } from "../../support/requests-harness";
import { call } from "../../support/teams-harness";

/**
 * Agreed extra time on requests for a company on the Pro plan at Stripe: the plan's price is without VAT (Stripe Tax
 * adds it), so the invoice item is the net amount, marked `tax_behavior: exclusive` for Stripe Tax to add the VAT,
 * and the agreement is marked with Stripe's invoice. Packages (VAT included in their price) are in offers/stripe.test.ts.
 */

const WEBHOOK_SECRET = "whsec_test_extra_time";
const PRICE_MONTHLY = "price_test_monthly";
const RATE_CENTS = 7_500;

let t: TestApp;
let fake: FakeStripe;
let staff: StaffLogin;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    env: {
      PUBLIC_URL: SITE,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
      STRIPE_PRICE_YEARLY: "price_test_yearly",
      STRIPE_API_BASE: fake.url,
      STRIPE_AUTOMATIC_TAX: "1",
      REQUESTS_HOURLY_RATE_CENTS: String(RATE_CENTS),
    },
  });
  staff = await signedInStaff(t, "staff");
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function webhook(event: { id: string }) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: "POST",
    url: "/api/subscriptions/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    payload,
  });
}

it("adds the agreed time to the Pro plan's renewal draft once, without VAT for Stripe Tax to add, and marks the agreement with that invoice", async () => {
  const customer = await register(t, "en");
  expect((await createCheckout(t, customer, { billingPeriod: "monthly" })).statusCode).toBe(200);
  const sessionId = [...fake.sessions.values()].find((s) => s.client_reference_id === customer.id && s.status === "open")!.id as string;
  const { session, subscription } = fake.completeSession(sessionId, { priceId: PRICE_MONTHLY, interval: "month" });
  expect((await webhook(stripeEvent("checkout.session.completed", session))).statusCode).toBe(200);

  const owner = { id: customer.id, email: customer.email, name: "", headers: customer.headers };
  const { id } = await fileAs(t, owner, { kind: "content", subject: "Texts", message: "Many texts to change." });
  await reply(t, staff, id, { message: "Done", minutes: 150 });
  const agreed = await call(t, "POST", "/api/requests/extra-time", owner, { period: calendarMonth().period, minutes: 30 });
  expect(agreed.statusCode, agreed.body).toBe(200);

  const start = Math.floor(Date.now() / 1000);
  const fee = 3_900;
  const draft = fake.draftInvoice(subscription.id as string, { amount: fee, periodStart: start, periodEnd: start + 30 * 86_400, reason: "subscription_cycle" });
  const created = stripeEvent("invoice.created", draft);
  expect((await webhook(created)).statusCode).toBe(200);
  expect((await webhook(created)).json()).toMatchObject({ duplicate: true });

  const items = fake.callsTo("POST", "/v1/invoiceitems").filter((c) => c.params.invoice === draft.id);
  expect(items).toHaveLength(1);
  const extra = (30 * RATE_CENTS) / 60;
  expect(items[0]!.params).toMatchObject({ invoice: draft.id, amount: String(extra), currency: "eur", tax_behavior: "exclusive" });
  expect(items[0]!.params.description).toMatch(/^Extra time on requests in .*: 30 minutes past those included$/);
  expect(fake.invoices.get(draft.id)!.total).toBe(fee + extra);
  const { rows } = await t.db.query<{ invoice_ref: string }>("SELECT invoice_ref FROM request_extra_time WHERE agreed_by = $1", [customer.id]);
  expect(rows).toEqual([{ invoice_ref: draft.id }]);
});
