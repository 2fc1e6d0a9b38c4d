import { runSubscriptionRenewal } from "../../../src/jobs/subscription-renewal";
import {
  axeViolations,
  current,
  localCheckout,
  localSubscriber,
  mailsTo,
  register,
  SITE,
  startHarness,
  subjectOf,
  type Customer,
  type Harness,
} from "../../support/payments-harness";

/**
 * The local test provider, the Dutch way: iDEAL in the test checkout (a bank choice, then a test bank that approves
 * or fails) setting up a test SEPA mandate; renewals that fail or need confirmation, played from the test portal;
 * what the API tells the customer about them (the notice's fields and the grace period), the pay page the notice
 * and the mail lead to, and the renewal job ending what stays unpaid after the grace period.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const form = (url: string, fields: Record<string, string> = {}) =>
  h.local.app.inject({ method: "POST", url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams(fields).toString() });
const get = (url: string) => h.local.app.inject({ url });
const pathOf = (url: string) => {
  const parsed = new URL(url, SITE);
  return parsed.pathname + parsed.search;
};
type Current = { status: string; has_access?: boolean; payment_issue?: string | null; access_until?: string | null } | null;
const now = async (user: Customer) => (await current(h.local, user)) as Current;

/** Through the iDEAL steps of the test checkout up to the test bank's page; answers that page and its path. */
async function toTestBank(user: Customer, bank = "ING") {
  const checkout = await localCheckout(h.local, user);
  const chosen = await form(`${checkout}/pay`, { country: "NL", vat_number: "", method: "ideal" });
  expect(chosen.statusCode).toBe(303);
  expect(chosen.headers.location).toBe(`${checkout}/ideal`);
  const choice = await get(`${checkout}/ideal`);
  expect(choice.statusCode).toBe(200);
  const toBank = await form(`${checkout}/ideal`, { bank });
  expect(toBank.statusCode).toBe(303);
  const page = await get(String(toBank.headers.location));
  expect(page.statusCode).toBe(200);
  return { checkout, choice, page };
}

describe("iDEAL in the test checkout", () => {
  it("offers card and iDEAL, then a bank choice and a test bank whose approval starts the subscription with a test SEPA mandate", async () => {
    for (const language of ["nl", "en"] as const) {
      const user = await register(h.local, language);
      const checkoutPage = await get(await localCheckout(h.local, user));
      expect(checkoutPage.body).toContain('value="ideal"');
      expect(checkoutPage.body).toContain('value="card" checked');

      const { checkout, choice, page } = await toTestBank(user);
      expect(choice.body).toContain(language === "nl" ? "Testbetaling" : "Test payment");
      expect(choice.body).toContain("<option value=\"ING\">ING</option>");
      expect(page.body).toContain(language === "nl" ? "TESTBANK — ING" : "TEST BANK — ING");
      // The amount asked for is the invoice's: the price with the Dutch VAT of the billing address just given.
      expect(page.body.replace(/\u00a0|&nbsp;/g, " ")).toMatch(language === "nl" ? /De iDEAL-betaling van € (59,29|566,28) aan/ : /Approve the iDEAL payment of €(59\.29|566\.28) to/);
      expect(page.body).toContain(language === "nl" ? "Goedkeuren (test)" : "Approve (test)");
      expect(page.body).toContain(language === "nl" ? "Mislukken (test)" : "Fail (test)");
      expect(page.body).toContain("SEPA");
      expect(await axeViolations(choice.body)).toEqual([]);
      expect(await axeViolations(page.body)).toEqual([]);

      const approved = await form(`${checkout}/ideal/approve`, { bank: "ING" });
      expect(approved.statusCode).toBe(303);
      expect(approved.headers.location).toMatch(/^https:\/\/agency\.example\/dashboard\?subscription=success&checkout=local_/);
      expect(await now(user)).toMatchObject({ status: "active", has_access: true, payment_issue: null });

      const { rows } = await h.local.db.query<{ kind: string; bank: string; mandate_reference: string; iban_last4: string }>(
        "SELECT kind, bank, mandate_reference, iban_last4 FROM local_payment_methods p JOIN company_members m ON m.company_id = p.company_id WHERE m.user_id = $1",
        [user.id],
      );
      expect(rows).toEqual([{ kind: "sepa_debit", bank: "ING", mandate_reference: expect.stringMatching(/^TEST-MANDATE-\d{9}$/), iban_last4: expect.stringMatching(/^\d{4}$/) }]);
      // The test portal shows how the renewals are paid.
      const portal = await openPortal(user);
      expect(portal.body).toContain(rows[0]!.mandate_reference);
      // And the customer's data export says so too.
      const exported = await h.local.app.inject({ url: "/api/account/export", headers: user.headers });
      expect(exported.json().payment_method).toEqual({
        kind: "sepa_debit",
        bank: "ING",
        iban_last4: rows[0]!.iban_last4,
        mandate_reference: rows[0]!.mandate_reference,
        mandate_accepted_at: expect.any(String),
      });
    }
  });

  it("a payment the test bank fails charges nothing and returns to the checkout, which says so and can be paid afterwards", async () => {
    const user = await register(h.local, "en");
    const { checkout } = await toTestBank(user, "Rabobank");
    const failed = await form(`${checkout}/ideal/fail`, { bank: "Rabobank" });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`${checkout}?failed=ideal`);
    const again = await get(String(failed.headers.location));
    expect(again.body).toContain("The test bank did not approve the payment");
    expect(await axeViolations(again.body)).toEqual([]);
    expect(await now(user)).toBeNull();
    // The checkout is still open: the card pays it.
    expect((await form(`${checkout}/pay`, { country: "NL", vat_number: "", method: "card" })).statusCode).toBe(303);
    expect((await now(user))!.status).toBe("active");
  });

  it("approves once: two approvals at the same moment (two tabs) start one subscription, the other gets the 'already paid' page", async () => {
    const user = await register(h.local, "en");
    const { checkout } = await toTestBank(user);
    const answers = await Promise.all([form(`${checkout}/ideal/approve`, { bank: "ING" }), form(`${checkout}/ideal/approve`, { bank: "ING" })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 409]);
    const { rows } = await h.local.db.query("SELECT 1 FROM subscriptions WHERE user_id = $1", [user.id]);
    expect(rows).toHaveLength(1);
  });

  it("refuses a bank that is not on the list: back to the bank choice, nothing paid", async () => {
    const user = await register(h.local, "en");
    const { checkout } = await toTestBank(user);
    const res = await form(`${checkout}/ideal/approve`, { bank: "Evil Bank" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${checkout}/ideal`);
    expect(await now(user)).toBeNull();
  });
});

async function openPortal(user: Customer) {
  const res = await h.local.app.inject({
    method: "POST",
    url: "/api/subscriptions/portal",
    headers: user.headers,
    payload: { returnUrl: `${SITE}/dashboard/settings` },
  });
  expect(res.statusCode).toBe(200);
  const path = pathOf((res.json() as { url: string }).url);
  const page = await get(path);
  expect(page.statusCode).toBe(200);
  return { path, body: page.body };
}

const payEndpoint = (user: Customer, body: Record<string, unknown> = {}) =>
  h.local.app.inject({ method: "POST", url: "/api/subscriptions/pay", headers: user.headers, payload: { returnUrl: `${SITE}/dashboard/settings`, ...body } });

/** A local subscriber whose next renewal, played from the test portal, failed or needs confirmation. */
async function renewalNeedingThem(kind: "failed" | "requires_action", language: "nl" | "en" = "en") {
  const { user } = await localSubscriber(h.local, { language, period: "monthly" });
  const portal = await openPortal(user);
  expect(portal.body).toContain(language === "nl" ? "Test: verlenging mislukt" : "Test: renewal fails");
  const played = await form(`${portal.path}/simulate`, { kind });
  expect(played.statusCode).toBe(303);
  return { user, portal };
}

describe("renewals that need the customer (test provider)", () => {
  it("a failed renewal: past due with the grace period, the mail links to the pay page, which pays it", async () => {
    const before = Date.now();
    const { user } = await renewalNeedingThem("failed");
    const owed = await now(user);
    expect(owed).toMatchObject({ status: "past_due", has_access: true, payment_issue: "failed" });
    const until = new Date(owed!.access_until!).getTime();
    expect(until - before).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * DAY);

    const mail = (await mailsTo(h, user.email)).find((m) => subjectOf(m).startsWith("Payment failed"));
    expect(mail).toContain(`${SITE}/billing?pay=1`);

    const opened = await payEndpoint(user);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["cache-control"]).toBe("no-store");
    const payPath = pathOf((opened.json() as { url: string }).url);
    expect(payPath).toMatch(/^\/api\/subscriptions\/test-portal\/[\w-]+\/pay$/);
    const page = await get(payPath);
    expect(page.body).toContain("Test payment — no money is charged");
    expect(page.body).toMatch(/Pay €\s?59\.29 \(test\)/);
    expect(await axeViolations(page.body)).toEqual([]);

    const paid = await form(payPath);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${SITE}/dashboard/settings`);
    expect(await now(user)).toMatchObject({ status: "active", has_access: true, payment_issue: null, access_until: null });
    const { rows } = await h.local.db.query<{ status: string }>("SELECT status FROM local_invoices WHERE user_id = $1 ORDER BY number", [user.id]);
    expect(rows.map((r) => r.status)).toEqual(["paid", "paid"]);

    // Paying again (a second tab, the back button) changes nothing, and nothing is owed any more.
    expect((await form(payPath)).statusCode).toBe(303);
    expect((await get(payPath)).body).toContain("There is no payment to make");
    const nothing = await payEndpoint(user);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual({ error: "There is no payment to make right now.", code: "subscriptions.nothing_due" });
  });

  it("a renewal that needs confirmation asks the customer to confirm, in their language, with one mail", async () => {
    const { user } = await renewalNeedingThem("requires_action", "nl");
    expect(await now(user)).toMatchObject({ status: "past_due", has_access: true, payment_issue: "requires_action" });
    const mails = (await mailsTo(h, user.email)).filter((m) => subjectOf(m).includes("bevestig"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`${SITE}/billing?pay=1`);
    const page = await get(pathOf(((await payEndpoint(user, { language: "nl" })).json() as { url: string }).url));
    expect(page.body).toContain("Betaling van");
    expect(page.body).toContain("bevestigen (test)");
  });

  it("paying the same invoice at the same moment twice pays it once", async () => {
    const { user } = await renewalNeedingThem("failed");
    const payPath = pathOf(((await payEndpoint(user)).json() as { url: string }).url);
    const answers = await Promise.all([form(payPath), form(payPath)]);
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303]);
    expect((await now(user))!.status).toBe("active");
    const mails = (await mailsTo(h, user.email)).map(subjectOf);
    expect(mails.filter((s) => s.startsWith("Payment failed"))).toHaveLength(1);
  });

  it("plays a renewal only for an active subscription, and refuses a return address outside the site", async () => {
    const { user, portal } = await renewalNeedingThem("failed");
    // Already past due: a second play changes nothing.
    expect((await form(`${portal.path}/simulate`, { kind: "failed" })).statusCode).toBe(200);
    const { rows } = await h.local.db.query("SELECT 1 FROM local_invoices WHERE user_id = $1 AND status = 'open'", [user.id]);
    expect(rows).toHaveLength(1);
    const evil = await payEndpoint(user, { returnUrl: "https://evil.example/" });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().code).toBe("subscriptions.invalid_redirect");
  });
});

describe("the grace period (PAST_DUE_GRACE_DAYS, 7 by default)", () => {
  const ageIssue = (user: Customer, days: number) =>
    h.local.db.query("UPDATE subscriptions SET payment_issue_since = now() - $2::float8 * interval '1 day' WHERE user_id = $1", [user.id, days]);

  it("keeps the paid features for the grace period after the failure, and not a day longer", async () => {
    const { user } = await renewalNeedingThem("failed");
    await ageIssue(user, 6);
    expect(await now(user)).toMatchObject({ status: "past_due", has_access: true });
    await ageIssue(user, 8);
    const after = await now(user);
    expect(after).toMatchObject({ status: "past_due", has_access: false, payment_issue: "failed" });
    expect(new Date(after!.access_until!).getTime()).toBeLessThan(Date.now());
    // A later failure of the same episode does not extend it.
    expect((await payEndpoint(user)).statusCode).toBe(200);
  });

  it("the renewal job neither renews an unpaid subscription whose period is over, nor ends it within the grace period; after it, ends it once", async () => {
    const { user } = await renewalNeedingThem("failed");
    await h.local.db.query("UPDATE subscriptions SET current_period_end = now() - interval '1 hour' WHERE user_id = $1", [user.id]);
    await ageIssue(user, 3);
    await runSubscriptionRenewal(h.local.db, new Date(), { graceDays: 7 });
    expect(await now(user)).toMatchObject({ status: "past_due", payment_issue: "failed" });

    // A minute past the grace period: aged by exactly seven days on the database's clock (microseconds), the issue
    // can still be inside it on the job's (milliseconds) when both fall in the same millisecond.
    await ageIssue(user, 7 + 1 / (24 * 60));
    const [first, second] = await Promise.all([
      runSubscriptionRenewal(h.local.db, new Date(), { graceDays: 7 }),
      runSubscriptionRenewal(h.local.db, new Date(), { graceDays: 7 }),
    ]);
    expect(first.ended + second.ended).toBeGreaterThanOrEqual(1);
    expect(await now(user)).toBeNull();
    const { rows } = await h.local.db.query<{ status: string; payment_issue: string | null }>(
      "SELECT status, payment_issue FROM subscriptions WHERE user_id = $1",
      [user.id],
    );
    expect(rows).toEqual([{ status: "canceled", payment_issue: null }]);
    expect((await payEndpoint(user)).statusCode).toBe(404);
  });
});
