import { hashPassword } from "../../src/lib/crypto";
import { buildTestApp, outboxMailsTo, quoteRequest, type TestApp } from "../support/helpers";
import { signedInStaff } from "../support/desk-helpers";
import { call, company, companyOf, person, roleOf, subscribe, type Person } from "../support/teams-harness";

/**
 * What happens around a company's members over time: handing ownership over, leaving, deleting an account, erasing
 * the last member, the data export, the desk's view, and the owner's mails and the security log for each change.
 */

const SITE = "https://agency.example";
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE, CONTACT_RATE_LIMIT: "1000" } });
});
afterAll(async () => t?.close());

const PASSWORD = "member-pass-1";
async function withPassword(who: Person) {
  await t.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [who.id, await hashPassword(PASSWORD)]);
  return who;
}
const deleteAccount = (who: Person) => call(t, "DELETE", "/api/account", who, { password: PASSWORD });
const log = async (companyId: string) =>
  (await t.db.query<{ action: string; user_id: string | null; actor_name: string; detail: Record<string, string> }>(
    "SELECT action, user_id, actor_name, detail FROM security_events WHERE company_id = $1 ORDER BY id",
    [companyId],
  )).rows;
const mailsTo = async (who: Person) => {
  await t.app.settle();
  return outboxMailsTo(t.dataDir, who.email);
};

it("handing ownership over makes the other member the owner and the owner an admin, mails both, and logs it", async () => {
  const c = await company(t);
  expect((await call(t, "POST", "/api/account/team/transfer", c.owner, { memberId: c.people.billing.id })).statusCode).toBe(200);
  expect([await roleOf(t, c.people.billing.id), await roleOf(t, c.owner.id)]).toEqual(["owner", "admin"]);
  for (const who of [c.owner, c.people.billing]) expect((await mailsTo(who)).some((m) => m.includes("handed ownership of the company over to"))).toBe(true);
  expect(await log(c.id)).toEqual([expect.objectContaining({ action: "team.ownership_transferred", user_id: c.people.billing.id, actor_name: c.owner.name })]);
  // The former owner may leave now; the new one hands on, or stays.
  expect((await call(t, "POST", "/api/account/team/leave", c.owner)).statusCode).toBe(200);
  expect((await call(t, "POST", "/api/account/team/transfer", c.people.admin, { memberId: c.people.member.id })).statusCode).toBe(403);
});

it("a role change is logged about the member's account and mailed to the owner; so is leaving", async () => {
  const c = await company(t);
  await call(t, "PATCH", `/api/account/team/members/${c.people.member.id}`, c.people.admin, { role: "billing" });
  await call(t, "POST", "/api/account/team/leave", c.people.billing);
  expect(await log(c.id)).toEqual([
    expect.objectContaining({ action: "team.role_changed", user_id: c.people.member.id, detail: expect.objectContaining({ role: "billing", from: "member" }) }),
    expect.objectContaining({ action: "team.left", user_id: c.people.billing.id }),
  ]);
  const mails = await mailsTo(c.owner);
  expect(mails.some((m) => m.includes(`changed the role of ${c.people.member.name} (${c.people.member.email}) from Member to Billing`))).toBe(true);
  expect(mails.some((m) => m.includes(`${c.people.billing.name} (${c.people.billing.email}) left the company`))).toBe(true);
});

it("a member who deletes their account leaves the company and its subscription as they are; the owner is told", async () => {
  const c = await company(t);
  await subscribe(t, c, c.people.billing);
  const billing = await withPassword(c.people.billing);
  expect((await deleteAccount(billing)).statusCode).toBe(200);
  expect((await call(t, "GET", "/api/subscriptions/current", c.people.member)).json().subscription).toMatchObject({ status: "active" });
  expect(await log(c.id)).toEqual([expect.objectContaining({ action: "team.account_deleted", user_id: null, detail: expect.objectContaining({ member: billing.email }) })]);
  expect((await mailsTo(c.owner)).some((m) => m.includes(`${billing.name} (${billing.email}) deleted their account`))).toBe(true);
});

it("erasing a company's last member cancels its subscription and erases the company with its invoices and quote requests", async () => {
  const owner = await withPassword(await person(t));
  const companyId = await companyOf(t, owner.id);
  const checkout = await call(t, "POST", "/api/subscriptions/create-checkout", owner, {
    planId: "pro",
    billingPeriod: "monthly",
    successUrl: `${SITE}/dashboard`,
    cancelUrl: `${SITE}/subscribe`,
  });
  const paid = await t.app.inject({ method: "POST", url: `${new URL(checkout.json().checkoutUrl).pathname}/pay`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "country=NL" });
  expect(paid.statusCode).toBe(303);
  const quote = await call(t, "POST", "/api/contact", owner, quoteRequest({ email: "someone-else@example.com", fillMs: 60_000 }));
  expect(quote.statusCode).toBe(200);
  expect((await t.db.query("SELECT 1 FROM contact_requests WHERE company_id = $1", [companyId])).rows).toHaveLength(1);

  expect((await deleteAccount(owner)).statusCode).toBe(200);
  for (const table of ["companies WHERE id", "subscriptions WHERE company_id", "local_invoices WHERE company_id", "contact_requests WHERE company_id"]) {
    expect((await t.db.query(`SELECT 1 FROM ${table} = $1`, [companyId])).rows, table).toEqual([]);
  }
  expect((await t.db.query("SELECT 1 FROM contact_requests WHERE email = 'someone-else@example.com'")).rows).toEqual([]);
});

it("the desk's erasure of an owner with members hands the company to its admin", async () => {
  const c = await company(t);
  const staff = await signedInStaff(t, "admin");
  const res = await t.app.inject({ method: "DELETE", url: `/api/desk/customers/${c.owner.id}`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(await roleOf(t, c.people.admin.id)).toBe("owner");
  expect((await mailsTo(c.people.admin)).some((m) => m.includes("deleted their account"))).toBe(true);
});

it("the data export names the company, the member's role and the security log; the quote requests sent while signed in to it", async () => {
  const c = await company(t);
  await subscribe(t, c);
  await call(t, "PATCH", `/api/account/team/members/${c.people.member.id}`, c.owner, { role: "billing" });
  await call(t, "POST", "/api/contact", c.owner, quoteRequest({ email: "quotes@example.com", fillMs: 60_000 }));
  const res = await call(t, "GET", "/api/account/export", c.people.member);
  expect(res.statusCode).toBe(200);
  const data = res.json();
  expect(data.company).toMatchObject({ id: c.id, role: "billing", name: expect.any(String) });
  expect(data.security_log).toEqual([expect.objectContaining({ action: "team.role_changed", actor: c.owner.name })]);
  expect(data.subscriptions).toHaveLength(1);
  expect(data.quote_requests.map((q: { email: string }) => q.email)).toEqual(["quotes@example.com"]);
});

it("the desk shows a customer's company, its members and their roles, and its log", async () => {
  const c = await company(t);
  await call(t, "POST", "/api/account/team/leave", c.people.member);
  const staff = await signedInStaff(t, "staff");
  const res = await t.app.inject({ url: `/api/desk/customers/${c.people.billing.id}`, headers: staff.headers });
  expect(res.statusCode).toBe(200);
  const { company: shown } = res.json().customer;
  expect(shown).toMatchObject({ id: c.id, role: "billing" });
  expect(shown.members.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
    [c.owner.id, "owner"],
    [c.people.admin.id, "admin"],
    [c.people.billing.id, "billing"],
  ]);
  expect(shown.log).toEqual([expect.objectContaining({ action: "team.left" })]);
  // Staff see it; there is no desk call that changes a company.
  const changed = await t.app.inject({ method: "PATCH", url: `/api/desk/customers/${c.people.billing.id}`, headers: staff.headers, payload: { role: "owner" } });
  expect(changed.statusCode).toBe(404);
});

it("a statement of withdrawal ends the company's subscription only when its owner or a billing member sends it", async () => {
  const c = await company(t);
  await subscribe(t, c);
  const statement = (who: Person) =>
    call(t, "POST", "/api/withdrawals", who, { name: who.name, email: who.email, language: "en" });
  const outcome = async (who: Person) =>
    (await t.db.query<{ outcome: string }>("SELECT outcome FROM withdrawals WHERE user_id = $1", [who.id])).rows[0]?.outcome;

  expect((await call(t, "GET", "/api/withdrawals/mine", c.people.member)).json().contract).toBeNull();
  expect((await statement(c.people.member)).statusCode).toBe(200);
  expect(await outcome(c.people.member)).toBe("no_contract");
  expect((await call(t, "GET", "/api/subscriptions/current", c.owner)).json().subscription).toMatchObject({ status: "active", cancel_at_period_end: false });

  expect((await call(t, "GET", "/api/withdrawals/mine", c.people.billing)).json().contract).not.toBeNull();
  expect((await statement(c.people.billing)).statusCode).toBe(200);
  // Carried out after the answer: pending, or done by now.
  expect(await outcome(c.people.billing)).toBeOneOf(["pending", "withdrawn"]);
});
