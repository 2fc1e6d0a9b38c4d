import { mailText } from "../../../support/smtp";
import { nextIp, type TestApp } from "../../../support/helpers";
import { PRICE_YEARLY, SITE, createCheckout, localCheckout, payLocal, register, startHarness, type Customer, type Harness } from "../../../support/payments-harness";
import { stripeEvent } from "../../../support/fake-stripe";
import { Stripe } from "stripe";
import { carryOutWithdrawals } from "../../../../src/withdrawals/execution";
import { auditEntries, signedInStaff } from "../../../support/desk-helpers";

/**
 * The withdrawal function (Art. 11a) with both providers on one database: the statement without signing in, the
 * acknowledgement to the account's own address, ending and refunding within 14 days, cancelling at period end
 * after them, a stranger's statement and its undo link, repeats and races, a failing provider, the rate limit; and
 * the optional question when cancelling.
 */

const ADMIN = "withdrawal-admin-token-of-at-least-32-characters";
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ ADMIN_TOKEN: ADMIN, WITHDRAWAL_RATE_LIMIT: "1000" });
});
afterAll(async () => h?.close());

interface Row {
  outcome: string;
  refund_cents: number | null;
  refund_reference: string | null;
  used_days: number | null;
  period_days: number | null;
  last_error: string | null;
  email: string;
  user_id: string | null;
}

const rowsOf = async (userId: string) =>
  (await h.local.db.query<Row>("SELECT * FROM withdrawals WHERE user_id = $1 ORDER BY received_at", [userId])).rows;

function withdraw(t: TestApp, body: Record<string, unknown>, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/withdrawals",
    payload: { name: "Noor", language: "en", ...body },
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.headers ?? {},
  });
}

async function mailsTo(email: string): Promise<string[]> {
  await h.local.app.settle();
  await h.stripe.app.settle();
  return h.smtp.mails.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));
}

const withdrawalMails = async (email: string) => (await mailsTo(email)).filter((m) => /withdrawal|herroeping/i.test(m.split("\n").find((l) => l.startsWith("Subject:")) ?? ""));

async function current(t: TestApp, user: Customer) {
  return (await t.app.inject({ url: "/api/subscriptions/current", headers: user.headers })).json().subscription as null | {
    status: string;
    cancel_at_period_end: boolean;
    current_period_end: string;
  };
}

/** Marks the account's address proven, as following its verification link does. */
const proveAddress = (userId: string) => h.local.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [userId]);

/** A local subscriber; `immediateStart` answers the checkout's question; `proven`: the address was verified. */
async function localSubscriber(opts: { immediateStart?: boolean; language?: "nl" | "en"; proven?: boolean } = {}) {
  const user = await register(h.local, opts.language ?? "en");
  if (opts.proven) await proveAddress(user.id);
  const path = await localCheckout(h.local, user, { billingPeriod: "yearly", ...(opts.immediateStart ? { immediateStart: true } : {}) });
  expect((await payLocal(h.local, path, { country: "NL", vat_number: "" })).statusCode).toBe(303);
  return user;
}

/** Moves a subscription's start back, as if it was concluded `days` days ago (the period moves with it). */
async function age(userId: string, days: number) {
  await h.local.db.query(
    `UPDATE subscriptions SET started_at = started_at - make_interval(secs => $2), created_at = created_at - make_interval(secs => $2),
            current_period_start = current_period_start - make_interval(secs => $2), current_period_end = current_period_end - make_interval(secs => $2)
      WHERE user_id = $1`,
    [userId, days * 86_400],
  );
}

const undoToken = (mail: string) => /\/withdraw\/undo\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];

describe("within 14 days (local test provider)", () => {
  it("ends the subscription now, refunds everything, and mails the account's own address — typed in another case, without signing in", async () => {
    const user = await localSubscriber({ language: "nl", proven: true });
    const res = await withdraw(h.local, { email: `  ${user.email.toUpperCase()} `, reference: "INV-1", language: "nl" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, received_at: expect.any(String), message: expect.stringContaining("herroeping") });
    await h.local.app.settle();

    expect(await current(h.local, user)).toBeNull();
    const [row] = await rowsOf(user.id);
    const invoice = (await h.local.db.query<{ total_cents: number; status: string }>("SELECT total_cents, status FROM local_invoices WHERE user_id = $1", [user.id])).rows[0]!;
    expect(row).toMatchObject({ outcome: "withdrawn", refund_cents: invoice.total_cents, used_days: null, email: user.email });
    expect(row!.refund_reference).toMatch(/^test_re_/);
    expect(invoice.status).toBe("refunded");

    const [mail] = await withdrawalMails(user.email);
    expect(mail).toBeDefined();
    expect(mail).toMatch(new RegExp(`^To: ${user.email}$`, "m"));
    expect(mail).toContain("Bevestiging van je herroeping");
    expect(mail).toContain("INV-1");
    expect(mail).toMatch(/Pro/);
    expect(undoToken(mail!)).toBeDefined();
  });

  it("refunds less the days used when the customer asked at checkout for an immediate start", async () => {
    const user = await localSubscriber({ immediateStart: true });
    await age(user.id, 3 - 1 / 24);
    expect((await withdraw(h.local, { email: user.email })).statusCode).toBe(200);
    await h.local.app.settle();
    const [row] = await rowsOf(user.id);
    const total = (await h.local.db.query<{ total_cents: number }>("SELECT total_cents FROM local_invoices WHERE user_id = $1", [user.id])).rows[0]!.total_cents;
    expect(row).toMatchObject({ outcome: "withdrawn", used_days: 3, period_days: 365 });
    expect(row!.refund_cents).toBe(total - Math.round((total * 3) / 365));
    const [mail] = await withdrawalMails(user.email);
    expect(mail).toContain("less 3 of the period's 365 days");
  });

  it("the same statement twice at once makes one withdrawal, one refund and one acknowledgement", async () => {
    const user = await localSubscriber();
    const [a, b] = await Promise.all([withdraw(h.local, { email: user.email }), withdraw(h.local, { email: user.email })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await h.local.app.settle();
    await carryOutWithdrawals(h.local.app);
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => r.outcome).sort()).toEqual(["duplicate", "withdrawn"]);
    expect(rows.filter((r) => r.refund_reference)).toHaveLength(1);
    expect(await withdrawalMails(user.email)).toHaveLength(1);
    // And once more later: nothing left to end, nothing refunded again.
    expect((await withdraw(h.local, { email: user.email })).statusCode).toBe(200);
    await h.local.app.settle();
    expect((await rowsOf(user.id)).filter((r) => r.refund_reference)).toHaveLength(1);
  });

  it("withdraw, keep the refund, undo: nothing is restored, the answer and the mail say so, the audit log records each try", async () => {
    const user = await localSubscriber({ language: "nl" });
    await withdraw(h.local, { email: user.email, language: "nl" });
    await h.local.app.settle();
    expect(await current(h.local, user)).toBeNull();
    const [row] = await rowsOf(user.id);
    expect(row!.refund_cents).toBeGreaterThan(0);
    const [mail] = await withdrawalMails(user.email);
    expect(mail).toContain("Zodra het bedrag is terugbetaald, valt er niets meer terug te draaien");
    const token = undoToken(mail!)!;

    for (let i = 0; i < 2; i++) {
      const undo = await h.local.app.inject({ method: "POST", url: "/api/withdrawals/undo", payload: { token }, remoteAddress: nextIp() });
      expect(undo.statusCode).toBe(200);
      expect(undo.json()).toMatchObject({ outcome: "refunded", message: expect.stringContaining("nothing can be undone") });
    }
    // A year for free is not to be had: no running subscription, the refund stands, the statement still reads withdrawn.
    expect(await current(h.local, user)).toBeNull();
    expect((await h.local.db.query("SELECT 1 FROM subscriptions WHERE user_id = $1 AND status = 'active'", [user.id])).rows).toHaveLength(0);
    expect((await rowsOf(user.id))[0]).toMatchObject({ outcome: "withdrawn", refund_cents: row!.refund_cents });
    const audit = await h.local.db.query<{ action: string; target: string; detail: { outcome: string } }>(
      "SELECT action, target, detail FROM audit_log WHERE target = $1 ORDER BY id",
      [`customer:${user.id}`],
    );
    expect(audit.rows.map((r) => [r.action, r.detail.outcome])).toEqual([
      ["withdrawal.undo", "refunded"],
      ["withdrawal.undo", "refunded"],
    ]);
  });
});

describe("statements that change a contract are always acknowledged", () => {
  it("three statements before the victim subscribes do not silence the fourth: it is mailed with its undo link", async () => {
    const user = await register(h.local, "en");
    // A stranger sends three statements while the account has no contract: each is acknowledged, up to the hourly cap.
    for (let i = 0; i < 3; i++) expect((await withdraw(h.local, { email: user.email })).statusCode).toBe(200);
    expect(await withdrawalMails(user.email)).toHaveLength(3);
    const path = await localCheckout(h.local, user, { billingPeriod: "yearly" });
    expect((await payLocal(h.local, path, { country: "NL", vat_number: "" })).statusCode).toBe(303);

    // The fourth ends the new subscription: its acknowledgement and undo link go out all the same.
    expect((await withdraw(h.local, { email: user.email })).statusCode).toBe(200);
    await h.local.app.settle();
    const mails = await withdrawalMails(user.email);
    expect(mails).toHaveLength(4);
    expect(mails[3]).toContain("your subscription ends now");
    expect(undoToken(mails[3]!)).toBeDefined();
    // A fifth finds the subscription withdrawn already: the fourth's acknowledgement says it all.
    expect((await withdraw(h.local, { email: user.email })).statusCode).toBe(200);
    expect(await withdrawalMails(user.email)).toHaveLength(4);
  });

  it("to an address nobody has proven, the acknowledgement greets without a name and repeats nothing the sender typed", async () => {
    const user = await localSubscriber();
    const res = await withdraw(h.local, { email: user.email, name: "Visit evil example now", reference: "CALL-0800-1234" });
    expect(res.statusCode).toBe(200);
    const [mail] = await withdrawalMails(user.email);
    expect(mail).toMatch(/^Hello,$/m);
    expect(mail).not.toMatch(/Noor|evil|CALL-0800/);
  });

  it("takes an order number of letters, digits and dashes only", async () => {
    const user = await localSubscriber({ proven: true });
    for (const reference of ["see https://evil.example", "INV 1", "INV_1", "a\nb"]) {
      const res = await withdraw(h.local, { email: user.email, reference });
      expect(res.statusCode, reference).toBe(400);
      expect(res.json().fields).toEqual(["reference"]);
    }
    expect((await withdraw(h.local, { email: user.email, reference: "PW-2026-0001" })).statusCode).toBe(200);
    expect((await withdrawalMails(user.email))[0]).toContain("PW-2026-0001");
  });
});

describe("after 14 days", () => {
  it("cancels at the period's end instead, says so, and the undo link resumes it", async () => {
    const user = await localSubscriber();
    await age(user.id, 20);
    expect((await withdraw(h.local, { email: user.email })).statusCode).toBe(200);
    await h.local.app.settle();
    expect(await current(h.local, user)).toMatchObject({ status: "active", cancel_at_period_end: true });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ outcome: "cancelled_at_period_end", refund_cents: null });
    const [mail] = await withdrawalMails(user.email);
    expect(mail).toContain("withdrawal period of this contract ended on");

    const undo = await h.local.app.inject({ method: "POST", url: "/api/withdrawals/undo", payload: { token: undoToken(mail!) }, remoteAddress: nextIp() });
    expect(undo.json()).toMatchObject({ outcome: "resumed" });
    expect(await current(h.local, user)).toMatchObject({ status: "active", cancel_at_period_end: false });
  });
});

describe("strangers", () => {
  it("an address of no account gets the same answer, and nobody is mailed", async () => {
    const known = await localSubscriber();
    const stranger = `nobody-${Date.now()}@example.com`;
    const [a, b] = await Promise.all([withdraw(h.local, { email: stranger }), withdraw(h.local, { email: known.email })]);
    expect(a.statusCode).toBe(b.statusCode);
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
    expect(a.json().message).toBe(b.json().message);
    await h.local.app.settle();
    expect(await mailsTo(stranger)).toEqual([]);
    const stored = (await h.local.db.query<Row>("SELECT * FROM withdrawals WHERE email = $1", [stranger])).rows;
    expect(stored).toMatchObject([{ outcome: "no_account", user_id: null }]);
  });

  it("a signed-in visitor gets their own contract's deadline for the form", async () => {
    const user = await localSubscriber();
    const res = await h.local.app.inject({ url: "/api/withdrawals/mine", headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().contract).toMatchObject({ within_period: true, cancel_at_period_end: false });
    expect((await h.local.app.inject({ url: "/api/withdrawals/mine" })).statusCode).toBe(401);
  });

  it("an unknown undo link is refused", async () => {
    const res = await h.local.app.inject({ method: "POST", url: "/api/withdrawals/undo", payload: { token: "x".repeat(43) }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: "withdrawals.undo_invalid", fields: ["token"] });
  });

  it("the form is rate-limited per IP", async () => {
    const limited = await startHarnessLimited();
    try {
      const ip = nextIp();
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await withdraw(limited, { email: `x${i}@example.com` }, { ip })).statusCode);
      expect(answers).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

async function startHarnessLimited(): Promise<TestApp> {
  const { buildTestApp } = await import("../../../support/helpers");
  return buildTestApp({ db: h.local.db, env: { PUBLIC_URL: SITE, WITHDRAWAL_RATE_LIMIT: "2" } }).then((t) => ({ ...t, close: () => t.app.close() }));
}

describe("Stripe", () => {
  function deliver(event: { id: string }) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_billing_test" });
    return h.stripe.app.inject({ method: "POST", url: "/api/subscriptions/webhook", headers: { "content-type": "application/json", "stripe-signature": header }, payload });
  }

  async function stripeSubscriber(immediateStart = false) {
    const user = await register(h.stripe, "en");
    expect((await createCheckout(h.stripe, user, immediateStart ? { immediateStart: true } : {})).statusCode).toBe(200);
    const id = [...h.fake.sessions.values()].find((s) => s.client_reference_id === user.id && s.status === "open")!.id as string;
    const { session, subscription } = h.fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year", amount: 56_628 });
    expect((await deliver(stripeEvent("checkout.session.completed", session))).statusCode).toBe(200);
    return { user, subscription };
  }

  it("cancels at Stripe and refunds the latest invoice's payment; a failing refund is retried and paid once", async () => {
    const { user, subscription } = await stripeSubscriber();
    const stopFailing = h.fake.failRequests(500, "POST", "/v1/refunds");
    expect((await withdraw(h.stripe, { email: user.email })).statusCode).toBe(200);
    await h.stripe.app.settle();
    expect(h.fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
    let [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ outcome: "pending" });
    expect(row!.last_error).toMatch(/refund/);
    expect(await withdrawalMails(user.email)).toHaveLength(1);

    stopFailing();
    await h.local.db.query("UPDATE withdrawals SET next_attempt_at = now() WHERE user_id = $1", [user.id]);
    await Promise.all([carryOutWithdrawals(h.stripe.app), carryOutWithdrawals(h.stripe.app)]);
    [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ outcome: "withdrawn", refund_cents: 56_628 });
    const refunds = h.fake.refunds.filter((r) => r.metadata.subscriptionId === subscription.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 56_628, reason: "requested_by_customer" });
    expect(await current(h.stripe, user)).toBeNull();
  });

  it("a statement undone before the provider could carry it out is never carried out", async () => {
    const { user, subscription } = await stripeSubscriber();
    const stopFailing = h.fake.failRequests(500, "DELETE", /^\/v1\/subscriptions\//);
    await withdraw(h.stripe, { email: user.email });
    await h.stripe.app.settle();
    expect((await rowsOf(user.id))[0]).toMatchObject({ outcome: "pending" });
    stopFailing();
    const token = undoToken((await withdrawalMails(user.email))[0]!)!;
    const undo = await h.stripe.app.inject({ method: "POST", url: "/api/withdrawals/undo", payload: { token }, remoteAddress: nextIp() });
    expect(undo.json()).toMatchObject({ outcome: "restored" });
    await h.local.db.query("UPDATE withdrawals SET next_attempt_at = now() WHERE user_id = $1", [user.id]);
    await carryOutWithdrawals(h.stripe.app);
    expect((await rowsOf(user.id))[0]).toMatchObject({ outcome: "undone", refund_reference: null });
    expect(h.fake.subscriptions.get(subscription.id)!.status).toBe("active");
    expect(h.fake.refunds.filter((r) => r.metadata.subscriptionId === subscription.id)).toEqual([]);
  });

  it("a refunded Stripe withdrawal is not restored by its undo link: no new subscription, the refund stands", async () => {
    const { user, subscription } = await stripeSubscriber(true);
    await withdraw(h.stripe, { email: user.email });
    await h.stripe.app.settle();
    expect((await rowsOf(user.id))[0]).toMatchObject({ outcome: "withdrawn", used_days: 1 });
    expect(h.fake.refunds.find((r) => r.metadata.subscriptionId === subscription.id)!.amount).toBe(56_628 - Math.round(56_628 / 365));
    const made = h.fake.callsTo("POST", "/v1/subscriptions").length;
    const token = undoToken((await withdrawalMails(user.email))[0]!)!;
    const undo = await h.stripe.app.inject({ method: "POST", url: "/api/withdrawals/undo", payload: { token }, remoteAddress: nextIp() });
    expect(undo.json()).toMatchObject({ outcome: "refunded" });
    expect(h.fake.callsTo("POST", "/v1/subscriptions")).toHaveLength(made);
    expect(await current(h.stripe, user)).toBeNull();
  });

  it("restores a withdrawn subscription of which nothing was refunded on a trial until the old period's end; the desk reads it undone", async () => {
    const user = await register(h.stripe, "en");
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const id = [...h.fake.sessions.values()].find((s) => s.client_reference_id === user.id && s.status === "open")!.id as string;
    // A first year at no charge (a full discount): the withdrawal has nothing to refund.
    const { session, subscription } = h.fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year", amount: 0 });
    expect((await deliver(stripeEvent("checkout.session.completed", session))).statusCode).toBe(200);
    await withdraw(h.stripe, { email: user.email });
    await h.stripe.app.settle();
    expect((await rowsOf(user.id))[0]).toMatchObject({ outcome: "withdrawn", refund_cents: 0 });
    const token = undoToken((await withdrawalMails(user.email))[0]!)!;
    const undo = await h.stripe.app.inject({ method: "POST", url: "/api/withdrawals/undo", payload: { token }, remoteAddress: nextIp() });
    expect(undo.json()).toMatchObject({ outcome: "restored" });
    const created = h.fake.callsTo("POST", "/v1/subscriptions").at(-1)!;
    expect(created.params).toMatchObject({ customer: subscription.customer, trial_end: String(subscription.items.data[0]!.current_period_end) });
    expect(await current(h.stripe, user)).toMatchObject({ status: "trialing" });

    // Staff see the statement undone beside the subscription that runs again, and the audit log says who undid it.
    const staff = await signedInStaff(h.stripe, "staff");
    const desk = await h.stripe.app.inject({ url: `/api/desk/customers/${user.id}`, headers: staff.headers });
    expect(desk.statusCode).toBe(200);
    const { customer } = desk.json() as { customer: { subscription: { status: string } | null; withdrawals: { outcome: string; undoneAt: string | null }[] } };
    expect(customer.subscription).toMatchObject({ status: "trialing" });
    expect(customer.withdrawals[0]).toMatchObject({ outcome: "undone", undoneAt: expect.any(String) });
    const audit = await auditEntries(h.stripe, "withdrawal.undo");
    expect(audit.filter((e) => e.target === `customer:${user.id}`)).toEqual([
      expect.objectContaining({ actor: `customer:${user.id}`, detail: expect.objectContaining({ outcome: "restored" }) }),
    ]);
  });
});

describe("cancelling, honestly", () => {
  it("cancels without a reason, and keeps one when given, for the agency", async () => {
    const quiet = await localSubscriber();
    const plain = await h.local.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: quiet.headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().subscription.cancel_at_period_end).toBe(true);

    const talkative = await localSubscriber();
    const res = await h.local.app.inject({
      method: "POST",
      url: "/api/subscriptions/cancel",
      headers: talkative.headers,
      payload: { reason: "too_expensive", comment: "  Too much for a hobby site.  " },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription.cancel_at_period_end).toBe(true);

    const list = await h.stripe.app.inject({ url: "/api/admin/cancellation-reasons", headers: { authorization: `Bearer ${ADMIN}` }, remoteAddress: nextIp() });
    expect(list.statusCode).toBe(200);
    expect(list.json().reasons[0]).toMatchObject({ reason: "too_expensive", comment: "Too much for a hobby site.", plan_id: "pro" });
    expect(list.json().reasons).toHaveLength(1);

    const bad = await h.local.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: talkative.headers, payload: { reason: "because" } });
    expect(bad.statusCode).toBe(400);
  });

  it("lists every statement for staff", async () => {
    const res = await h.stripe.app.inject({ url: "/api/admin/withdrawals", headers: { authorization: `Bearer ${ADMIN}` }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawals.length).toBeGreaterThan(3);
    expect(res.json().withdrawals[0]).toMatchObject({ received_at: expect.any(String), outcome: expect.any(String) });
    const denied = await h.stripe.app.inject({ url: "/api/admin/withdrawals", headers: { authorization: "Bearer wrong" }, remoteAddress: nextIp() });
    expect(denied.statusCode).toBe(403);
  });
});
