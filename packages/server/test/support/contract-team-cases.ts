import type { LightMyRequestResponse } from "fastify";
import type { ErrorCode } from "@agency/contract";
import { MAX_PENDING_INVITATIONS } from "@agency/contract";
import { sha256 } from "../../src/lib/crypto";
import { INVITATION_MAILS_PER_DAY } from "../../src/teams/invitations";
import type { TestApp } from "./helpers";
import { call, company, invite, person, subscribe, type Person } from "./teams-harness";

/**
 * The contract test's cases for companies (/api/account/team…, /api/team-invitations…) and the 403 `team.forbidden`
 * of the subscription calls, one or more per documented operation and status. People are made in the database (no
 * password hashing). The app's per-IP limit of token checks is 1, so a second look-up from one address is over it.
 */

interface Case {
  status: number;
  code?: ErrorCode;
  run: () => Promise<LightMyRequestResponse>;
}

export function teamCases({ local, site }: { local: TestApp; site: string }): Record<string, Case[]> {
  /** Someone whose company is gone from under them (no membership at all): every team call refuses them. */
  const companyless = async () => {
    const p = await person(local);
    await local.db.query("DELETE FROM company_members WHERE user_id = $1", [p.id]);
    return p;
  };
  const memberOf = async () => (await company(local)).people.member;
  /** An invitation stored for `email` (to `companyId`, else a new company): valid, used, expired or withdrawn; returns its token. */
  const storedInvitation = async (
    state: "valid" | "used" | "expired" | "revoked",
    email = `invited-${Date.now()}-${Math.random()}@example.com`,
    companyId?: string,
  ) => {
    const target = companyId ?? (await company(local)).id;
    const token = `contract-invitation-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    await local.db.query(
      `INSERT INTO company_invitations (company_id, email, role, token_hash, invited_by_name, locale, expires_at, accepted_at, revoked_at)
       VALUES ($1, $2, 'member', $3, 'Robin', 'en', now() + make_interval(days => $4), CASE WHEN $5 THEN now() END, CASE WHEN $6 THEN now() END)`,
      [target, email, sha256(token), state === "expired" ? -1 : 7, state === "used", state === "revoked"],
    );
    return token;
  };
  const twice = async (url: string) => {
    const remoteAddress = "10.250.0.1";
    await local.app.inject({ url, remoteAddress });
    return local.app.inject({ url, remoteAddress });
  };
  const accept = (who: Person, token: string) => call(local, "POST", "/api/team-invitations/accept", who, { token });
  const invitationsUrl = "/api/account/team/invitations";
  const checkoutBody = { planId: "pro", billingPeriod: "yearly", successUrl: `${site}/dashboard`, cancelUrl: `${site}/subscribe` };

  return {
    "GET /api/account/team": [
      { status: 200, run: async () => call(local, "GET", "/api/account/team", await person(local)) },
      { status: 401, code: "auth.required", run: () => call(local, "GET", "/api/account/team") },
      { status: 403, code: "team.forbidden", run: async () => call(local, "GET", "/api/account/team", await companyless()) },
    ],
    "PATCH /api/account/team": [
      { status: 200, run: async () => call(local, "PATCH", "/api/account/team", await person(local), { name: "Bakkerij de Vries", kvkNumber: "12345678" }) },
      { status: 400, code: "request.invalid", run: async () => call(local, "PATCH", "/api/account/team", await person(local), { vatId: "not a vat number" }) },
      { status: 401, code: "auth.required", run: () => call(local, "PATCH", "/api/account/team", undefined, { name: "X" }) },
      { status: 403, code: "team.forbidden", run: async () => call(local, "PATCH", "/api/account/team", await memberOf(), { name: "Mine now" }) },
    ],
    "POST /api/account/team/invitations": [
      { status: 201, run: async () => call(local, "POST", invitationsUrl, await person(local), { email: `new-${Date.now()}@example.com`, role: "admin" }) },
      { status: 400, code: "request.invalid", run: async () => call(local, "POST", invitationsUrl, await person(local), { email: "x@example.com", role: "owner" }) },
      { status: 401, code: "auth.required", run: () => call(local, "POST", invitationsUrl, undefined, { email: "x@example.com", role: "member" }) },
      { status: 403, code: "team.forbidden", run: async () => call(local, "POST", invitationsUrl, await memberOf(), { email: "x@example.com", role: "member" }) },
      {
        status: 403,
        code: "team.email_unverified",
        run: async () => {
          const owner = await person(local);
          await local.db.query("UPDATE users SET email_verified_at = NULL WHERE id = $1", [owner.id]);
          return call(local, "POST", invitationsUrl, owner, { email: "x@example.com", role: "member" });
        },
      },
      {
        status: 409,
        code: "team.already_member",
        run: async () => {
          const c = await company(local);
          return call(local, "POST", invitationsUrl, c.owner, { email: c.people.billing.email, role: "member" });
        },
      },
      {
        status: 409,
        code: "team.already_invited",
        run: async () => {
          const owner = await person(local);
          await invite(local, owner, "twice@example.com");
          return call(local, "POST", invitationsUrl, owner, { email: "twice@example.com", role: "member" });
        },
      },
      {
        status: 409,
        code: "team.too_many_invitations",
        run: async () => {
          const owner = await person(local);
          await local.db.query(
            `INSERT INTO company_invitations (company_id, email, role, token_hash, invited_by_name, locale, expires_at)
             SELECT m.company_id, 'full-' || n || '@example.com', 'member', md5(random()::text), 'X', 'en', now() + interval '1 day'
               FROM company_members m, generate_series(1, $2::int) AS n WHERE m.user_id = $1`,
            [owner.id, MAX_PENDING_INVITATIONS],
          );
          return call(local, "POST", invitationsUrl, owner, { email: "one-more@example.com", role: "member" });
        },
      },
      {
        status: 429,
        code: "request.too_many",
        run: async () => {
          const owner = await person(local);
          await local.db.query(
            `INSERT INTO rate_events (bucket, key) SELECT 'team:invitations', m.company_id::text FROM company_members m, generate_series(1, $2::int)
              WHERE m.user_id = $1`,
            [owner.id, INVITATION_MAILS_PER_DAY],
          );
          return call(local, "POST", invitationsUrl, owner, { email: "limit@example.com", role: "member" });
        },
      },
    ],
    "DELETE /api/account/team/invitations/{id}": [
      {
        status: 200,
        run: async () => {
          const owner = await person(local);
          const made = await call(local, "POST", invitationsUrl, owner, { email: "withdraw@example.com", role: "member" });
          return call(local, "DELETE", `${invitationsUrl}/${made.json().invitation.id}`, owner);
        },
      },
      { status: 400, code: "request.invalid", run: async () => call(local, "DELETE", `${invitationsUrl}/not-a-uuid`, await person(local)) },
      { status: 401, code: "auth.required", run: () => call(local, "DELETE", `${invitationsUrl}/00000000-0000-4000-8000-000000000000`) },
      { status: 403, code: "team.forbidden", run: async () => call(local, "DELETE", `${invitationsUrl}/00000000-0000-4000-8000-000000000000`, await memberOf()) },
      {
        status: 404,
        code: "team.invitation_not_found",
        run: async () => call(local, "DELETE", `${invitationsUrl}/00000000-0000-4000-8000-000000000000`, await person(local)),
      },
    ],
    "GET /api/team-invitations": [
      { status: 200, run: async () => call(local, "GET", `/api/team-invitations?token=${await storedInvitation("valid")}`) },
      { status: 400, code: "request.invalid", run: () => call(local, "GET", "/api/team-invitations") },
      { status: 404, code: "team.invitation_invalid", run: async () => call(local, "GET", `/api/team-invitations?token=${await storedInvitation("revoked")}`) },
      { status: 410, code: "team.invitation_used", run: async () => call(local, "GET", `/api/team-invitations?token=${await storedInvitation("used")}`) },
      { status: 410, code: "team.invitation_expired", run: async () => call(local, "GET", `/api/team-invitations?token=${await storedInvitation("expired")}`) },
      { status: 429, code: "request.too_many", run: () => twice("/api/team-invitations?token=no-such-invitation") },
    ],
    "POST /api/team-invitations/accept": [
      {
        status: 200,
        run: async () => {
          const invitee = await person(local);
          return accept(invitee, await storedInvitation("valid", invitee.email));
        },
      },
      { status: 400, code: "request.invalid", run: async () => call(local, "POST", "/api/team-invitations/accept", await person(local), {}) },
      { status: 401, code: "auth.required", run: async () => call(local, "POST", "/api/team-invitations/accept", undefined, { token: "x" }) },
      { status: 403, code: "team.invitation_email_mismatch", run: async () => accept(await person(local), await storedInvitation("valid")) },
      { status: 404, code: "team.invitation_invalid", run: async () => accept(await person(local), "no-such-invitation") },
      {
        status: 409,
        code: "team.already_member",
        run: async () => {
          const c = await company(local);
          return accept(c.people.member, await storedInvitation("valid", c.people.member.email, c.id));
        },
      },
      {
        status: 409,
        code: "team.leave_company_first",
        run: async () => {
          const c = await company(local);
          return accept(c.people.admin, await storedInvitation("valid", c.people.admin.email));
        },
      },
      {
        status: 410,
        code: "team.invitation_used",
        run: async () => {
          const invitee = await person(local);
          return accept(invitee, await storedInvitation("used", invitee.email));
        },
      },
      {
        status: 410,
        code: "team.invitation_expired",
        run: async () => {
          const invitee = await person(local);
          return accept(invitee, await storedInvitation("expired", invitee.email));
        },
      },
      {
        status: 429,
        code: "request.too_many",
        run: async () => {
          const invitee = await person(local);
          const send = () => local.app.inject({ method: "POST", url: "/api/team-invitations/accept", headers: invitee.headers, payload: { token: "x" }, remoteAddress: "10.250.0.2" });
          await send();
          return send();
        },
      },
    ],
    "PATCH /api/account/team/members/{id}": [
      {
        status: 200,
        run: async () => {
          const c = await company(local);
          return call(local, "PATCH", `/api/account/team/members/${c.people.member.id}`, c.owner, { role: "billing" });
        },
      },
      { status: 400, code: "request.invalid", run: async () => call(local, "PATCH", `/api/account/team/members/${(await memberOf()).id}`, await person(local), { role: "owner" }) },
      { status: 401, code: "auth.required", run: async () => call(local, "PATCH", `/api/account/team/members/${(await memberOf()).id}`, undefined, { role: "admin" }) },
      {
        status: 403,
        code: "team.forbidden",
        run: async () => {
          const member = await memberOf();
          return call(local, "PATCH", `/api/account/team/members/${member.id}`, member, { role: "admin" });
        },
      },
      { status: 404, code: "team.member_not_found", run: async () => call(local, "PATCH", `/api/account/team/members/${(await memberOf()).id}`, await person(local), { role: "admin" }) },
    ],
    "DELETE /api/account/team/members/{id}": [
      {
        status: 200,
        run: async () => {
          const c = await company(local);
          return call(local, "DELETE", `/api/account/team/members/${c.people.member.id}`, c.people.admin);
        },
      },
      { status: 400, code: "request.invalid", run: async () => call(local, "DELETE", "/api/account/team/members/nobody", await person(local)) },
      { status: 401, code: "auth.required", run: async () => call(local, "DELETE", `/api/account/team/members/${(await memberOf()).id}`) },
      {
        status: 403,
        code: "team.forbidden",
        run: async () => {
          const c = await company(local);
          return call(local, "DELETE", `/api/account/team/members/${c.owner.id}`, c.people.admin);
        },
      },
      { status: 404, code: "team.member_not_found", run: async () => call(local, "DELETE", `/api/account/team/members/${(await memberOf()).id}`, await person(local)) },
    ],
    "POST /api/account/team/leave": [
      { status: 200, run: async () => call(local, "POST", "/api/account/team/leave", await memberOf()) },
      { status: 401, code: "auth.required", run: () => call(local, "POST", "/api/account/team/leave") },
      { status: 403, code: "team.forbidden", run: async () => call(local, "POST", "/api/account/team/leave", await companyless()) },
      { status: 409, code: "team.owner_cannot_leave", run: async () => call(local, "POST", "/api/account/team/leave", await person(local)) },
    ],
    "POST /api/account/team/transfer": [
      {
        status: 200,
        run: async () => {
          const c = await company(local);
          return call(local, "POST", "/api/account/team/transfer", c.owner, { memberId: c.people.admin.id });
        },
      },
      { status: 400, code: "request.invalid", run: async () => call(local, "POST", "/api/account/team/transfer", await person(local), {}) },
      { status: 401, code: "auth.required", run: () => call(local, "POST", "/api/account/team/transfer", undefined, { memberId: "00000000-0000-4000-8000-000000000000" }) },
      {
        status: 403,
        code: "team.forbidden",
        run: async () => {
          const c = await company(local);
          return call(local, "POST", "/api/account/team/transfer", c.people.admin, { memberId: c.people.admin.id });
        },
      },
      {
        status: 404,
        code: "team.member_not_found",
        run: async () => call(local, "POST", "/api/account/team/transfer", await person(local), { memberId: (await memberOf()).id }),
      },
    ],
    // The company's subscription: read by every member, changed only by its owner and billing members.
    "GET /api/subscriptions/current": [{ status: 403, code: "team.forbidden", run: async () => call(local, "GET", "/api/subscriptions/current", await companyless()) }],
    "GET /api/subscriptions/invoices": [{ status: 403, code: "team.forbidden", run: async () => call(local, "GET", "/api/subscriptions/invoices", await companyless()) }],
    "POST /api/subscriptions/create-checkout": [
      { status: 403, code: "team.forbidden", run: async () => call(local, "POST", "/api/subscriptions/create-checkout", await memberOf(), checkoutBody) },
    ],
    "POST /api/subscriptions/cancel": [
      {
        status: 403,
        code: "team.forbidden",
        run: async () => {
          const c = await company(local);
          await subscribe(local, c);
          return call(local, "POST", "/api/subscriptions/cancel", c.people.admin, {});
        },
      },
    ],
    "POST /api/subscriptions/resume": [{ status: 403, code: "team.forbidden", run: async () => call(local, "POST", "/api/subscriptions/resume", await memberOf()) }],
    "POST /api/subscriptions/portal": [
      { status: 403, code: "team.forbidden", run: async () => call(local, "POST", "/api/subscriptions/portal", await memberOf(), { returnUrl: `${site}/dashboard/settings` }) },
    ],
    "POST /api/subscriptions/pay": [
      { status: 403, code: "team.forbidden", run: async () => call(local, "POST", "/api/subscriptions/pay", await memberOf(), { returnUrl: `${site}/dashboard/settings` }) },
    ],
    "DELETE /api/account": [
      {
        status: 409,
        code: "team.owner_must_transfer",
        run: async () => {
          const c = await company(local);
          const { hashPassword } = await import("../../src/lib/crypto");
          await local.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [c.owner.id, await hashPassword("owner-pass-1")]);
          return call(local, "DELETE", "/api/account", c.owner, { password: "owner-pass-1" });
        },
      },
    ],
  };
}
