import { expect } from "vitest";
import type { DeskRole } from "@agency/contract";
import { newTotpSecret, totpCode, totpStep } from "../../src/auth-factors/totp";
import { createEnrolmentLink } from "../../src/desk/enrolment";
import { hashPassword } from "../../src/lib/crypto";
import { main } from "../../src/cli/staff";
import { nextIp, type TestApp } from "./helpers";

/** What the desk tests do as staff: make a staff member, sign in, call the desk. */

export const STAFF_PASSWORD = "desk-pass-2024!";

export interface StaffLogin {
  id: string;
  email: string;
  secret: string;
  headers: { authorization: string };
}

let seq = 0;
/** A unique address for this run. */
export const staffEmail = (name: string) => `${name}-${++seq}-${Date.now()}@agency.example`;

/** An enrolled staff member made straight in the database (enrolment itself is tested through the API). */
export async function makeStaff(t: TestApp, role: DeskRole, email = staffEmail(role)): Promise<{ id: string; email: string; secret: string }> {
  const secret = newTotpSecret();
  const { rows } = await t.db.query<{ id: string }>(
    "INSERT INTO staff (email, role, password_hash, totp_secret, enrolled_at) VALUES ($1, $2, $3, $4, now()) RETURNING id",
    [email, role, await hashPassword(STAFF_PASSWORD), secret],
  );
  return { id: rows[0]!.id, email, secret };
}

/** A code the server has not seen yet: the step after the last accepted one is forgotten first. */
export async function freshCode(t: TestApp, staffId: string, secret: string): Promise<string> {
  await t.db.query("UPDATE staff SET totp_last_step = NULL WHERE id = $1", [staffId]);
  return totpCode(secret, totpStep());
}

export function deskLogin(t: TestApp, body: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({ method: "POST", url: "/api/desk/login", payload: body, remoteAddress: ip });
}

/** A signed-in staff member of `role`. */
export async function signedInStaff(t: TestApp, role: DeskRole): Promise<StaffLogin> {
  const staff = await makeStaff(t, role);
  const res = await deskLogin(t, { email: staff.email, password: STAFF_PASSWORD, code: await freshCode(t, staff.id, staff.secret) });
  expect(res.statusCode, res.body).toBe(200);
  return { ...staff, headers: { authorization: `Bearer ${res.json().token}` } };
}

/** A staff member with an enrolment link, as `npm run staff -- add` or an invitation makes them. */
export async function invitedStaff(t: TestApp, role: DeskRole = "staff"): Promise<{ id: string; email: string; token: string }> {
  const email = staffEmail("invited");
  const { rows } = await t.db.query<{ id: string }>("INSERT INTO staff (email, role) VALUES ($1, $2) RETURNING id", [email, role]);
  const { link } = await createEnrolmentLink(t.db, { staffId: rows[0]!.id, publicUrl: "https://agency.example" });
  return { id: rows[0]!.id, email, token: new URL(link).searchParams.get("token")! };
}

export async function auditEntries(t: TestApp, action: string): Promise<{ actor: string; target: string | null; detail: Record<string, unknown>; ip: string }[]> {
  const { rows } = await t.db.query<{ actor: string; target: string | null; detail: Record<string, unknown>; ip: string }>(
    "SELECT actor, target, detail, ip FROM audit_log WHERE action = $1 ORDER BY id",
    [action],
  );
  return rows;
}

/** `npm run staff -- …` in this process, with what it printed to stdout and stderr and its exit code. */
export function runStaffCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  return main(args, { write: (s: string) => ((out += s), true) }, { write: (s: string) => ((err += s), true) }).then((code) => ({ code, out, err }));
}
