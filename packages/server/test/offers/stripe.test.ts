import { Stripe } from "stripe";
import { agencyYearMonth, vatOf } from "@agency/contract";
import { firstOfNextMonth } from "../../src/payments/one-off";
import { buildTestApp, type TestApp } from "../support/helpers";
import { signedInStaff, type StaffLogin } from "../support/desk-helpers";
import { startFakeStripe, stripeEvent, type FakeStripe } from "../support/fake-stripe";
import { calendarMonth } from "../../src/requests/calendar";
import { fileAs, reply } from "../support/requests-harness";
import { call } from "../support/teams-harness";
import { accept, deliver, invoicesOf, makeOffer, newOffer, offerRow, payNow, publicOf } from "../support/offers-harness";
import { createCheckout, register } from "../support/payments-harness";

/**
 * The sale with Stripe, the official SDK against the local stand-in for Stripe's API: the deposit through Checkout
 * with iDEAL and card keeping the payment method iDEAL generates (generated_sepa_debit), its signed webhooks applied
 * once whatever their repetition, a second payment refunded, delivery starting the monthly fee on the first of the
 * next month by SEPA Direct Debit with that mandate, each month's invoice numbered from the agency's series while
 * Stripe holds it as a draft, an upgrade changing the price from the next invoice, and a mandate given afterwards;
 * and the extra time a company agreed to on its requests, added to the renewal's draft, for a package and the Pro plan.
 */

const SITE = "https://agency.example";
const WEBHOOK_SECRET = "whsec_offers_test";
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
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_API_BASE: fake.url,
      // Plans are priced without VAT, for Stripe Tax to add it; packages include it.
      STRIPE_AUTOMATIC_TAX: "1",
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
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({ method: "POST", url: "/api/subscriptions/webhook", headers: { "content-type": "application/json", "stripe-signature": signature }, payload });
}

const sessionOf = (checkoutUrl: string) => checkoutUrl.split("/").at(-1)!;

/** Signs the offer and pays its deposit at Stripe; returns the completed session, its event, and the generated payment method. */
async function paidDeposit(token: string, ideal = true) {
  const accepted = await accept(t, token);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const { session, generatedSepaDebit, intent } = fake.completePaymentSession(sessionOf(accepted.json().checkoutUrl), { ideal });
  const event = stripeEvent("checkout.session.completed", session);
  expect((await webhook(event)).statusCode).toBe(200);
  return { session, event, generatedSepaDebit, intent };
}

describe("the deposit through Stripe Checkout", () => {
  it("asks for iDEAL or a card, the amount with VAT, and keeps what iDEAL leaves for later collections", async () => {
    const { offer, token } = await makeOffer(t, staff, newOffer({ package: "starter" }));
    expect((await accept(t, token)).statusCode).toBe(200);
    const params = fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!.params as Record<string, never>;
    const deposit = (await publicOf(t, token)).deposit;
    expect(params).toMatchObject({
      mode: "payment",
      allowed_payment_method_types: { 0: "ideal", 1: "card" },
      customer_email: offer.email,
      customer_creation: "always",
      locale: "nl",
      line_items: { 0: { quantity: "1", price_data: { currency: "eur", unit_amount: String(deposit.totalCents) } } },
      payment_intent_data: { setup_future_usage: "off_session", metadata: { purpose: "offer_deposit", reference: offer.id } },
      success_url: `${SITE}/offer?token=${token}&lang=nl&paid=deposit`,
    });
  });

  it("places the order once per event and once per deposit: a redelivery does nothing, a second payment is refunded", async () => {
    const { offer, token } = await makeOffer(t, staff);
    // Two tabs: the deposit's checkout, then a second one (which expires the first at Stripe, too late: both get paid).
    const first = await accept(t, token);
    const second = await payNow(t, token);
    const a = fake.completePaymentSession(sessionOf(first.json().checkoutUrl));
    const b = fake.completePaymentSession(sessionOf(second.json().checkoutUrl), { ideal: false });
    const eventA = stripeEvent("checkout.session.completed", a.session);
    const answers = await Promise.all([webhook(eventA), webhook(stripeEvent("checkout.session.completed", b.session)), webhook(eventA)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const [deposit, ...more] = await invoicesOf(t, offer.id);
    expect(more).toHaveLength(0);
    expect(deposit).toMatchObject({ kind: "deposit", status: "paid", provider: "stripe" });
    expect(deposit!.number).toMatch(new RegExp(`^${agencyYearMonth(new Date()).year}-\\d{4}$`));
    const { rows: checkouts } = await t.db.query<{ status: string; external_id: string }>(
      "SELECT status, external_id FROM payment_checkouts WHERE reference = $1 ORDER BY status",
      [offer.id],
    );
    expect(checkouts.map((c) => c.status)).toEqual(["paid", "refunded"]);
    const refundedSession = checkouts.find((c) => c.status === "refunded")!.external_id;
    const refundedIntent = refundedSession === a.session.id ? a.intent.id : b.intent.id;
    expect(fake.refunds.filter((r) => r.payment_intent === refundedIntent)).toMatchObject([{ reason: "duplicate" }]);
    const row = await offerRow(t, offer.id);
    const { rows } = await t.db.query<{ customer_id: string }>("SELECT customer_id FROM payment_customers WHERE company_id = $1", [row.company_id]);
    expect(rows).toHaveLength(1);
    // Paid with iDEAL, the deposit left the payment method the monthly fee is collected with.
    if (refundedSession === b.session.id) expect(row.mandate_ref).toBe(a.generatedSepaDebit);
  });
});

describe("delivery through Stripe", () => {
  it("starts the monthly fee on the first of the next month by SEPA Direct Debit with the iDEAL mandate, and numbers each month's invoice", async () => {
    const { offer, token } = await makeOffer(t, staff, newOffer({ package: "professional" }));
    const { generatedSepaDebit } = await paidDeposit(token);
    const before = Date.now();
    expect((await deliver(t, staff, offer.id)).statusCode).toBe(200);
    const params = fake.callsTo("POST", "/v1/subscriptions").at(-1)!.params as Record<string, never>;
    expect(params).toMatchObject({
      billing_cycle_anchor: String(firstOfNextMonth(new Date(before)).getTime() / 1000),
      proration_behavior: "none",
      collection_method: "charge_automatically",
      default_payment_method: generatedSepaDebit,
      payment_settings: { payment_method_types: { 0: "sepa_debit" } },
      items: { 0: { price_data: { currency: "eur", unit_amount: String(12_900 + vatOf(12_900, 21)), recurring: { interval: "month" } } } },
      metadata: { planId: "professional" },
    });
    const companyId = (await offerRow(t, offer.id)).company_id as string;
    const current = await t.app.inject({ url: "/api/subscriptions/current", headers: await ownerHeaders(companyId) });
    expect(current.json().subscription).toMatchObject({ plan_name: "Professional", status: "active", billing_period: "monthly" });
    const balance = (await invoicesOf(t, offer.id)).find((i) => i.kind === "balance")!;
    expect(balance).toMatchObject({ status: "open", provider: "stripe" });

    // The balance, paid through Checkout.
    const pay = await payNow(t, token);
    const paid = fake.completePaymentSession(sessionOf(pay.json().checkoutUrl), { ideal: false });
    expect((await webhook(stripeEvent("checkout.session.completed", paid.session))).statusCode).toBe(200);
    expect((await invoicesOf(t, offer.id)).find((i) => i.kind === "balance")!.status).toBe("paid");

    // The first month's invoice: Stripe drafts it, our series numbers it, Stripe's copy bears the number.
    const { rows } = await t.db.query<{ external_id: string }>("SELECT external_id FROM subscriptions WHERE company_id = $1", [companyId]);
    const anchor = Number(params.billing_cycle_anchor);
    const draft = fake.draftInvoice(rows[0]!.external_id, { amount: 15_609, periodStart: anchor, periodEnd: anchor + 31 * 86_400 });
    const created = stripeEvent("invoice.created", draft);
    expect((await webhook(created)).statusCode).toBe(200);
    expect((await webhook(created)).statusCode).toBe(200);
    const { rows: monthly } = await t.db.query<{ number: string; net_cents: number; vat_cents: number; status: string }>(
      "SELECT number, net_cents, vat_cents, status FROM invoices WHERE company_id = $1 AND kind = 'monthly'",
      [companyId],
    );
    expect(monthly).toEqual([{ number: expect.stringMatching(/^\d{4}-\d{4}$/), net_cents: 12_900, vat_cents: 2_709, status: "open" }]);
    expect(fake.invoices.get(draft.id)!.number).toBe(monthly[0]!.number);
    expect(fake.callsTo("POST", `/v1/invoices/${draft.id}`)).toHaveLength(1);

    fake.invoices.get(draft.id)!.status = "paid";
    const paidEvent = stripeEvent("invoice.paid", { ...fake.invoices.get(draft.id)! });
    expect((await webhook(paidEvent)).statusCode).toBe(200);
    const { rows: after } = await t.db.query<{ status: string }>("SELECT status FROM invoices WHERE external_id = $1", [draft.id]);
    expect(after[0]!.status).toBe("paid");
  });

  it("moves an upgrade's fee up from the next invoice, without prorating the month under way", async () => {
    const { offer, token } = await makeOffer(t, staff, newOffer({ package: "starter" }));
    await paidDeposit(token);
    expect((await deliver(t, staff, offer.id)).statusCode).toBe(200);
    const up = await makeOffer(t, staff, newOffer({ email: offer.email, package: "enterprise" }));
    expect(up.offer).toMatchObject({ kind: "upgrade", fromPackage: "starter" });
    const { session } = await paidDeposit(up.token, false);
    expect(fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!.params).toMatchObject({ customer: session.customer });
    expect((await deliver(t, staff, up.offer.id)).statusCode).toBe(200);
    const update = fake.callsTo("POST", /^\/v1\/subscriptions\/sub_/).at(-1)!.params as Record<string, never>;
    expect(update).toMatchObject({ proration_behavior: "none", items: { 0: { price_data: { unit_amount: String(25_900 + vatOf(25_900, 21)) } } } });
    const companyId = (await offerRow(t, offer.id)).company_id as string;
    const { rows } = await t.db.query<{ plan_id: string }>("SELECT plan_id FROM subscriptions WHERE company_id = $1", [companyId]);
    expect(rows.map((r) => r.plan_id)).toEqual(["enterprise"]);
  });

  it("asks a customer who paid by card for a SEPA Direct Debit mandate in Checkout's setup mode, and makes it the customer's default", async () => {
    const { token } = await makeOffer(t, staff);
    const { session } = await paidDeposit(token, false);
    expect((await publicOf(t, token)).needsMandate).toBe(true);
    const started = await t.app.inject({ method: "POST", url: `/api/offers/${token}/mandate` });
    expect(started.statusCode, started.body).toBe(200);
    expect(fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!.params).toMatchObject({
      mode: "setup",
      customer: session.customer,
      allowed_payment_method_types: { 0: "ideal", 1: "sepa_debit" },
    });
    const setup = fake.completeSetupSession(sessionOf(started.json().checkoutUrl));
    expect((await webhook(stripeEvent("checkout.session.completed", setup.session))).statusCode).toBe(200);
    expect((await publicOf(t, token)).needsMandate).toBe(false);
    expect(fake.customers.get(session.customer as string)).toMatchObject({ invoice_settings: { default_payment_method: setup.intent.payment_method } });
  });
});

describe("extra time on requests through Stripe", () => {
  /** A delivered package whose company used 150 minutes (120 included) and agreed to the 30 past them. */
  async function packageWithAgreedTime(pkg: "starter" | "professional") {
    const { offer, token } = await makeOffer(t, staff, newOffer({ package: pkg }));
    await paidDeposit(token);
    expect((await deliver(t, staff, offer.id)).statusCode).toBe(200);
    const companyId = (await offerRow(t, offer.id)).company_id as string;
    const owner = { id: "", email: "", name: "", headers: await ownerHeaders(companyId) };
    const { id } = await fileAs(t, owner, { kind: "content", subject: "Texts", message: "Two texts to change." });
    await reply(t, staff, id, { message: "Done", minutes: 150 });
    const agreed = await call(t, "POST", "/api/requests/extra-time", owner, { period: calendarMonth().period, minutes: 30 });
    expect(agreed.statusCode, agreed.body).toBe(200);
    return { companyId, requestId: id };
  }

  it("adds the agreed time to the renewal's draft once, also when the event comes twice, and our numbered invoice charges what Stripe does", async () => {
    const { companyId, requestId: id } = await packageWithAgreedTime("professional");
    // Logged afterwards and not agreed to: never invoiced.
    await reply(t, staff, id, { message: "One more", minutes: 20 });

    const { rows } = await t.db.query<{ external_id: string }>("SELECT external_id FROM subscriptions WHERE company_id = $1", [companyId]);
    const start = Math.floor(Date.now() / 1000);
    const fee = 12_900 + vatOf(12_900, 21);
    const draft = fake.draftInvoice(rows[0]!.external_id, { amount: fee, periodStart: start, periodEnd: start + 30 * 86_400, reason: "subscription_cycle" });
    const created = stripeEvent("invoice.created", draft);
    // The first delivery fails after the item was added (Stripe refuses the number): Stripe delivers it again.
    const stopFailing = fake.failRequests(500, "POST", `/v1/invoices/${draft.id}`);
    expect((await webhook(created)).statusCode).toBe(503);
    stopFailing();
    const answers = await Promise.all([webhook(created), webhook(created)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await webhook(created)).json()).toMatchObject({ duplicate: true });

    const extra = 3750 + vatOf(3750, 21);
    const items = fake.callsTo("POST", "/v1/invoiceitems").filter((c) => c.params.invoice === draft.id);
    expect(new Set(items.map((c) => c.headers["idempotency-key"])).size).toBe(1);
    expect(items[0]!.params).toMatchObject({ customer: draft.customer, invoice: draft.id, amount: String(extra), currency: "eur" });
    expect(items[0]!.params.description).toMatch(/^Extra tijd voor verzoeken in .*: 30 minuten boven de inbegrepen tijd$/);
    const atStripe = fake.invoices.get(draft.id)!;
    expect(atStripe.lines!.data.filter((line) => line.object === "line_item")).toHaveLength(1);
    expect(atStripe.total).toBe(fee + extra);

    const { rows: monthly } = await t.db.query<{ number: string; total_cents: number; lines: { netCents: number }[] }>(
      "SELECT number, total_cents, lines FROM invoices WHERE company_id = $1 AND kind = 'monthly'",
      [companyId],
    );
    expect(monthly).toHaveLength(1);
    expect(monthly[0]!.total_cents).toBe(atStripe.total);
    expect(monthly[0]!.lines.map((line) => line.netCents)).toEqual([12_900, 3750]);
    expect(atStripe.number).toBe(monthly[0]!.number);
    const { rows: marked } = await t.db.query<{ invoice_ref: string }>("SELECT invoice_ref FROM request_extra_time WHERE company_id = $1", [companyId]);
    expect(marked).toEqual([{ invoice_ref: draft.id }]);

    // The next renewal has nothing agreed to add: the 20 minutes nobody agreed to stay off it.
    const next = fake.draftInvoice(rows[0]!.external_id, { amount: fee, periodStart: start + 30 * 86_400, periodEnd: start + 61 * 86_400, reason: "subscription_cycle" });
    expect((await webhook(stripeEvent("invoice.created", next))).statusCode).toBe(200);
    expect(fake.callsTo("POST", "/v1/invoiceitems").filter((c) => c.params.invoice === next.id)).toEqual([]);
    expect(fake.invoices.get(next.id)!.total).toBe(fee);
  });

  it("on the Pro plan, adds the time to the renewal's draft net of VAT, for Stripe Tax to add it, and marks the agreement", async () => {
    const customer = await register(t, "en");
    expect((await createCheckout(t, customer, { billingPeriod: "monthly" })).statusCode).toBe(200);
    const sessionId = [...fake.sessions.values()].find((s) => s.client_reference_id === customer.id && s.status === "open")!.id as string;
    const { session, subscription } = fake.completeSession(sessionId, { priceId: "price_monthly", interval: "month" });
    expect((await webhook(stripeEvent("checkout.session.completed", session))).statusCode).toBe(200);
    const owner = { ...customer, name: "" };
    const { id } = await fileAs(t, owner, { kind: "content", subject: "Texts", message: "Many texts to change." });
    await reply(t, staff, id, { message: "Done", minutes: 150 });
    expect((await call(t, "POST", "/api/requests/extra-time", owner, { period: calendarMonth().period, minutes: 30 })).statusCode).toBe(200);

    const start = Math.floor(Date.now() / 1000);
    const draft = fake.draftInvoice(subscription.id as string, { amount: 3_900, periodStart: start, periodEnd: start + 30 * 86_400, reason: "subscription_cycle" });
    const created = stripeEvent("invoice.created", draft);
    expect((await webhook(created)).statusCode).toBe(200);
    expect((await webhook(created)).json()).toMatchObject({ duplicate: true });
    const items = fake.callsTo("POST", "/v1/invoiceitems").filter((c) => c.params.invoice === draft.id);
    expect(items).toHaveLength(1);
    expect(items[0]!.params).toMatchObject({ invoice: draft.id, amount: "3750", currency: "eur", tax_behavior: "exclusive" });
    expect(items[0]!.params.description).toMatch(/^Extra time on requests in .*: 30 minutes past those included$/);
    expect(fake.invoices.get(draft.id)!.total).toBe(3_900 + 3_750);
    const { rows } = await t.db.query<{ invoice_ref: string }>("SELECT invoice_ref FROM request_extra_time WHERE agreed_by = $1", [customer.id]);
    expect(rows).toEqual([{ invoice_ref: draft.id }]);
  });

  it("leaves agreed time for the next renewal when Stripe finalised the draft before the event was handled", async () => {
    const { companyId } = await packageWithAgreedTime("starter");

    const { rows } = await t.db.query<{ external_id: string }>("SELECT external_id FROM subscriptions WHERE company_id = $1", [companyId]);
    const start = Math.floor(Date.now() / 1000);
    const fee = 4_900 + vatOf(4_900, 21);
    const finalised = fake.draftInvoice(rows[0]!.external_id, { amount: fee, periodStart: start, periodEnd: start + 30 * 86_400, reason: "subscription_cycle" });
    // The event still shows the draft; Stripe has finalised it since (it does so about an hour after drafting).
    const event = stripeEvent("invoice.created", { ...finalised });
    fake.invoices.get(finalised.id)!.status = "open";
    expect((await webhook(event)).statusCode).toBe(200);
    expect(fake.callsTo("POST", "/v1/invoiceitems").filter((c) => c.params.invoice === finalised.id)).toEqual([]);
    expect(fake.invoices.get(finalised.id)!.total).toBe(fee);
    const unmarked = await t.db.query<{ invoice_ref: string | null }>("SELECT invoice_ref FROM request_extra_time WHERE company_id = $1", [companyId]);
    expect(unmarked.rows).toEqual([{ invoice_ref: null }]);

    // The next renewal's draft takes it.
    const next = fake.draftInvoice(rows[0]!.external_id, { amount: fee, periodStart: start + 30 * 86_400, periodEnd: start + 61 * 86_400, reason: "subscription_cycle" });
    expect((await webhook(stripeEvent("invoice.created", next))).statusCode).toBe(200);
    expect(fake.callsTo("POST", "/v1/invoiceitems").filter((c) => c.params.invoice === next.id)).toHaveLength(1);
    expect(fake.invoices.get(next.id)!.total).toBe(fee + 3750 + vatOf(3750, 21));
    const marked = await t.db.query<{ invoice_ref: string | null }>("SELECT invoice_ref FROM request_extra_time WHERE company_id = $1", [companyId]);
    expect(marked.rows).toEqual([{ invoice_ref: next.id }]);
  });
});

async function ownerHeaders(companyId: string) {
  const { rows } = await t.db.query<{ user_id: string }>("SELECT user_id FROM company_members WHERE company_id = $1 AND role = 'owner'", [companyId]);
  return { authorization: `Bearer ${await t.app.sessions.create(rows[0]!.user_id)}` };
}
