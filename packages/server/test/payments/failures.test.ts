import { errorText } from "@agency/contract";
import { i18nFor } from "../../src/i18n";
import { buildTestApp } from "../support/helpers";
import { createCheckout, register, startHarness, stripeSubscriber, type Harness } from "../support/payments-harness";

/**
 * When Stripe fails or refuses, the answer is ours: 502 (it refused what we sent: a revoked key, an object it does
 * not know) or 503 (it is down or rate-limits us) with the stable code `payments.unavailable` in the visitor's
 * language, logged at error level with Stripe's request id. Never Stripe's own 401, 404 or 429: a 401 would sign the
 * customer out of the site, a 404 or 429 would say something about our API that is not true.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const EXPECTED: Record<number, number> = { 401: 502, 404: 502, 429: 503, 500: 503 };

/** The error-level lines logged since `from`, as objects. */
function errorLines(from: number) {
  return h
    .stripeLog()
    .slice(from)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; providerRequestId?: string; providerStatus?: number })
    .filter((line) => line.level >= 50);
}

async function expectOurAnswer(res: { statusCode: number; json: () => unknown }, providerStatus: number, logFrom: number) {
  expect(res.statusCode).toBe(EXPECTED[providerStatus]);
  expect(res.json()).toEqual({ code: "payments.unavailable", error: errorText(i18nFor("nl"), "payments.unavailable") });
  const logged = errorLines(logFrom).filter((line) => line.msg.startsWith("payment provider failed"));
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({ providerStatus, providerRequestId: expect.stringMatching(/^req_fake_\d+$/) });
}

describe.each([401, 404, 429, 500])("Stripe answering %i", (status) => {
  it("create-checkout answers 502/503 payments.unavailable, logged with Stripe's request id, and the session stays", async () => {
    const user = await register(h.stripe, "nl");
    const stop = h.fake.failRequests(status, "POST", "/v1/checkout/sessions");
    try {
      const from = h.stripeLog().length;
      const res = await createCheckout(h.stripe, user, { language: "nl" });
      await expectOurAnswer(res, status, from);
    } finally {
      stop();
    }
    // The customer is still signed in: nothing of Stripe's answer reached the browser's 401 rule.
    expect((await h.stripe.app.inject({ url: "/api/auth/me", headers: user.headers })).statusCode).toBe(200);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
  });

  it("cancel and resume answer 502/503 payments.unavailable and change nothing", async () => {
    const { user, subscription } = await stripeSubscriber(h, "nl");
    const path = `/v1/subscriptions/${subscription.id}`;
    const call = (action: "cancel" | "resume") =>
      h.stripe.app.inject({ method: "POST", url: `/api/subscriptions/${action}`, headers: { ...user.headers, "accept-language": "nl" } });

    let stop = h.fake.failRequests(status, "POST", path);
    let from = h.stripeLog().length;
    await expectOurAnswer(await call("cancel"), status, from);
    stop();
    expect(subscription.cancel_at_period_end).toBe(false);

    expect((await call("cancel")).statusCode).toBe(200);
    stop = h.fake.failRequests(status, "POST", path);
    from = h.stripeLog().length;
    await expectOurAnswer(await call("resume"), status, from);
    stop();
    expect(subscription.cancel_at_period_end).toBe(true);
    expect((await h.stripe.app.inject({ url: "/api/auth/me", headers: user.headers })).statusCode).toBe(200);
  });
});

it("answers 503 when Stripe cannot be reached at all", async () => {
  const user = await register(h.stripe);
  // Nothing listens on port 9: the connection is refused.
  const unreachable = await buildTestApp({ db: h.stripe.db, env: { ...stripeSettings(), STRIPE_API_BASE: "http://127.0.0.1:9" } });
  try {
    const res = await createCheckout(unreachable, user);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: "payments.unavailable" });
  } finally {
    await unreachable.app.close();
  }
});

function stripeSettings() {
  const s = h.stripe.config.stripe;
  return {
    PUBLIC_URL: h.stripe.config.publicUrl,
    STRIPE_SECRET_KEY: s.secretKey!,
    STRIPE_WEBHOOK_SECRET: s.webhookSecret!,
    STRIPE_PRICE_MONTHLY: s.priceMonthly!,
    STRIPE_PRICE_YEARLY: s.priceYearly!,
  };
}
