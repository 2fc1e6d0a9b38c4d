import { LIVE_STATUSES } from "@agency/contract";
import { stripeEvent } from "../support/fake-stripe";
import {
  current,
  deliver,
  localCheckout,
  mailsTo,
  paidStripeCheckout,
  payLocal,
  register,
  startHarness,
  subjectOf,
  subscriptionRows,
  type Harness,
} from "../support/payments-harness";

/**
 * One live subscription per user, whatever order two paid checkouts arrive in: the second is cancelled at the
 * provider at once and its first payment refunded, and the customer is told by mail. With the local provider and
 * with Stripe (the fake), paid one after the other in either order and at the same moment; on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, where the two payments really run at once.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const REFUNDED_SUBJECT = "Your second Pro Plan subscription has been cancelled and refunded";

async function localInvoices(userId: string) {
  const { rows } = await h.local.db.query<{ subscription_id: string; status: string }>(
    "SELECT subscription_id, status FROM local_invoices WHERE user_id = $1 ORDER BY number",
    [userId],
  );
  return rows;
}

describe("the database", () => {
  it("holds at most one live subscription per company, by a unique index over the contract's LIVE_STATUSES", async () => {
    const { rows } = await h.local.db.query<{ indexdef: string }>(
      // This test's own schema: on PostgreSQL, other test files have their copies of the table in theirs.
      "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'subscriptions' AND indexname = 'subscriptions_one_live_per_company'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.indexdef).toMatch(/^CREATE UNIQUE INDEX .* \(company_id\) WHERE/);
    const statuses = [...rows[0]!.indexdef.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(statuses.sort()).toEqual([...LIVE_STATUSES].sort());

    const user = await register(h.local);
    const insert = (status: string) =>
      h.local.db.query(
        `INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
         VALUES ($1, 'pro', 'monthly', 'local', $2, now(), now() + interval '1 month', now())`,
        [user.id, status],
      );
    await insert("active");
    await insert("canceled");
    await expect(insert("past_due")).rejects.toThrow(/subscriptions_one_live_per_company|unique/);
  });
});

describe("local provider: a second paid checkout is cancelled and refunded", () => {
  for (const order of ["in the order they were opened", "in the opposite order"] as const) {
    it(`paid one after the other, ${order}`, async () => {
      const user = await register(h.local);
      const first = await localCheckout(h.local, user);
      const second = await localCheckout(h.local, user, { billingPeriod: "monthly" });
      const [paidFirst, paidSecond] = order === "in the order they were opened" ? [first, second] : [second, first];
      expect((await payLocal(h.local, paidFirst)).statusCode).toBe(303);
      const refunded = await payLocal(h.local, paidSecond);
      // The payment went through and was given back: the customer returns to the site, which says so.
      expect(refunded.statusCode).toBe(303);
      expect(refunded.headers.location).toMatch(/[?&]checkout=local_/);

      const rows = await subscriptionRows(h.local, user.id);
      expect(rows.map((r) => r.status)).toEqual(["active", "canceled"]);
      expect(rows[0]!.refunded_at).toBeNull();
      expect(rows[1]!.refunded_at).toBeInstanceOf(Date);
      expect((await current(h.local, user))!.billing_period).toBe(paidFirst === first ? "yearly" : "monthly");
      expect(await localInvoices(user.id)).toEqual([
        { subscription_id: rows[0]!.id, status: "paid" },
        { subscription_id: rows[1]!.id, status: "refunded" },
      ]);
      const mails = await mailsTo(h, user.email);
      expect(mails.map(subjectOf).sort()).toEqual(["Your Pro Plan subscription has started", REFUNDED_SUBJECT].sort());
      expect(mails.find((m) => subjectOf(m) === REFUNDED_SUBJECT)).toContain("refunded its payment in full");
    });
  }

  it("paid at the same moment: one starts, the other is refunded", async () => {
    const user = await register(h.local);
    const paths = [await localCheckout(h.local, user), await localCheckout(h.local, user)];
    const answers = await Promise.all(paths.map((path) => payLocal(h.local, path)));
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303]);
    const rows = await subscriptionRows(h.local, user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(["active", "canceled"]);
    expect(rows.filter((r) => r.refunded_at)).toHaveLength(1);
    expect((await localInvoices(user.id)).map((i) => i.status).sort()).toEqual(["paid", "refunded"]);
    expect((await mailsTo(h, user.email)).filter((m) => subjectOf(m) === REFUNDED_SUBJECT)).toHaveLength(1);
  });
});

describe("Stripe: a second paid checkout is cancelled at Stripe and its first invoice refunded", () => {
  const refundsOf = (subscriptionId: string) => {
    const intent = h.fake.invoices.get(h.fake.subscriptions.get(subscriptionId)!.latest_invoice!)!.payment_intent;
    return h.fake.refunds.filter((r) => r.payment_intent === intent);
  };

  it("paid one after the other, in either order of their webhooks", async () => {
    for (const reversed of [false, true]) {
      const user = await register(h.stripe);
      const a = await paidStripeCheckout(h, user);
      const b = await paidStripeCheckout(h, user, "month");
      const [kept, refunded] = reversed ? [b, a] : [a, b];
      expect((await deliver(h, stripeEvent("checkout.session.completed", kept.session))).statusCode).toBe(200);
      expect((await deliver(h, stripeEvent("checkout.session.completed", refunded.session))).statusCode).toBe(200);

      // At Stripe: the second is cancelled, its first invoice's payment refunded as a duplicate; the first untouched.
      expect(h.fake.subscriptions.get(refunded.subscription.id)!.status).toBe("canceled");
      expect(h.fake.subscriptions.get(refunded.subscription.id)!.metadata.refunded).toBe("duplicate");
      expect(refundsOf(refunded.subscription.id)).toEqual([expect.objectContaining({ reason: "duplicate" })]);
      expect(h.fake.subscriptions.get(kept.subscription.id)!.status).toBe("active");
      expect(refundsOf(kept.subscription.id)).toEqual([]);

      // Here: one live subscription, the other ended and marked refunded; the customer is told once.
      const rows = await subscriptionRows(h.stripe, user.id);
      expect(rows.find((r) => r.external_id === kept.subscription.id)).toMatchObject({ status: "active", refunded_at: null });
      expect(rows.find((r) => r.external_id === refunded.subscription.id)).toMatchObject({ status: "canceled", refunded_at: expect.any(Date) });
      expect((await current(h.stripe, user))!.status).toBe("active");
      // Stripe's own 'deleted' event for the refunded one changes nothing and mails nothing more.
      expect((await deliver(h, stripeEvent("customer.subscription.deleted", h.fake.subscriptions.get(refunded.subscription.id)))).statusCode).toBe(200);
      const mails = await mailsTo(h, user.email);
      expect(mails.map(subjectOf).sort()).toEqual(["Your Pro Plan subscription has started", REFUNDED_SUBJECT].sort());
    }
  });

  it("delivered at the same moment: one is kept, the other refunded", async () => {
    const user = await register(h.stripe);
    const a = await paidStripeCheckout(h, user);
    const b = await paidStripeCheckout(h, user);
    const answers = await Promise.all([a, b].map((paid) => deliver(h, stripeEvent("checkout.session.completed", paid.session))));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const statuses = [a, b].map((paid) => h.fake.subscriptions.get(paid.subscription.id)!.status).sort();
    expect(statuses).toEqual(["active", "canceled"]);
    expect(h.fake.refunds.filter((r) => [a, b].some((paid) => refundsOf(paid.subscription.id).includes(r)))).toHaveLength(1);
    const rows = await subscriptionRows(h.stripe, user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(["active", "canceled"]);
    expect((await mailsTo(h, user.email)).filter((m) => subjectOf(m) === REFUNDED_SUBJECT)).toHaveLength(1);
  });

  it("finishes the job when Stripe fails halfway: the delivery answers 503, and the redelivery refunds once and cancels", async () => {
    const user = await register(h.stripe);
    const kept = await paidStripeCheckout(h, user);
    const second = await paidStripeCheckout(h, user);
    expect((await deliver(h, stripeEvent("checkout.session.completed", kept.session))).statusCode).toBe(200);
    const event = stripeEvent("checkout.session.completed", second.session);

    const stop = h.fake.failRequests(500, "DELETE", `/v1/subscriptions/${second.subscription.id}`);
    const failed = await deliver(h, event);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: "payments.unavailable" });
    expect(refundsOf(second.subscription.id)).toHaveLength(1);
    expect(h.fake.subscriptions.get(second.subscription.id)!.status).toBe("active");
    stop();

    // Stripe delivers the event again: the refund is not made twice, the subscription is cancelled, the mail sent once.
    expect((await deliver(h, event)).statusCode).toBe(200);
    expect(refundsOf(second.subscription.id)).toHaveLength(1);
    expect(h.fake.subscriptions.get(second.subscription.id)!.status).toBe("canceled");
    expect((await subscriptionRows(h.stripe, user.id)).map((r) => r.status)).toEqual(["active", "canceled"]);
    expect((await mailsTo(h, user.email)).filter((m) => subjectOf(m) === REFUNDED_SUBJECT)).toHaveLength(1);
  });

  it("refuses a second checkout while one is live, as before, without asking Stripe", async () => {
    const user = await register(h.stripe);
    const paid = await paidStripeCheckout(h, user);
    expect((await deliver(h, stripeEvent("checkout.session.completed", paid.session))).statusCode).toBe(200);
    const before = h.fake.calls.length;
    const res = await h.stripe.app.inject({
      method: "POST",
      url: "/api/subscriptions/create-checkout",
      headers: user.headers,
      payload: { planId: "pro", billingPeriod: "yearly", successUrl: "https://agency.example/dashboard", cancelUrl: "https://agency.example/subscribe" },
    });
    expect(res.statusCode).toBe(409);
    expect(h.fake.calls.length).toBe(before);
  });
});
