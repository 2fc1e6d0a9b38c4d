import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckout, localSubscriber, register, SITE, startHarness, stripeSubscriber, type Customer, type Harness } from "../../../support/payments-harness";

/**
 * The billing calls that ask Stripe on every request (cancel and resume among them) are limited per account (BILLING_RATE_LIMIT), and so are the
 * checkouts started and looked up (CHECKOUT_RATE_LIMIT), so one account cannot spend the site's Stripe request
 * budget; and every return address is stored as the browser reads it.
 */
const LIMIT = 3;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BILLING_RATE_LIMIT: String(LIMIT), CHECKOUT_RATE_LIMIT: String(LIMIT) });
}, 180_000);
afterAll(async () => {
  await h?.close();
});

type App = Harness["local"];
const invoices = (app: App, user: Customer) => app.app.inject({ url: "/api/subscriptions/invoices", headers: user.headers });
const portal = (app: App, user: Customer, returnUrl = `${SITE}/dashboard/settings`) =>
  app.app.inject({ method: "POST", url: "/api/subscriptions/portal", headers: user.headers, payload: { returnUrl } });
/** The calls Stripe saw for one customer's invoices and portal sessions. */
const stripeCallsFor = (customer: string) =>
  h.fake.calls.filter((c) => (c.path === "/v1/invoices" || c.path === "/v1/billing_portal/sessions") && c.params.customer === customer).length;

describe("the billing calls that reach Stripe", () => {
  it(`answer ${LIMIT} calls of one account, then 429 request.too_many without asking Stripe; another account is unaffected`, async () => {
    const { user, subscription } = await stripeSubscriber(h);
    const customer = String((subscription as { customer: string }).customer);
    const before = stripeCallsFor(customer);
    expect((await invoices(h.stripe, user)).statusCode).toBe(200);
    expect((await portal(h.stripe, user)).statusCode).toBe(200);
    expect((await invoices(h.stripe, user)).statusCode).toBe(200);
    const over = [await invoices(h.stripe, user), await portal(h.stripe, user)];
    for (const res of over) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: "request.too_many", retryAfter: expect.any(Number) });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(stripeCallsFor(customer) - before).toBeLessThanOrEqual(LIMIT);

    const other = await stripeSubscriber(h);
    const otherCustomer = String((other.subscription as { customer: string }).customer);
    const otherBefore = stripeCallsFor(otherCustomer);
    expect((await invoices(h.stripe, other.user)).statusCode).toBe(200);
    expect(stripeCallsFor(otherCustomer) - otherBefore).toBe(1);
  });
});

describe("cancel and resume, which reach Stripe", () => {
  it(`count with the other billing calls: after ${LIMIT}, 429 request.too_many and Stripe is not asked`, async () => {
    const { user, subscription } = await stripeSubscriber(h);
    const id = String((subscription as { id: string }).id);
    const updates = () => h.fake.callsTo("POST", `/v1/subscriptions/${id}`).length;
    const before = updates();
    const flip = (cancel: boolean) => h.stripe.app.inject({ method: "POST", url: `/api/subscriptions/${cancel ? "cancel" : "resume"}`, headers: user.headers });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await flip(i % 2 === 0));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(answers[3]!.json()).toMatchObject({ code: "request.too_many", retryAfter: expect.any(Number) });
    expect(updates() - before).toBe(LIMIT);
  });
});

describe("the checkouts that reach Stripe", () => {
  const sessionsMade = () => h.fake.callsTo("POST", "/v1/checkout/sessions").length;
  const lookUp = async (user: Customer) => {
    const { rows } = await h.local.db.query<{ external_id: string }>("SELECT external_id FROM checkout_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1", [user.id]);
    return h.stripe.app.inject({ url: `/api/subscriptions/checkouts/${rows[0]!.external_id}`, headers: user.headers });
  };

  it(`start and look up ${LIMIT} times for one account, then 429 request.too_many without a session made; another account is unaffected`, async () => {
    const user = await register(h.stripe);
    const before = sessionsMade();
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    expect((await lookUp(user)).statusCode).toBe(200);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const over = [await createCheckout(h.stripe, user), await lookUp(user)];
    for (const res of over) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: "request.too_many", retryAfter: expect.any(Number) });
    }
    expect(sessionsMade() - before).toBe(2);

    const other = await register(h.stripe);
    expect((await createCheckout(h.stripe, other)).statusCode).toBe(200);
    expect(sessionsMade() - before).toBe(3);
  });
});

describe("return addresses are stored as the browser reads them", () => {
  it("a checkout's cancel and success addresses with backslashes or a tab are stored normalised, on the site", async () => {
    const user = await register(h.local);
    const res = await createCheckout(h.local, user, {
      successUrl: `${SITE}\\evil.example\\dashboard`,
      cancelUrl: "https://agency.exam\tple\\evil.example/subscribe",
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await h.local.db.query<{ success_url: string; cancel_url: string }>("SELECT success_url, cancel_url FROM checkout_sessions WHERE user_id = $1", [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cancel_url).toBe(`${SITE}/evil.example/subscribe`);
    expect(rows[0]!.success_url).toMatch(new RegExp(`^${SITE}/evil\\.example/dashboard\\?checkout=local_`));
    for (const stored of [rows[0]!.cancel_url, rows[0]!.success_url]) {
      expect(stored).not.toMatch(/[\\\t]/);
      expect(new URL(stored).origin).toBe(SITE);
    }
  });

  it.each(["/\\evil.example/", "https:\\\\evil.example/", "https://evil.example\\@agency.example/", "\\\\evil.example/x", "https://agency.example@evil.example/"])(
    "refuses %s, which a browser would take elsewhere",
    async (url) => {
      const user = await register(h.local);
      const res = await createCheckout(h.local, user, { cancelUrl: url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "subscriptions.invalid_redirect", fields: ["cancelUrl"] });
    },
  );

  it("the test portal's way back and what Stripe is sent are normalised too", async () => {
    const { user } = await localSubscriber(h.local);
    const opened = await portal(h.local, user, `${SITE}\\dashboard\\settings`);
    expect(opened.statusCode).toBe(200);
    const { rows } = await h.local.db.query<{ return_url: string }>("SELECT return_url FROM local_portal_sessions WHERE user_id = $1", [user.id]);
    expect(rows.map((r) => r.return_url)).toEqual([`${SITE}/dashboard/settings`]);
    expect((await portal(h.local, user, "/\\evil.example")).statusCode).toBe(400);

    const stripe = await stripeSubscriber(h);
    expect((await portal(h.stripe, stripe.user, `${SITE}\\dashboard`)).statusCode).toBe(200);
    const sent = h.fake.calls.filter((c) => c.path === "/v1/billing_portal/sessions").at(-1)!;
    expect(sent.params.return_url).toBe(`${SITE}/dashboard`);
  });
});
