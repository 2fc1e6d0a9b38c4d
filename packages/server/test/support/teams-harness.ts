import { randomUUID } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TeamRole } from "@agency/contract";
import { linkToken, nextIp, outboxMailsTo, type TestApp } from "./helpers";

/**
 * Companies for the team tests, made straight in the database (no password hashing, so a test can afford a fresh
 * company per case): people with sessions, in one company with the roles asked for, and a running subscription.
 */

export interface Person {
  id: string;
  email: string;
  name: string;
  headers: { authorization: string };
}

export interface Company {
  id: string;
  owner: Person;
  people: Record<Exclude<TeamRole, "owner">, Person>;
}

let seq = 0;

/** A verified account with a session, in `companyId` with `role`, or (without one) the owner of a company of its own. */
export async function person(t: TestApp, join?: { companyId: string; role: TeamRole }, name = `Person ${++seq}`): Promise<Person> {
  const email = `team-${seq}-${randomUUID().slice(0, 8)}@example.com`;
  const id = await t.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      "INSERT INTO users (email, name, password_hash, locale, email_verified_at) VALUES ($1, $2, 'x', 'en', now()) RETURNING id",
      [email, name],
    );
    if (join) await tx.query("INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, $3)", [rows[0]!.id, join.companyId, join.role]);
    return rows[0]!.id;
  });
  const token = await t.app.sessions.create(id);
  return { id, email, name, headers: { authorization: `Bearer ${token}` } };
}

export async function companyOf(t: TestApp, userId: string): Promise<string> {
  const { rows } = await t.db.query<{ company_id: string }>("SELECT company_id FROM company_members WHERE user_id = $1", [userId]);
  return rows[0]!.company_id;
}

export async function roleOf(t: TestApp, userId: string): Promise<TeamRole | null> {
  const { rows } = await t.db.query<{ role: TeamRole }>("SELECT role FROM company_members WHERE user_id = $1", [userId]);
  return rows[0]?.role ?? null;
}

/** A company with an owner, an admin, a billing member and a member. */
export async function company(t: TestApp): Promise<Company> {
  const owner = await person(t);
  const id = await companyOf(t, owner.id);
  return {
    id,
    owner,
    people: {
      admin: await person(t, { companyId: id, role: "admin" }),
      billing: await person(t, { companyId: id, role: "billing" }),
      member: await person(t, { companyId: id, role: "member" }),
    },
  };
}

export const personIn = (c: Company, role: TeamRole): Person => (role === "owner" ? c.owner : c.people[role]);

/** A running local subscription of the company, bought by `buyer` (the owner when not given). */
export async function subscribe(t: TestApp, c: Company, buyer: Person = c.owner): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO subscriptions (company_id, user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end,
                                billing_anchor, started_at)
     VALUES ($1, $2, 'pro', 'monthly', 'local', 'active', now(), now() + interval '1 month', now(), now()) RETURNING id`,
    [c.id, buyer.id],
  );
  return rows[0]!.id;
}

export function call(t: TestApp, method: InjectOptions["method"], url: string, who?: Person, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
  });
}

/** Invites `email` with `role` as `who`, and returns the token its mail carries. */
export async function invite(t: TestApp, who: Person, email: string, role: Exclude<TeamRole, "owner"> = "member", language: "nl" | "en" = "en"): Promise<string> {
  const res = await call(t, "POST", "/api/account/team/invitations", who, { email, role, language });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.settle();
  const token = linkToken(outboxMailsTo(t.dataDir, email), "join");
  expect(token).toBeDefined();
  return token!;
}
