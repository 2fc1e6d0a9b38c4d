import { Stripe } from "stripe";
import { buildTestApp, type TestApp } from "../../support/helpers";
import { mailText, startSmtp } from "../../support/smtp";
import { startFakeStripe, stripeEvent, type FakeStripe } from "../../support/fake-stripe";
import { createCheckout, current, paymentMails, register, SITE } from "../../support/payments-harness";
import { membershipOf } from "../../../src/teams/repository";

/**
 * The Stripe provider through the official SDK against a fake Stripe HTTP server: hosted and embedded checkout,
 * signed webhooks (duplicates, out-of-order delivery, bad signatures), cancel/resume and the mails they cause.
 */

const WEBHOOK_SECRET = "whsec_test_secret_for_the_fake";
const PRICE_MONTHLY = "price_test_monthly";
const PRICE_YEARLY = "price_test_yearly";

let t: TestApp;
let embeddedApp: TestApp;
let fake: FakeStripe;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

const stripeEnv = (extra: Record<string, string> = {}) => ({
  PUBLIC_URL: SITE,
  SMTP_URL: smtp.url,
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
  STRIPE_PRICE_YEARLY: PRICE_YEARLY,
  STRIPE_API_BASE: fake.url,
  ...extra,
});

beforeAll(async () => {
  smtp = await startSmtp();
  fake = await startFakeStripe();
  t = await buildTestApp({ env: stripeEnv() });
  // Same database (one per file), other checkout flavour.
  embeddedApp = await buildTestApp({
    db: t.db,
    env: stripeEnv({ STRIPE_CHECKOUT: "embedded", STRIPE_PUBLISHABLE_KEY: "pk_test_fake_456" }),
  });
});
afterAll(async () => {
  await embeddedApp?.app.close();
  await t?.close();
  await fake?.close();
  await smtp?.close();
});

function deliver(event: { id: string }, { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret }) : signature;
  return t.app.inject({
    method: "POST",
    url: "/api/subscriptions/webhook",
    headers: { "content-type": "application/json; charset=utf-8", ...(header === null ? {} : { "stripe-signature": header }) },
    payload,
  });
}

async function mailsTo(email: string) {
  await t.app.settle();
  await embeddedApp.app.settle();
  return paymentMails(smtp.mails.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw)));
}

/** A user with a paid hosted checkout, activated through checkout.session.completed. */
async function subscribedUser(language: "nl" | "en" = "en", interval: "month" | "year" = "year") {
  const user = await register(t, language);
  const res = await createCheckout(t, user, { billingPeriod: interval === "year" ? "yearly" : "monthly" });
  expect(res.statusCode).toBe(200);
  const id = [...fake.sessions.values()].find((s) => s.client_reference_id === user.id && s.status === "open")!.id as string;
  const { session, subscription } = fake.completeSession(id, { priceId: interval === "year" ? PRICE_YEARLY : PRICE_MONTHLY, interval });
  const ack = await deliver(stripeEvent("checkout.session.completed", session));
  expect(ack.statusCode).toBe(200);
  return { user, subscription, session };
}

describe("hosted checkout", () => {
  it("creates the company's customer and a hosted_page Checkout Session with the company's and user's ids, and answers {checkoutUrl}", async () => {
    const user = await register(t, "nl");
    const companyId = (await membershipOf(t.db, user.id))!.id;
    const res = await createCheckout(t, user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/) });

    const customerCall = fake.callsTo("POST", "/v1/customers").at(-1)!;
    expect(customerCall.params).toMatchObject({ email: user.email, metadata: { companyId, userId: user.id } });
    expect(customerCall.headers["idempotency-key"]).toBe(`customer-${companyId}`);
    expect(customerCall.headers.authorization).toBe(`Bearer ${fake.secretKey}`);

    const sessionCall = fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!;
    const customerId = [...fake.customers.values()].at(-1)!.id;
    expect(sessionCall.params).toEqual({
      mode: "subscription",
      ui_mode: "hosted_page",
      customer: customerId,
      client_reference_id: user.id,
      line_items: { 0: { price: PRICE_YEARLY, quantity: "1" } },
      metadata: { companyId, userId: user.id, planId: "pro", billingPeriod: "yearly" },
      subscription_data: { metadata: { companyId, userId: user.id, planId: "pro", billingPeriod: "yearly" } },
      locale: "nl",
      // Stripe puts the session's id in place of the template, for the success page to ask about.
      success_url: `${SITE}/dashboard?subscription=success&checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/subscribe?subscription=cancelled`,
      // An invoice a Dutch business can book: its billing address always, its VAT number when it gives one, both
      // saved on the customer. No automatic tax unless STRIPE_AUTOMATIC_TAX=1.
      billing_address_collection: "required",
      tax_id_collection: { enabled: "true" },
      customer_update: { address: "auto", name: "auto" },
    });
  });

  it("reuses the user's Stripe customer for a later checkout", async () => {
    const user = await register(t);
    await createCheckout(t, user, { billingPeriod: "monthly" });
    await createCheckout(t, user, { billingPeriod: "yearly" });
    const created = fake.callsTo("POST", "/v1/customers").filter((c) => (c.params.metadata as { userId: string }).userId === user.id);
    expect(created).toHaveLength(1);
    const sessions = fake.callsTo("POST", "/v1/checkout/sessions").filter((c) => c.params.client_reference_id === user.id);
    expect(sessions.map((c) => (c.params.line_items as Record<string, { price: string }>)[0]!.price)).toEqual([PRICE_MONTHLY, PRICE_YEARLY]);
    expect(new Set(sessions.map((c) => c.params.customer)).size).toBe(1);
  });

  it("refuses the same things as the local provider before calling Stripe", async () => {
    const user = await register(t);
    const before = fake.calls.length;
    expect((await createCheckout(t, user, { planId: "nope" })).statusCode).toBe(400);
    expect((await createCheckout(t, user, { billingPeriod: "daily" })).statusCode).toBe(400);
    expect((await createCheckout(t, user, { successUrl: "https://evil.example/" })).statusCode).toBe(400);
    expect((await createCheckout(t, user, { cancelUrl: "https://evil.example/" })).statusCode).toBe(400);
    expect(fake.calls.length).toBe(before);
  });

  it("refuses a user with an active Stripe subscription with 409", async () => {
    const { user } = await subscribedUser();
    const res = await createCheckout(t, user);
    expect(res.statusCode).toBe(409);
  });
});

describe("embedded checkout", () => {
  it("creates an embedded_page session with return_url and answers {sessionId, clientSecret, publishableKey}", async () => {
    const user = await register(t);
    const res = await createCheckout(embeddedApp, user, { billingPeriod: "monthly" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      clientSecret: `${body.sessionId}_secret_fake`,
      publishableKey: "pk_test_fake_456",
    });
    const call = fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(call.params).toMatchObject({
      ui_mode: "embedded_page",
      return_url: `${SITE}/dashboard?subscription=success&checkout={CHECKOUT_SESSION_ID}`,
      redirect_on_completion: "if_required",
      line_items: { 0: { price: PRICE_MONTHLY, quantity: "1" } },
    });
    // Embedded sessions take no success/cancel URLs; Stripe refuses them.
    expect(call.params).not.toHaveProperty("success_url");
    expect(call.params).not.toHaveProperty("cancel_url");
  });
});

describe("webhooks", () => {
  it("activates on checkout.session.completed, with the period Stripe reports, and mails the start in the user's language", async () => {
    const { user, subscription } = await subscribedUser("nl");
    expect(await current(t, user)).toEqual({
      plan_name: "Pro-abonnement",
      status: "active",
      current_period_end: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
      cancel_at_period_end: false,
      billing_period: "yearly",
      has_access: true,
      payment_issue: null,
      access_until: null,
    });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Je Pro-abonnement is gestart");
    // The amount of Stripe's invoice, VAT included.
    expect(mails[0]).toMatch(/actief: €\s566,28 \(inclusief €\s98,28 btw\) per jaar\./);
  });

  it("does nothing twice for a duplicate delivery of one event", async () => {
    const user = await register(t);
    await createCheckout(t, user);
    const id = [...fake.sessions.values()].find((s) => s.client_reference_id === user.id)!.id as string;
    const { session } = fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year" });
    const event = stripeEvent("checkout.session.completed", session);

    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const fetches = fake.callsTo("GET", /^\/v1\/subscriptions\//).length;

    const second = await deliver(event);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    expect(fake.callsTo("GET", /^\/v1\/subscriptions\//).length).toBe(fetches);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1", [user.id]);
    expect(rows[0]!.n).toBe(1);
  });

  it("queues one mail in the outbox for one event delivered twice at once, and sends it once", async () => {
    const user = await register(t);
    await createCheckout(t, user);
    const id = [...fake.sessions.values()].find((s) => s.client_reference_id === user.id)!.id as string;
    const { session } = fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year" });
    const event = stripeEvent("checkout.session.completed", session);

    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const { rows } = await t.db.query<{ topic: string; key: string; sent: boolean }>(
      "SELECT topic, key, sent_at IS NOT NULL AS sent FROM outbox WHERE channel = 'subscription-mail' AND ref = $1",
      [`user:${user.id}`],
    );
    expect(rows).toEqual([{ topic: "subscription.started", key: expect.stringMatching(/^subscription:[0-9a-f-]+:started$/), sent: true }]);
  });

  it("is safe when an older event arrives after a newer one", async () => {
    const { user, subscription } = await subscribedUser();
    const created = stripeEvent("customer.subscription.created", subscription, subscription.created);
    // The customer cancels in Stripe's portal: Stripe's state and a newer 'updated' event say so.
    subscription.cancel_at_period_end = true;
    const updated = stripeEvent("customer.subscription.updated", subscription, subscription.created + 60);

    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await current(t, user))!.cancel_at_period_end).toBe(true);
    // The older 'created' (cancel_at_period_end false in its snapshot) comes in late: the newer state stays.
    expect((await deliver(created)).statusCode).toBe(200);
    expect((await current(t, user))!.cancel_at_period_end).toBe(true);
  });

  it("does not resurrect a subscription whose 'deleted' overtook 'checkout.session.completed'", async () => {
    const user = await register(t);
    await createCheckout(t, user);
    const id = [...fake.sessions.values()].find((s) => s.client_reference_id === user.id)!.id as string;
    const { session, subscription } = fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year" });
    const completed = stripeEvent("checkout.session.completed", session);
    Object.assign(subscription, { status: "canceled", ended_at: Math.floor(Date.now() / 1000) });
    const deleted = stripeEvent("customer.subscription.deleted", subscription, completed.created + 5);

    expect((await deliver(deleted)).statusCode).toBe(200);
    expect((await deliver(completed)).statusCode).toBe(200);
    expect(await current(t, user)).toBeNull();
    const { rows } = await t.db.query<{ status: string }>("SELECT status FROM subscriptions WHERE user_id = $1", [user.id]);
    expect(rows).toEqual([{ status: "canceled" }]);
  });

  it("asks Stripe outside any transaction: while Stripe is slow, other requests get their answers", async () => {
    const user = await register(t);
    await createCheckout(t, user);
    const id = [...fake.sessions.values()].find((s) => s.client_reference_id === user.id)!.id as string;
    const { session } = fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year" });
    const slow = fake.holdNextRead();
    const delivery = deliver(stripeEvent("checkout.session.completed", session));
    await slow.reached;
    // Stripe has not answered the webhook's read yet; the user's own check (a database query) is answered anyway.
    const check = await Promise.race([
      t.app.inject({ url: "/api/subscriptions/current", headers: user.headers }).then((res) => res.json() as unknown),
      new Promise((resolve) => setTimeout(() => resolve("stalled"), 5000)),
    ]);
    slow.release();
    expect(check).toEqual({ subscription: null });
    expect((await delivery).statusCode).toBe(200);
    expect((await current(t, user))!.status).toBe("active");
  });

  it("fetches again when a newer write overtook its read from Stripe, so the older state is never written", async () => {
    const { user, subscription } = await subscribedUser();
    const slow = fake.holdNextRead();
    // This delivery reads the state before the cancellation, and Stripe is slow to answer it.
    const early = deliver(stripeEvent("customer.subscription.updated", subscription));
    await slow.reached;
    subscription.cancel_at_period_end = true;
    expect((await deliver(stripeEvent("customer.subscription.updated", subscription))).statusCode).toBe(200);
    expect((await current(t, user))!.cancel_at_period_end).toBe(true);
    const reads = fake.callsTo("GET", `/v1/subscriptions/${subscription.id}`).length;
    slow.release();
    expect((await early).statusCode).toBe(200);
    expect((await current(t, user))!.cancel_at_period_end).toBe(true);
    expect(fake.callsTo("GET", `/v1/subscriptions/${subscription.id}`).length).toBe(reads + 1);
  });

  it("refuses a bad, missing or wrongly keyed signature with 400 {error} and records nothing", async () => {
    const user = await register(t);
    await createCheckout(t, user);
    const id = [...fake.sessions.values()].find((s) => s.client_reference_id === user.id)!.id as string;
    const { session } = fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year" });
    const event = stripeEvent("checkout.session.completed", session);

    const wrongSecret = await deliver(event, { secret: "whsec_someone_else" });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ error: "Invalid webhook signature", code: "payments.signature_invalid" });

    const garbage = await deliver(event, { signature: "t=1,v1=deadbeef" });
    expect(garbage.statusCode).toBe(400);

    const missing = await deliver(event, { signature: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "Missing Stripe-Signature header", code: "payments.signature_missing" });

    // A valid signature over different bytes: the raw body is what is verified, not a re-serialisation.
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions/webhook",
      headers: { "content-type": "application/json", "stripe-signature": header },
      payload: payload.replace('"livemode":false', '"livemode": false'),
    });
    expect(tampered.statusCode).toBe(400);

    expect(await current(t, user)).toBeNull();
    const { rows } = await t.db.query("SELECT 1 FROM payment_events WHERE id = $1", [event.id]);
    expect(rows).toHaveLength(0);
    // The same event, correctly signed, still works afterwards.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await current(t, user))!.status).toBe("active");
  });

  it("marks past due on invoice.payment_failed and mails once per episode, in the user's language", async () => {
    const { user, subscription } = await subscribedUser("en", "month");
    subscription.status = "past_due";
    const invoice = {
      id: "in_test_1",
      object: "invoice",
      customer: subscription.customer,
      // The renewal's invoice with 21 % VAT: what is owed, and what the mail must say.
      total: 5_929,
      total_excluding_tax: 4_900,
      currency: "eur",
      billing_reason: "subscription_cycle",
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: {} } },
    };
    expect((await deliver(stripeEvent("invoice.payment_failed", invoice))).statusCode).toBe(200);
    expect((await current(t, user))!.status).toBe("past_due");
    // Stripe retries the charge; another failure while still past due sends no second mail.
    expect((await deliver(stripeEvent("invoice.payment_failed", { ...invoice, id: "in_test_2" }))).statusCode).toBe(200);
    expect((await deliver(stripeEvent("customer.subscription.updated", subscription))).statusCode).toBe(200);

    // Mails go out after their transactions commit, concurrently: compare them as a set.
    const mails = await mailsTo(user.email);
    const subject = (m: string) => /^Subject: (.*)$/m.exec(m)?.[1];
    expect(mails.map(subject).sort()).toEqual([
      "Payment failed for your Pro Plan subscription",
      "Your Pro Plan subscription has started",
    ]);
    expect(mails.find((m) => subject(m)?.startsWith("Payment failed"))).toContain("the payment of €59.29 (including €10.29 VAT) for your Pro Plan subscription");

    // A past-due customer must fix the payment, not buy a second subscription.
    expect((await createCheckout(t, user)).statusCode).toBe(409);
  });

  it("mails a renewal Stripe collected once, with what its invoice charged", async () => {
    const { user, subscription } = await subscribedUser("nl");
    const invoice = fake.renew(subscription.id, { amount: 56_628 });
    const paid = stripeEvent("invoice.paid", invoice);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(stripeEvent("invoice.paid", invoice))).statusCode).toBe(200);
    const mails = await mailsTo(user.email);
    const renewed = mails.filter((m) => m.includes("Subject: Je Pro-abonnement is verlengd"));
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatch(/We hebben daarvoor €\s566,28 \(inclusief €\s98,28 btw\) afgeschreven\./);
    expect(renewed[0]).toContain(`/billing?lang=nl`);
  });

  it("ends on customer.subscription.deleted and mails the end", async () => {
    const { user, subscription } = await subscribedUser("nl");
    Object.assign(subscription, { status: "canceled", ended_at: Math.floor(Date.now() / 1000) });
    expect((await deliver(stripeEvent("customer.subscription.deleted", subscription))).statusCode).toBe(200);
    expect(await current(t, user)).toBeNull();
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.includes("Je Pro-abonnement is be"))).toBe(true);
  });

  it("acknowledges event types it does not handle", async () => {
    const res = await deliver(stripeEvent("customer.created", { id: "cus_other", object: "customer" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it("also works under the preview base", async () => {
    const event = stripeEvent("customer.created", { id: "cus_other", object: "customer" });
    const payload = JSON.stringify(event);
    const res = await t.app.inject({
      method: "POST",
      url: "/preview/abc/def/api/subscriptions/webhook",
      headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("cancel and resume (Stripe provider)", () => {
  it("sets and clears cancel_at_period_end through Stripe and answers the updated subscription", async () => {
    const { user, subscription } = await subscribedUser();
    const cancel = await t.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: user.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscription).toMatchObject({ status: "active", cancel_at_period_end: true });
    const update = fake.callsTo("POST", `/v1/subscriptions/${subscription.id}`);
    expect(update.map((c) => c.params)).toEqual([{ cancel_at_period_end: "true" }]);
    expect(subscription.cancel_at_period_end).toBe(true);

    // Stripe's own 'updated' event for that change is harmless.
    expect((await deliver(stripeEvent("customer.subscription.updated", subscription))).statusCode).toBe(200);
    expect((await current(t, user))!.cancel_at_period_end).toBe(true);

    const resume = await t.app.inject({ method: "POST", url: "/api/subscriptions/resume", headers: user.headers });
    expect(resume.statusCode).toBe(200);
    expect(resume.json().subscription).toMatchObject({ status: "active", cancel_at_period_end: false });
    expect(fake.callsTo("POST", `/v1/subscriptions/${subscription.id}`).map((c) => c.params)).toEqual([
      { cancel_at_period_end: "true" },
      { cancel_at_period_end: "false" },
    ]);
    expect(subscription.cancel_at_period_end).toBe(false);
  });

  it("answers 404 to cancel without a subscription, without calling Stripe", async () => {
    const user = await register(t);
    const before = fake.calls.length;
    const res = await t.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: user.headers });
    expect(res.statusCode).toBe(404);
    expect(fake.calls.length).toBe(before);
  });
});
