import { stripeEvent } from "../support/fake-stripe";
import { createCheckout, deliver, localCheckout, openStripeSession, payLocal, register, startHarness, type Customer, type Harness } from "../support/payments-harness";

/**
 * A deleted account leaves nothing that can charge: its open checkouts are expired at the provider before the
 * account goes (a Stripe Checkout Session stays payable for 24 hours), and a webhook that still arrives for a
 * subscription of a deleted account cancels it at Stripe and refunds it instead of ignoring it.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const deleteAccount = (app: Harness["stripe"], user: Customer) =>
  app.app.inject({ method: "DELETE", url: "/api/account", headers: user.headers, payload: { password: user.password } });

const userExists = async (id: string) => (await h.stripe.db.query("SELECT 1 FROM users WHERE id = $1", [id])).rows.length > 0;

describe("deleting an account", () => {
  it("expires its open Stripe checkouts at Stripe first", async () => {
    const user = await register(h.stripe);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    expect((await createCheckout(h.stripe, user, { billingPeriod: "monthly" })).statusCode).toBe(200);
    const ids = [...h.fake.sessions.values()].filter((s) => s.client_reference_id === user.id).map((s) => s.id as string);
    expect(ids).toHaveLength(2);

    expect((await deleteAccount(h.stripe, user)).statusCode).toBe(200);
    for (const id of ids) {
      expect(h.fake.sessions.get(id)!.status).toBe("expired");
      expect(h.fake.callsTo("POST", `/v1/checkout/sessions/${id}/expire`)).toHaveLength(1);
    }
    expect(await userExists(user.id)).toBe(false);
  });

  it("cancels the subscription of a checkout that was paid just before, whose webhook has not arrived", async () => {
    const user = await register(h.stripe);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const { subscription } = h.fake.completeSession(openStripeSession(h, user), { priceId: "price_billing_yearly", interval: "year" });
    expect((await deleteAccount(h.stripe, user)).statusCode).toBe(200);
    expect(h.fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
  });

  it("keeps the account when Stripe cannot expire a checkout: 503, nothing deleted, and a retry finishes", async () => {
    const user = await register(h.stripe);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const stop = h.fake.failRequests(500, "POST", /^\/v1\/checkout\/sessions\/[^/]+\/expire$/);
    const refused = await deleteAccount(h.stripe, user);
    stop();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: "account.cancel_failed" });
    expect(await userExists(user.id)).toBe(true);
    expect((await deleteAccount(h.stripe, user)).statusCode).toBe(200);
    expect(await userExists(user.id)).toBe(false);
  });

  it("closes its open test checkouts, so none can be paid afterwards", async () => {
    const user = await register(h.local);
    const path = await localCheckout(h.local, user);
    expect((await deleteAccount(h.local, user)).statusCode).toBe(200);
    expect((await payLocal(h.local, path)).statusCode).toBe(404);
    expect((await h.local.db.query("SELECT 1 FROM subscriptions WHERE user_id = $1", [user.id])).rows).toHaveLength(0);
  });
});

describe("a webhook for a subscription of a deleted account", () => {
  it("cancels it at Stripe and refunds it, with a warning in the log, instead of ignoring it", async () => {
    const user = await register(h.stripe);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const { session, subscription } = h.fake.completeSession(openStripeSession(h, user), { priceId: "price_billing_yearly", interval: "year" });
    // The account is gone by the time Stripe reports the payment (deleted while the checkout page was open).
    await h.stripe.db.query("DELETE FROM users WHERE id = $1", [user.id]);

    const from = h.stripeLog().length;
    expect((await deliver(h, stripeEvent("checkout.session.completed", session))).statusCode).toBe(200);
    expect(h.fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
    const intent = h.fake.invoices.get(subscription.latest_invoice!)!.payment_intent;
    expect(h.fake.refunds.filter((r) => r.payment_intent === intent)).toEqual([expect.objectContaining({ reason: "requested_by_customer" })]);
    const warnings = h
      .stripeLog()
      .slice(from)
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; subscriptionId?: string })
      .filter((line) => line.level === 40);
    expect(warnings).toEqual(expect.arrayContaining([expect.objectContaining({ subscriptionId: subscription.id, msg: expect.stringMatching(/deleted account/) })]));
    expect((await h.stripe.db.query("SELECT 1 FROM subscriptions WHERE external_id = $1", [subscription.id])).rows).toHaveLength(0);

    // Stripe's later events about it change nothing and cancel nothing twice.
    const cancels = h.fake.callsTo("DELETE", `/v1/subscriptions/${subscription.id}`).length;
    expect((await deliver(h, stripeEvent("customer.subscription.deleted", h.fake.subscriptions.get(subscription.id)))).statusCode).toBe(200);
    expect(h.fake.callsTo("DELETE", `/v1/subscriptions/${subscription.id}`)).toHaveLength(cancels);
  });

  it("leaves alone a subscription that is not one of ours (no user id of ours in its metadata)", async () => {
    const user = await register(h.stripe);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const { subscription: stored } = h.fake.completeSession(openStripeSession(h, user), { priceId: "price_other_product", interval: "month" });
    Object.assign(stored, { metadata: {}, customer: "cus_someone_elses" });
    expect((await deliver(h, stripeEvent("customer.subscription.updated", stored))).statusCode).toBe(200);
    expect(stored.status).toBe("active");
    expect(h.fake.callsTo("DELETE", `/v1/subscriptions/${stored.id}`)).toHaveLength(0);
  });
});
