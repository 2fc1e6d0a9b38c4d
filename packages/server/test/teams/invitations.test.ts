import { MAX_PENDING_INVITATIONS } from "@agency/contract";
import { hashPassword } from "../../src/lib/crypto";
import { buildTestApp, nextIp, outboxMailsTo, type TestApp } from "../support/helpers";
import { call, company, companyOf, invite, person, roleOf, subscribe } from "../support/teams-harness";

/**
 * Invitations from the attacker's side as well as the owner's: the link shows and changes nothing, works once, for 7
 * days, only for the address it was sent to, and moves only a person who can leave their company without loss.
 */

const SITE = "https://agency.example";
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE, RESET_TOKEN_RATE_LIMIT: "1000" } });
});
afterAll(async () => t?.close());

const preview = (token: string) => call(t, "GET", `/api/team-invitations?token=${encodeURIComponent(token)}`);
const accept = (who: Parameters<typeof call>[3], token: string) => call(t, "POST", "/api/team-invitations/accept", who, { token });
const invitationRow = async (email: string) =>
  (await t.db.query<{ accepted_at: Date | null; revoked_at: Date | null }>("SELECT accepted_at, revoked_at FROM company_invitations WHERE email = $1", [email])).rows[0];

/** A person registered (and signed in) with `email`, alone in a company of their own, address not verified. */
async function registered(email: string) {
  const res = await call(t, "POST", "/api/auth/register", undefined, { name: "Invitee", email, password: "secret1-pass", language: "nl" });
  expect(res.statusCode).toBe(201);
  return { id: res.json().user.id as string, email, name: "Invitee", headers: { authorization: `Bearer ${res.json().token}` } };
}

describe("the invitation mail and its link", () => {
  it("mails a link to /join in the mail's language, with who invites to which company and as what, and the page's look-up changes nothing", async () => {
    const c = await company(t);
    for (const language of ["nl", "en"] as const) {
      const email = `mail-${language}-${c.id}@example.com`;
      const token = await invite(t, c.owner, email, "billing", language);
      const mail = outboxMailsTo(t.dataDir, email).at(-1)!;
      expect(mail).toContain(`${SITE}/${language === "en" ? "en/" : ""}join?token=${token}&lang=${language}`);
      expect(mail).toContain(c.owner.name);
      expect(mail).toContain(c.owner.email);
      expect(mail).toMatch(language === "en" ? /as Billing/ : /als Facturatie/);
      // A mail scanner (or the page) looking at it, twice: it stays pending, and says the same.
      for (let i = 0; i < 2; i++) {
        const res = await preview(token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ teamName: expect.any(String), invitedBy: c.owner.name, email, role: "billing" });
        expect(res.headers["cache-control"]).toBe("no-store");
      }
      expect(await invitationRow(email)).toEqual({ accepted_at: null, revoked_at: null });
    }
  });

  it("is accepted by a new account registered with the invited address, which it verifies, and the company's subscription is theirs to see", async () => {
    const c = await company(t);
    await subscribe(t, c);
    const email = `new-${c.id}@example.com`;
    const token = await invite(t, c.owner, email, "member");
    const invitee = await registered(email);
    const ownCompany = await companyOf(t, invitee.id);
    const res = await accept(invitee, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().team.id).toBe(c.id);
    expect(await roleOf(t, invitee.id)).toBe("member");
    expect((await call(t, "GET", "/api/auth/me", invitee)).json().user.email_verified).toBe(true);
    expect((await call(t, "GET", "/api/subscriptions/current", invitee)).json().subscription).toMatchObject({ status: "active" });
    // The company the sign-up made, empty now, is gone.
    expect((await t.db.query("SELECT 1 FROM companies WHERE id = $1", [ownCompany])).rows).toEqual([]);
    // The owner is told, and the log has it.
    await t.app.settle();
    expect(outboxMailsTo(t.dataDir, c.owner.email).some((m) => m.includes(`${invitee.name} (${email}) accepted the invitation`))).toBe(true);
    const { rows } = await t.db.query("SELECT action FROM security_events WHERE company_id = $1 AND user_id = $2", [c.id, invitee.id]);
    expect(rows).toEqual([{ action: "team.joined" }]);
  });
});

describe("an attacker's tries", () => {
  it("another address cannot accept it, however it holds the link", async () => {
    const c = await company(t);
    const token = await invite(t, c.owner, `victim-${c.id}@example.com`);
    const attacker = await person(t);
    const res = await accept(attacker, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("team.invitation_email_mismatch");
    expect(await companyOf(t, attacker.id)).not.toBe(c.id);
    expect(await invitationRow(`victim-${c.id}@example.com`)).toMatchObject({ accepted_at: null });
  });

  it("a used, an expired and a withdrawn link work no more", async () => {
    const c = await company(t);
    const email = `once-${c.id}@example.com`;
    const token = await invite(t, c.owner, email);
    const invitee = await registered(email);
    expect((await accept(invitee, token)).statusCode).toBe(200);
    // Used: again by the same person (after leaving), or looked at.
    await call(t, "POST", "/api/account/team/leave", invitee);
    expect((await accept(invitee, token)).json().code).toBe("team.invitation_used");
    expect((await preview(token)).statusCode).toBe(410);

    const late = `late-${c.id}@example.com`;
    const expired = await invite(t, c.owner, late);
    await t.db.query("UPDATE company_invitations SET expires_at = now() - interval '1 second' WHERE email = $1", [late]);
    const lateComer = await registered(late);
    const res = await accept(lateComer, expired);
    expect([res.statusCode, res.json().code]).toEqual([410, "team.invitation_expired"]);
    expect((await preview(expired)).json().code).toBe("team.invitation_expired");

    const withdrawn = `withdrawn-${c.id}@example.com`;
    const revokedToken = await invite(t, c.owner, withdrawn);
    const id = (await call(t, "GET", "/api/account/team", c.owner)).json().invitations.find((i: { email: string }) => i.email === withdrawn).id;
    expect((await call(t, "DELETE", `/api/account/team/invitations/${id}`, c.people.admin)).statusCode).toBe(200);
    const revokedInvitee = await registered(withdrawn);
    expect((await accept(revokedInvitee, revokedToken)).json().code).toBe("team.invitation_invalid");
    expect(await companyOf(t, revokedInvitee.id)).not.toBe(c.id);
  });

  it("one link accepted twice at once makes one membership", async () => {
    const c = await company(t);
    const email = `twice-${c.id}@example.com`;
    const token = await invite(t, c.owner, email, "billing");
    const invitee = await registered(email);
    const answers = await Promise.all([accept(invitee, token), accept(invitee, token)]);
    // The second waits for the first and finds the link used.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(await roleOf(t, invitee.id)).toBe("billing");
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM security_events WHERE action = 'team.joined' AND user_id = $1", [invitee.id]);
    expect(rows[0]!.n).toBe(1);
  });

  it("a member of another company must leave it first; so must someone alone in a company that has a running subscription", async () => {
    const target = await company(t);
    const other = await company(t);
    const token = await invite(t, target.owner, other.people.member.email);
    const res = await accept(other.people.member, token);
    expect([res.statusCode, res.json().code]).toEqual([409, "team.leave_company_first"]);
    expect(await companyOf(t, other.people.member.id)).toBe(other.id);

    const subscriber = await person(t);
    const subscriberCompany = await companyOf(t, subscriber.id);
    await t.db.query(
      `INSERT INTO subscriptions (company_id, user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
       VALUES ($1, $2, 'pro', 'monthly', 'local', 'active', now(), now() + interval '1 month', now())`,
      [subscriberCompany, subscriber.id],
    );
    const second = await accept(subscriber, await invite(t, target.owner, subscriber.email));
    expect([second.statusCode, second.json().code]).toEqual([409, "team.leave_company_first"]);
    expect((await t.db.query("SELECT 1 FROM companies WHERE id = $1", [subscriberCompany])).rows).toHaveLength(1);
  });

  it("an unverified inviter cannot invite, and a company has at most 20 invitations pending", async () => {
    const owner = await registered(`unverified-owner-${Date.now()}@example.com`);
    const refused = await call(t, "POST", "/api/account/team/invitations", owner, { email: "someone@example.com", role: "member" });
    expect([refused.statusCode, refused.json().code]).toEqual([403, "team.email_unverified"]);

    const c = await company(t);
    for (let i = 0; i < MAX_PENDING_INVITATIONS; i++) {
      expect((await call(t, "POST", "/api/account/team/invitations", c.owner, { email: `p${i}-${c.id}@example.com`, role: "member" })).statusCode).toBe(201);
    }
    const over = await call(t, "POST", "/api/account/team/invitations", c.people.admin, { email: `one-more-${c.id}@example.com`, role: "member" });
    expect([over.statusCode, over.json().code]).toEqual([409, "team.too_many_invitations"]);
  });

  it("nobody gives themself another role: a member, a billing member, an admin, or someone naming 'owner'", async () => {
    const c = await company(t);
    for (const who of [c.people.member, c.people.billing, c.people.admin]) {
      const res = await call(t, "PATCH", `/api/account/team/members/${who.id}`, who, { role: "admin" });
      expect([res.statusCode, res.json().code]).toEqual([403, "team.forbidden"]);
    }
    const owner = await call(t, "PATCH", `/api/account/team/members/${c.people.admin.id}`, c.owner, { role: "owner" });
    expect(owner.statusCode).toBe(400);
    const invitedOwner = await call(t, "POST", "/api/account/team/invitations", c.owner, { email: "owner@example.com", role: "owner" });
    expect(invitedOwner.statusCode).toBe(400);
    expect(await roleOf(t, c.people.member.id)).toBe("member");
    expect(await roleOf(t, c.people.admin.id)).toBe("admin");
  });

  it("the last owner cannot leave, nor delete their account while others are members; an admin cannot remove or demote the owner", async () => {
    const c = await company(t);
    const leave = await call(t, "POST", "/api/account/team/leave", c.owner);
    expect([leave.statusCode, leave.json().code]).toEqual([409, "team.owner_cannot_leave"]);
    expect((await call(t, "DELETE", `/api/account/team/members/${c.owner.id}`, c.people.admin)).statusCode).toBe(403);
    expect((await call(t, "PATCH", `/api/account/team/members/${c.owner.id}`, c.people.admin, { role: "member" })).statusCode).toBe(403);
    await t.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [c.owner.id, await hashPassword("owner-pass-1")]);
    const deleted = await call(t, "DELETE", "/api/account", c.owner, { password: "owner-pass-1" });
    expect([deleted.statusCode, deleted.json().code]).toEqual([409, "team.owner_must_transfer"]);
    expect(await roleOf(t, c.owner.id)).toBe("owner");
  });

  it("two admins removing each other at once: one of them stays", async () => {
    const c = await company(t);
    const second = await person(t, { companyId: c.id, role: "admin" });
    const answers = await Promise.all([
      call(t, "DELETE", `/api/account/team/members/${second.id}`, c.people.admin),
      call(t, "DELETE", `/api/account/team/members/${c.people.admin.id}`, second),
    ]);
    // The one removed first is refused under the company's lock (403), or, when it arrived after, finds nobody to
    // remove in the company of its own it is in by then (404).
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.statusCode)).toEqual([expect.toBeOneOf([403, 404])]);
    const still = [await companyOf(t, c.people.admin.id), await companyOf(t, second.id)].filter((id) => id === c.id);
    expect(still).toHaveLength(1);
  });
});

describe("a removed member", () => {
  it("loses the company at once on every session: its subscription, its invoices and a billing-portal link opened before", async () => {
    const c = await company(t);
    await subscribe(t, c);
    const billing = c.people.billing;
    const portal = await call(t, "POST", "/api/subscriptions/portal", billing, { returnUrl: `${SITE}/dashboard/settings` });
    const portalPath = new URL(portal.json().url).pathname;
    expect((await t.app.inject({ url: portalPath })).statusCode).toBe(200);

    expect((await call(t, "DELETE", `/api/account/team/members/${billing.id}`, c.owner)).statusCode).toBe(200);
    expect((await call(t, "GET", "/api/subscriptions/current", billing)).json().subscription).toBeNull();
    expect((await call(t, "POST", "/api/subscriptions/cancel", billing, {})).statusCode).toBe(404);
    expect((await t.app.inject({ url: portalPath })).body).not.toContain("Pro Plan");
    // Still signed in, in a company of their own.
    expect((await call(t, "GET", "/api/account/team", billing)).json()).toMatchObject({ role: "owner", members: [{ id: billing.id }] });
    await t.app.settle();
    expect(outboxMailsTo(t.dataDir, c.owner.email).some((m) => m.includes(`removed ${billing.name} (${billing.email})`))).toBe(true);
  });
});

it("registration names the company after the company given, else the person", async () => {
  const email = `named-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: nextIp(),
    payload: { name: "Anna de Vries", email, password: "secret1-pass", company: "  Bakkerij de Vries B.V. " },
  });
  const headers = { authorization: `Bearer ${res.json().token}` };
  expect((await t.app.inject({ url: "/api/account/team", headers })).json()).toMatchObject({ team: { name: "Bakkerij de Vries B.V." }, role: "owner" });
  const unnamed = await registered(`unnamed-${Date.now()}@example.com`);
  expect((await call(t, "GET", "/api/account/team", unnamed)).json().team.name).toBe("Invitee");
});
