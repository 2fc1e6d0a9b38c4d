import { Stripe } from "stripe";
import { buildTestApp, linkToken, nextIp, outboxMailsTo, quoteRequest, type TestApp } from "../../../support/helpers";
import { startFakeStripe, stripeEvent, type FakeStripe } from "../../../support/fake-stripe";

/**
 * Self-service on one's own data: the export of everything held about the signed-in user, and the deletion of the
 * account (password confirmation, the subscription cancelled with its provider first, sessions and quote requests
 * gone), with the local test provider and with Stripe (the fake Stripe server). Quote requests are matched by e-mail
 * address, so they belong to an account only once its address is verified.
 */

const SITE = "https://agency.example";
const WEBHOOK_SECRET = "whsec_account_test";
const PRICE_MONTHLY = "price_account_monthly";
const PRICE_YEARLY = "price_account_yearly";

let t: TestApp;
let stripeApp: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ env: { PUBLIC_URL: SITE, LOGIN_RATE_LIMIT_ACCOUNT: "3" } });
  stripeApp = await buildTestApp({
    db: t.db,
    env: {
      PUBLIC_URL: SITE,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
      STRIPE_PRICE_YEARLY: PRICE_YEARLY,
      STRIPE_API_BASE: fake.url,
    },
  });
});
afterAll(async () => {
  await stripeApp?.app.close();
  await t?.close();
  await fake?.close();
});

const PASSWORD = "secret1-pass";
let seq = 0;
async function register(language: "nl" | "en" = "en") {
  const email = `owner${++seq}-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: `Noor ${seq}`, email, password: PASSWORD, language },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { token: string; user: { id: string } };
  return { email, id: body.user.id, headers: { authorization: `Bearer ${body.token}` } };
}
type User = Awaited<ReturnType<typeof register>>;

/** Follows the verification link the sign-up mailed (development outbox), as the owner of the mailbox does. */
async function verify(user: User): Promise<void> {
  await t.app.settle();
  const token = linkToken(outboxMailsTo(t.dataDir, user.email), "verify-email");
  expect(token, `a verification link mailed to ${user.email}`).toBeDefined();
  const res = await t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token }, remoteAddress: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
}

const checkoutBody = {
  planId: "pro",
  billingPeriod: "yearly",
  successUrl: `${SITE}/dashboard?subscription=success`,
  cancelUrl: `${SITE}/subscribe?subscription=cancelled`,
};

/** A user with an active local test subscription, paid on the test checkout page. */
async function subscribedLocally(language: "nl" | "en" = "en") {
  const user = await register(language);
  const created = await t.app.inject({ method: "POST", url: "/api/subscriptions/create-checkout", headers: user.headers, payload: checkoutBody });
  const path = new URL((created.json() as { checkoutUrl: string }).checkoutUrl).pathname;
  const paid = await t.app.inject({ method: "POST", url: `${path}/pay`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "" });
  expect(paid.statusCode).toBe(303);
  return user;
}

/** A user with a Stripe subscription (active unless asked otherwise), recorded through checkout.session.completed. */
async function subscribedWithStripe(status = "active") {
  const user = await register();
  const created = await stripeApp.app.inject({ method: "POST", url: "/api/subscriptions/create-checkout", headers: user.headers, payload: checkoutBody });
  expect(created.statusCode).toBe(200);
  const id = [...fake.sessions.values()].find((s) => s.client_reference_id === user.id && s.status === "open")!.id as string;
  const { session, subscription } = fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year", status });
  const payload = JSON.stringify(stripeEvent("checkout.session.completed", session));
  const ack = await stripeApp.app.inject({
    method: "POST",
    url: "/api/subscriptions/webhook",
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    payload,
  });
  expect(ack.statusCode).toBe(200);
  return { user, subscription };
}

function sendQuote(email: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/contact",
    remoteAddress: nextIp(),
    payload: quoteRequest({ name: "Noor de Boer", email, message: "A new site for the bakery", ...extra }),
  });
}

function recordConsent(consentId: string, analytics: boolean, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/consent",
    remoteAddress: nextIp(),
    headers,
    payload: { id: consentId, necessary: true, analytics, marketing: false, version: 1, timestamp: new Date().toISOString(), ...extra },
  });
}

const exportData = (user: User, query = "", app = t.app) => app.inject({ url: `/api/account/export${query}`, headers: user.headers });
const deleteAccount = (user: User, password: string, app = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: "DELETE", url: "/api/account", headers: { ...user.headers, ...headers }, payload: { password } });

async function countRows(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return rows[0]!.n;
}

describe("GET /api/account/export", () => {
  it("needs a session", async () => {
    const res = await t.app.inject({ url: "/api/account/export" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("auth.required");
  });

  it("answers everything held about the user as a JSON file that is never cached", async () => {
    const user = await subscribedLocally("nl");
    await verify(user);
    expect((await sendQuote(user.email.toUpperCase())).statusCode).toBe(200);
    expect((await sendQuote(`someone-else-${Date.now()}@example.com`, { message: "Not theirs" })).statusCode).toBe(200);
    const consentId = crypto.randomUUID();
    expect((await recordConsent(consentId, true)).statusCode).toBe(200);
    expect((await recordConsent(consentId, false)).statusCode).toBe(200);
    expect((await recordConsent(crypto.randomUUID(), true)).statusCode).toBe(200);

    const res = await exportData(user, `?consentId=${consentId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers["cache-control"]).toBe("no-store");

    const data = res.json();
    expect(data.account).toEqual({
      id: user.id,
      email: user.email,
      email_verified: true,
      name: expect.stringMatching(/^Noor /),
      language: "nl",
      created_at: expect.any(String),
    });
    expect(data.quote_requests_note).toBeNull();
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ plan_id: "pro", provider: "local", status: "active", billing_period: "yearly", cancel_at_period_end: false, started_at: expect.any(String), ended_at: null }),
    ]);
    expect(data.checkouts).toEqual([expect.objectContaining({ provider: "local", plan_id: "pro", status: "paid", completed_at: expect.any(String) })]);
    expect(data.checkouts[0]).not.toHaveProperty("id");
    expect(data.quote_requests).toHaveLength(1);
    expect(data.quote_requests[0]).toMatchObject({ email: user.email, message: "A new site for the bakery", phone: "06 12345678" });
    expect(data.quote_requests[0]).not.toHaveProperty("ip_hash");
    expect(data.consent_records.map((c: { analytics: boolean }) => c.analytics)).toEqual([true, false]);
    expect(data.consent_records.every((c: { consent_id: string }) => c.consent_id === consentId)).toBe(true);
    expect(data.consent_records[0]).not.toHaveProperty("ip_hash");
  });

  it("records whether Global Privacy Control was present: from the banner's reading or the browser's Sec-GPC header", async () => {
    const user = await subscribedLocally("en");
    const consentId = crypto.randomUUID();
    expect((await recordConsent(consentId, true)).statusCode).toBe(200);
    expect((await recordConsent(consentId, true, { gpc: true })).statusCode).toBe(200);
    expect((await recordConsent(consentId, true, {}, { "sec-gpc": "1" })).statusCode).toBe(200);
    // A visitor cannot claim the absence of a signal their browser sent.
    expect((await recordConsent(consentId, true, { gpc: false }, { "sec-gpc": "1" })).statusCode).toBe(200);
    const data = (await exportData(user, `?consentId=${consentId}`)).json();
    expect(data.consent_records.map((c: { gpc: boolean }) => c.gpc)).toEqual([false, true, true, true]);
  });

  it("leaves consent records out without the browser's consent id, and refuses an id that is not a uuid", async () => {
    const user = await register();
    const res = await exportData(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscriptions: [], payment_customers: [], checkouts: [], quote_requests: [], consent_records: [], withdrawals: [] });
    const bad = await exportData(user, "?consentId=everyone");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "request.invalid", fields: ["consentId"] });
  });

  it("includes the account's statements of withdrawal with what became of them", async () => {
    const user = await subscribedLocally("en");
    const statement = { name: "Noor de Boer", email: user.email, reference: "2026-0001", language: "en" };
    const sent = await t.app.inject({ method: "POST", url: "/api/withdrawals", headers: user.headers, remoteAddress: nextIp(), payload: statement });
    expect(sent.statusCode).toBe(200);
    await t.app.settle();
    const data = (await exportData(user)).json();
    expect(data.withdrawals).toEqual([
      expect.objectContaining({
        ...statement,
        received_at: sent.json().received_at,
        signed_in: true,
        within_period: true,
        outcome: "withdrawn",
        refund: expect.objectContaining({ currency: "EUR" }),
        executed_at: expect.any(String),
        undone_at: null,
      }),
    ]);
    expect(data.withdrawals[0].refund.amount).toBeGreaterThan(0);
    expect(data.withdrawals[0]).not.toHaveProperty("last_error");
  });

  it("includes the Stripe customer of a Stripe subscriber", async () => {
    const { user } = await subscribedWithStripe();
    const data = (await exportData(user, "", stripeApp.app)).json();
    expect(data.payment_customers).toEqual([{ provider: "stripe", customer_id: expect.stringMatching(/^cus_/), created_at: expect.any(String) }]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ provider: "stripe", status: "active" })]);
  });
});

describe("quote requests of an address that is not verified", () => {
  it("are neither shown to nor erased by whoever signs up with that address", async () => {
    // The victim sends a quote request; a stranger registers the victim's address with any password.
    const victim = `victim-${Date.now()}@example.com`;
    expect((await sendQuote(victim, { name: "Vera Victim", phone: "06 99887766", message: "Private plans" })).statusCode).toBe(200);
    const squat = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Stranger", email: victim, password: "any-password-9", language: "en" },
      remoteAddress: nextIp(),
    });
    expect(squat.statusCode).toBe(201);
    expect(squat.json().user).toMatchObject({ email: victim, email_verified: false });
    const headers = { authorization: `Bearer ${squat.json().token as string}` };

    const exported = await t.app.inject({ url: "/api/account/export", headers });
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data.account).toMatchObject({ email: victim, email_verified: false });
    expect(data.quote_requests).toEqual([]);
    expect(data.quote_requests_note).toMatch(/not verified/);
    expect(JSON.stringify(data)).not.toMatch(/Vera Victim|06 99887766|Private plans/);
    // In the request's language.
    const nl = await t.app.inject({ url: "/api/account/export", headers: { ...headers, "accept-language": "nl" } });
    expect(nl.json().quote_requests_note).toMatch(/niet bevestigd/);

    const deleted = await t.app.inject({ method: "DELETE", url: "/api/account", headers, payload: { password: "any-password-9" } });
    expect(deleted.statusCode).toBe(200);
    // The agency's lead is still there.
    expect(await countRows("contact_requests WHERE email = $1", [victim])).toBe(1);
  });
});

describe("DELETE /api/account", () => {
  it("needs a session", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/account", payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a wrong password with 400 in the request's language, and keeps everything", async () => {
    const user = await register();
    const res = await deleteAccount(user, "not-my-password", t.app, { "accept-language": "nl" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Het wachtwoord klopt niet.", code: "account.wrong_password", fields: ["password"] });
    expect((await t.app.inject({ url: "/api/auth/me", headers: user.headers })).statusCode).toBe(200);
  });

  it("limits wrong passwords per account (429), like logins", async () => {
    const user = await register();
    for (let i = 0; i < 3; i++) expect((await deleteAccount(user, `wrong-${i}`)).statusCode).toBe(400);
    const res = await deleteAccount(user, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: "account.too_many_attempts", retryAfter: expect.any(Number) });
    expect((await t.app.inject({ url: "/api/auth/me", headers: user.headers })).statusCode).toBe(200);
  });

  it("erases the account, every session, its subscription, its mails and its verified e-mail's quote requests", async () => {
    const user = await subscribedLocally();
    await verify(user);
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: PASSWORD }, remoteAddress: nextIp() });
    const otherSession = { authorization: `Bearer ${login.json().token}` };
    expect((await sendQuote(user.email)).statusCode).toBe(200);
    const stranger = `stranger-${Date.now()}@example.com`;
    expect((await sendQuote(stranger)).statusCode).toBe(200);

    const res = await deleteAccount(user, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Your account has been deleted." });

    for (const headers of [user.headers, otherSession]) {
      expect((await t.app.inject({ url: "/api/auth/me", headers })).statusCode).toBe(401);
    }
    const relogin = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: PASSWORD }, remoteAddress: nextIp() });
    expect(relogin.statusCode).toBe(400);
    expect(await countRows("users WHERE id = $1", [user.id])).toBe(0);
    expect(await countRows("sessions WHERE user_id = $1", [user.id])).toBe(0);
    expect(await countRows("subscriptions WHERE user_id = $1", [user.id])).toBe(0);
    expect(await countRows("checkout_sessions WHERE user_id = $1", [user.id])).toBe(0);
    expect(await countRows("contact_requests WHERE email = $1", [user.email])).toBe(0);
    expect(await countRows("contact_requests WHERE email = $1", [stranger])).toBe(1);
    expect(await countRows("outbox WHERE ref = $1", [`user:${user.id}`])).toBe(0);
    // The address is free again.
    const again = await t.app.inject({ method: "POST", url: "/api/auth/register", payload: { name: "Noor", email: user.email, password: PASSWORD }, remoteAddress: nextIp() });
    expect(again.statusCode).toBe(201);
  });

  it("cancels a Stripe subscription at Stripe before erasing the account", async () => {
    const { user, subscription } = await subscribedWithStripe();
    const res = await deleteAccount(user, PASSWORD, stripeApp.app);
    expect(res.statusCode).toBe(200);
    expect(fake.callsTo("DELETE", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
    expect(await countRows("users WHERE id = $1", [user.id])).toBe(0);
  });

  it("also cancels a Stripe subscription whose first payment is still incomplete", async () => {
    const { user, subscription } = await subscribedWithStripe("incomplete");
    expect(await countRows("subscriptions WHERE user_id = $1 AND status = 'incomplete'", [user.id])).toBe(1);
    expect((await deleteAccount(user, PASSWORD, stripeApp.app)).statusCode).toBe(200);
    expect(fake.callsTo("DELETE", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
  });

  it("keeps the account when Stripe cannot cancel the subscription: 503, nothing deleted", async () => {
    const { user, subscription } = await subscribedWithStripe();
    fake.failCancel = true;
    try {
      const res = await deleteAccount(user, PASSWORD, stripeApp.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: "account.cancel_failed" });
    } finally {
      fake.failCancel = false;
    }
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("active");
    expect((await stripeApp.app.inject({ url: "/api/auth/me", headers: user.headers })).statusCode).toBe(200);
    expect(await countRows("subscriptions WHERE user_id = $1 AND status = 'active'", [user.id])).toBe(1);
    // Once Stripe answers again, the deletion goes through.
    expect((await deleteAccount(user, PASSWORD, stripeApp.app)).statusCode).toBe(200);
  });

  it("deletes the account when Stripe no longer has the subscription (deleted there): nothing left to cancel", async () => {
    const { user, subscription } = await subscribedWithStripe();
    fake.subscriptions.delete(subscription.id);
    const res = await deleteAccount(user, PASSWORD, stripeApp.app);
    expect(res.statusCode).toBe(200);
    expect(fake.callsTo("DELETE", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(await countRows("users WHERE id = $1", [user.id])).toBe(0);
  });

  it("keeps the account when the subscription's provider is not configured on this server: 503", async () => {
    const { user } = await subscribedWithStripe();
    const res = await deleteAccount(user, PASSWORD, t.app);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("account.cancel_failed");
    expect(await countRows("users WHERE id = $1", [user.id])).toBe(1);
  });

  it("deletes an account whose subscription has already ended without asking any provider", async () => {
    const user = await subscribedLocally();
    await t.db.query("UPDATE subscriptions SET status = 'canceled', ended_at = now() WHERE user_id = $1", [user.id]);
    const before = fake.calls.length;
    expect((await deleteAccount(user, PASSWORD)).statusCode).toBe(200);
    expect(fake.calls.length).toBe(before);
    expect(await countRows("users WHERE id = $1", [user.id])).toBe(0);
  });
});

describe("OpenAPI document", () => {
  it("documents both calls", async () => {
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths["/api/account/export"])).toEqual(["get"]);
    expect(Object.keys(doc.paths["/api/account"])).toEqual(["delete"]);
    expect(Object.keys(doc.paths["/api/account"].delete.responses).sort()).toEqual(["200", "400", "401", "409", "413", "415", "429", "503"]);
  });
});
