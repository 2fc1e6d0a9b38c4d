import { randomUUID } from "node:crypto";
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { createStripeClient } from "../../../src/payments/stripe/client";
import { stripePaymentPage } from "../../../src/payments/stripe/payment-page";
import { ProviderError } from "../../../src/payments/provider-error";
import type { SubscriptionRow } from "../../../src/payments/subscriptions-repository";
import { stripeEvent } from "../../support/fake-stripe";
import {
  createCheckout,
  current,
  deliver,
  mailsTo,
  openStripeSession,
  PRICE_MONTHLY,
  register,
  SITE,
  startHarness,
  stripeSubscriber,
  subjectOf,
  type Customer,
  type Harness,
} from "../../support/payments-harness";

/**
 * Stripe, the Dutch way: Checkout offers the payment methods of the Dashboard's configuration (iDEAL | Wero setting up
 * SEPA Direct Debit, cards); payments whose result arrives later (checkout.session.async_payment_succeeded/failed);
 * renewals that are paid, fail or need the customer's confirmation (invoice.paid, invoice.payment_failed,
 * invoice.payment_action_required), each signed and idempotent by event id; and the page the notice leads to.
 */

const PMC = "pmc_test_dutch_methods";
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ STRIPE_PAYMENT_METHOD_CONFIGURATION: PMC });
});
afterAll(async () => {
  await h?.close();
});

type Current = { status: string; has_access?: boolean; payment_issue?: string | null; access_until?: string | null } | null;
const now = async (user: Customer) => (await current(h.stripe, user)) as Current;
const pay = (user: Customer) =>
  h.stripe.app.inject({ method: "POST", url: "/api/subscriptions/pay", headers: user.headers, payload: { returnUrl: `${SITE}/dashboard/settings` } });
const checkoutRow = async (sessionId: string) =>
  (await h.stripe.db.query<{ status: string }>("SELECT status FROM checkout_sessions WHERE external_id = $1", [sessionId])).rows[0]?.status;
const invoiceEvent = (type: string, invoice: { id: string; customer: string }, subscriptionId: string) =>
  stripeEvent(type, { ...invoice, object: "invoice", parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: {} } } });

describe("Checkout's payment methods", () => {
  it("creates the subscription-mode session with the Dashboard's payment method configuration (iDEAL | Wero, SEPA, cards)", async () => {
    const user = await register(h.stripe, "nl");
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const params = h.fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!.params;
    expect(params).toMatchObject({ mode: "subscription", ui_mode: "hosted_page", payment_method_configuration: PMC, locale: "nl" });
    // The methods come from the configuration, never a hard-coded list that would hide the Dashboard's choice.
    expect(params.payment_method_types).toBeUndefined();
  });
});

describe("payments whose result arrives later (SEPA Direct Debit)", () => {
  async function unpaidCompletion(status = "active") {
    const user = await register(h.stripe, "en");
    expect((await createCheckout(h.stripe, user, { billingPeriod: "monthly" })).statusCode).toBe(200);
    const id = openStripeSession(h, user);
    const { session, subscription } = h.fake.completeSession(id, { priceId: PRICE_MONTHLY, interval: "month", status });
    const unpaid = { ...session, id: session.id as string, payment_status: "unpaid" };
    expect((await deliver(h, stripeEvent("checkout.session.completed", unpaid))).statusCode).toBe(200);
    return { user, session: unpaid, subscription };
  }

  it("async_payment_succeeded: the checkout counts as paid only now, once, however often the event comes", async () => {
    const { user, session, subscription } = await unpaidCompletion("incomplete");
    expect(await checkoutRow(session.id)).toBe("open");
    expect(await now(user)).toMatchObject({ status: "incomplete", has_access: false, payment_issue: "failed" });

    subscription.status = "active";
    const event = stripeEvent("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" });
    const answers = await Promise.all([deliver(h, event), deliver(h, event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await deliver(h, event)).json()).toEqual({ received: true, duplicate: true });
    expect(await checkoutRow(session.id)).toBe("paid");
    expect(await now(user)).toMatchObject({ status: "active", has_access: true, payment_issue: null });
    expect((await mailsTo(h, user.email)).map(subjectOf)).toEqual(["Your Pro Plan subscription has started"]);
  });

  it("async_payment_failed: the payment needs the customer, the checkout stays unpaid, one mail links to the pay page", async () => {
    const { user, session, subscription } = await unpaidCompletion();
    const invoice = h.fake.failRenewal(subscription.id);
    const event = stripeEvent("checkout.session.async_payment_failed", { ...session, invoice: invoice.id });
    expect((await deliver(h, event)).statusCode).toBe(200);
    expect((await deliver(h, event)).json()).toEqual({ received: true, duplicate: true });
    expect(await checkoutRow(session.id)).toBe("open");
    expect(await now(user)).toMatchObject({ status: "past_due", has_access: true, payment_issue: "failed" });
    const failed = (await mailsTo(h, user.email)).filter((m) => subjectOf(m).startsWith("Payment failed"));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(`${SITE}/billing?pay=1`);
    const page = await pay(user);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ url: invoice.hosted_invoice_url });
  });
});

describe("renewals: invoice.paid, invoice.payment_failed, invoice.payment_action_required", () => {
  it("a failed renewal: past due within the grace period, Stripe's invoice page to pay it, and invoice.paid ends it", async () => {
    const { user, subscription } = await stripeSubscriber(h, "en");
    const invoice = h.fake.failRenewal(subscription.id);
    const failed = invoiceEvent("invoice.payment_failed", invoice, subscription.id);
    const before = Date.now();
    expect((await deliver(h, failed)).statusCode).toBe(200);
    const owed = await now(user);
    expect(owed).toMatchObject({ status: "past_due", has_access: true, payment_issue: "failed" });
    expect(new Date(owed!.access_until!).getTime() - before).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const { rows } = await h.stripe.db.query("SELECT payment_issue_invoice FROM subscriptions WHERE external_id = $1", [subscription.id]);
    expect(rows).toEqual([{ payment_issue_invoice: invoice.id }]);
    expect((await pay(user)).json()).toEqual({ url: invoice.hosted_invoice_url });

    // Stripe retries: another failure of the same episode neither mails again nor moves the grace period.
    const retry = invoiceEvent("invoice.payment_failed", invoice, subscription.id);
    expect((await deliver(h, retry)).statusCode).toBe(200);
    expect((await now(user))!.access_until).toBe(owed!.access_until);

    invoice.status = "paid";
    subscription.status = "active";
    const paid = invoiceEvent("invoice.paid", invoice, subscription.id);
    await Promise.all([deliver(h, paid), deliver(h, paid)]);
    expect(await now(user)).toMatchObject({ status: "active", has_access: true, payment_issue: null, access_until: null });
    expect((await pay(user)).statusCode).toBe(404);
    // A late delivery of the failure (Stripe does not promise order) does not bring the notice back.
    expect((await deliver(h, invoiceEvent("invoice.payment_failed", invoice, subscription.id))).statusCode).toBe(200);
    expect(await now(user)).toMatchObject({ status: "active", payment_issue: null });

    const subjects = (await mailsTo(h, user.email)).map(subjectOf);
    expect(subjects.filter((s) => s.startsWith("Payment failed"))).toHaveLength(1);
  });

  it("a renewal the bank wants confirmed (3-D Secure) asks to confirm, in the customer's language", async () => {
    const { user, subscription } = await stripeSubscriber(h, "nl");
    const invoice = h.fake.failRenewal(subscription.id);
    const event = invoiceEvent("invoice.payment_action_required", invoice, subscription.id);
    expect((await deliver(h, event)).statusCode).toBe(200);
    expect((await deliver(h, event)).json()).toEqual({ received: true, duplicate: true });
    expect(await now(user)).toMatchObject({ status: "past_due", has_access: true, payment_issue: "requires_action" });
    const mails = (await mailsTo(h, user.email)).filter((m) => subjectOf(m).includes("bevestig"));
    expect(mails).toHaveLength(1);
    expect((await pay(user)).json()).toEqual({ url: invoice.hosted_invoice_url });
  });

  it("answers 502 payments.unavailable, not Stripe's 401, when Stripe refuses the key while opening the pay page", async () => {
    const { user, subscription } = await stripeSubscriber(h, "en");
    const invoice = h.fake.failRenewal(subscription.id);
    await deliver(h, invoiceEvent("invoice.payment_failed", invoice, subscription.id));
    const restore = h.fake.failRequests(401, "GET", /^\/v1\/invoices\//);
    try {
      const res = await pay(user);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe("payments.unavailable");
    } finally {
      restore();
    }
  });

  it("an invoice event whose Stripe read fails is not recorded, so Stripe's redelivery is handled", async () => {
    const { user, subscription } = await stripeSubscriber(h, "en");
    const invoice = h.fake.failRenewal(subscription.id);
    const event = invoiceEvent("invoice.payment_failed", invoice, subscription.id);
    const restore = h.fake.failRequests(500, "GET", /^\/v1\/invoices\//);
    try {
      expect((await deliver(h, event)).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      restore();
    }
    expect((await now(user))!.payment_issue).toBeNull();
    expect((await deliver(h, event)).statusCode).toBe(200);
    expect((await now(user))!.payment_issue).toBe("failed");
  });

  it("gives up on a Stripe that never answers while opening the pay page: 503 payments.unavailable, within seconds", async () => {
    const { user, subscription } = await stripeSubscriber(h, "en");
    const invoice = h.fake.failRenewal(subscription.id);
    await deliver(h, invoiceEvent("invoice.payment_failed", invoice, subscription.id));
    const { rows } = await h.stripe.db.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE external_id = $1", [subscription.id]);
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const settings = { ...h.stripe.app.config.stripe, apiBase: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` };
    const ctx = { db: h.stripe.db, settings, log: h.stripe.app.log, publicUrl: SITE, stripe: createStripeClient(settings, 300) };
    const started = Date.now();
    try {
      const input = { user: { id: user.id, email: user.email, name: "Noor" }, company: { id: rows[0]!.company_id }, returnUrl: `${SITE}/dashboard/settings`, locale: "en" as const, apiBaseUrl: `${SITE}/api`, sessionId: randomUUID() };
      const error = await stripePaymentPage(ctx, rows[0]!, input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
