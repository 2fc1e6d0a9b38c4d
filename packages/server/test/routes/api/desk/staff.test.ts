import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as auditRepository from "../../../../src/desk/audit-repository";
import { buildTestApp, linkToken, nextIp, outboxMailsTo, type TestApp } from "../../../support/helpers";
import { localSubscriber, register } from "../../../support/payments-harness";
import { auditEntries, signedInStaff, staffEmail, type StaffLogin } from "../../../support/desk-helpers";

/** Staff management, the customer view and the audit log, with the admin-only calls refused to staff. */
let t: TestApp;
let admin: StaffLogin;
let staff: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: "https://agency.example" } });
  admin = await signedInStaff(t, "admin");
  staff = await signedInStaff(t, "staff");
}, 180_000);
afterAll(async () => t?.close());

const as = (who: StaffLogin, method: "GET" | "POST" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who.headers, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

describe("staff", () => {
  it("invites by e-mail in the chosen language with a one-time enrolment link, and the invitation is audited", async () => {
    const email = staffEmail("nieuw");
    const res = await as(admin, "POST", "/api/desk/staff", { email, role: "staff", language: "nl", basePath: "/preview/abc/def/" });
    expect(res.statusCode).toBe(201);
    expect(res.json().staff).toMatchObject({ email, role: "staff", enrolled: false });
    await t.app.settle();
    const [mail] = outboxMailsTo(t.dataDir, email);
    expect(mail).toContain("Je bent uitgenodigd");
    expect(mail).toContain(`https://agency.example/preview/abc/def/desk/enrol?token=`);
    const token = linkToken(mail!, "desk/enrol")!;
    expect((await t.app.inject({ url: `/api/desk/enrolment?token=${token}` })).json().email).toBe(email);
    expect((await as(admin, "POST", "/api/desk/staff", { email, role: "admin" })).json().code).toBe("desk.staff_exists");
    expect(await auditEntries(t, "staff.invite")).toContainEqual(expect.objectContaining({ actor: admin.email, target: `staff:${email}`, detail: { role: "staff" } }));
    const list = (await as(staff, "GET", "/api/desk/staff")).json().staff.map((s: { email: string }) => s.email);
    expect(list).toEqual(expect.arrayContaining([admin.email, staff.email, email]));
  });

  it("removes a staff member, whose sessions end at once; an admin cannot remove themselves", async () => {
    const leaving = await signedInStaff(t, "staff");
    expect((await as(leaving, "GET", "/api/desk/me")).statusCode).toBe(200);
    expect((await as(admin, "DELETE", `/api/desk/staff/${leaving.id}`)).statusCode).toBe(200);
    expect((await as(leaving, "GET", "/api/desk/me")).statusCode).toBe(401);
    expect((await as(admin, "DELETE", `/api/desk/staff/${leaving.id}`)).json().code).toBe("desk.staff_not_found");
    expect((await as(admin, "DELETE", `/api/desk/staff/${admin.id}`)).json().code).toBe("desk.cannot_remove_self");
    expect(await auditEntries(t, "staff.remove")).toContainEqual(expect.objectContaining({ actor: admin.email, target: `staff:${leaving.email}` }));
  });

  it("refuses the admin-only calls to staff with 403 desk.admin_only", async () => {
    const calls: [method: "GET" | "POST" | "DELETE", url: string, payload?: Record<string, unknown>][] = [
      ["POST", "/api/desk/staff", { email: "x@agency.example", role: "admin" }],
      ["DELETE", `/api/desk/staff/${admin.id}`],
      ["DELETE", `/api/desk/customers/${(await register(t)).id}`],
      ["GET", "/api/desk/audit"],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as(staff, method, url, payload);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, "desk.admin_only"]);
    }
  });
});

describe("customers", () => {
  it("finds a customer and shows their account, subscription, invoices and sessions", async () => {
    const { user } = await localSubscriber(t, { language: "nl" });
    const found = (await as(staff, "GET", `/api/desk/customers?q=${encodeURIComponent(user.email.slice(0, 12).toUpperCase())}`)).json().customers;
    expect(found.map((c: { id: string }) => c.id)).toContain(user.id);
    const { customer } = (await as(staff, "GET", `/api/desk/customers/${user.id}`)).json();
    expect(customer).toMatchObject({ id: user.id, email: user.email, emailVerified: false, language: "nl", sessions: 1 });
    expect(customer.subscription).toMatchObject({ planId: "pro", status: "active", cancelAtPeriodEnd: false, billingPeriod: "yearly" });
    expect(customer.invoices.length).toBeGreaterThan(0);
    expect(customer.consentRecords).toEqual([]);
    expect(customer.withdrawals).toEqual([]);
  });

  it("shows the customer's statements of withdrawal, carried out and refunded", async () => {
    const { user } = await localSubscriber(t, { language: "en" });
    const stated = await t.app.inject({ method: "POST", url: "/api/withdrawals", remoteAddress: nextIp(), payload: { name: "Klant", email: user.email } });
    expect(stated.statusCode, stated.body).toBe(200);
    await t.app.settle();
    const { customer } = (await as(staff, "GET", `/api/desk/customers/${user.id}`)).json();
    expect(customer.withdrawals).toEqual([
      {
        id: expect.any(String),
        receivedAt: expect.any(String),
        outcome: "withdrawn",
        executedAt: expect.any(String),
        undoneAt: null,
        refund: { cents: expect.any(Number), currency: expect.any(String), reference: expect.stringMatching(/^test_re_/) },
      },
    ]);
    expect(customer.withdrawals[0].refund.cents).toBeGreaterThan(0);
  });

  it("resends the verification mail in the customer's language and cancels at period end, both audited", async () => {
    const { user } = await localSubscriber(t, { language: "nl" });
    // The subscription's own mails are written first, so the newest mail is the one the desk asked for.
    await t.app.settle();
    const before = outboxMailsTo(t.dataDir, user.email).length;
    expect((await as(staff, "POST", `/api/desk/customers/${user.id}/resend-verification`, {})).statusCode).toBe(200);
    await t.app.settle();
    const sent = outboxMailsTo(t.dataDir, user.email).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("verify-email?token=");
    expect(sent[0]).toContain("lang=nl");
    const cancelled = await as(staff, "POST", `/api/desk/customers/${user.id}/cancel-subscription`);
    expect(cancelled.json().customer.subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    // Twice is the same: no second cancellation, no second entry.
    expect((await as(staff, "POST", `/api/desk/customers/${user.id}/cancel-subscription`)).statusCode).toBe(200);
    expect((await auditEntries(t, "customer.cancel_subscription")).filter((e) => e.target === `customer:${user.id}`)).toHaveLength(1);
    expect(await auditEntries(t, "customer.resend_verification")).toContainEqual(expect.objectContaining({ actor: staff.email, target: `customer:${user.id}` }));
  });

  it("erases an account as the customer's own deletion does: subscription ended, sessions and quote requests gone", async () => {
    const { user } = await localSubscriber(t);
    await t.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [user.id]);
    await t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: nextIp(),
      payload: { name: "Klant", email: user.email, countryCode: "+31", phone: "0612345678", projectType: "new-website", budgetRange: "1000-2000", timeline: "1-month", domainStatus: "have-domain", language: "en" },
    });
    expect((await as(admin, "GET", `/api/desk/customers/${user.id}`)).json().customer.consentRecords).toHaveLength(1);
    const { rows: before } = await t.db.query<{ id: string }>("SELECT id FROM subscriptions WHERE user_id = $1", [user.id]);
    expect((await as(admin, "DELETE", `/api/desk/customers/${user.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/auth/me", headers: user.headers })).statusCode).toBe(401);
    expect((await t.db.query("SELECT 1 FROM users WHERE id = $1", [user.id])).rows).toEqual([]);
    expect((await t.db.query("SELECT 1 FROM subscriptions WHERE id = $1", [before[0]!.id])).rows).toEqual([]);
    expect((await t.db.query("SELECT 1 FROM contact_requests WHERE email = $1", [user.email])).rows).toEqual([]);
    expect(await auditEntries(t, "customer.erase")).toContainEqual(expect.objectContaining({ actor: admin.email, target: `customer:${user.id}` }));
    expect((await as(admin, "GET", `/api/desk/customers/${user.id}`)).json().code).toBe("desk.customer_not_found");
  });
});

describe("the audit log", () => {
  it("is read by admins, newest first, with who, what, when and the source address", async () => {
    const res = await as(admin, "GET", "/api/desk/audit");
    const entries = res.json().entries as { id: number; at: string; actor: string; action: string; ip: string }[];
    expect(entries.length).toBeGreaterThan(5);
    expect(entries.map((e) => e.id)).toEqual(entries.map((e) => e.id).toSorted((a, b) => b - a));
    expect(entries.find((e) => e.action === "desk.sign_in")).toMatchObject({ actor: expect.any(String), ip: expect.stringMatching(/^10\./) });
    const older = (await as(admin, "GET", `/api/desk/audit?before=${entries[1]!.id}`)).json().entries;
    expect(older[0].id).toBe(entries[2]!.id);
  });

  it("has no code path that changes or deletes an entry, and the database refuses both", async () => {
    expect(Object.keys(auditRepository).filter((name) => typeof (auditRepository as Record<string, unknown>)[name] === "function").sort()).toEqual([
      "insertAuditEntry",
      "selectAuditEntries",
    ]);
    await expect(t.db.query("UPDATE audit_log SET actor = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(t.db.query("DELETE FROM audit_log")).rejects.toThrow(/append-only/);
    await expect(t.db.query("TRUNCATE audit_log")).rejects.toThrow(/append-only/);
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log")).rows[0]!.n).toBeGreaterThan(0);
  });
});
