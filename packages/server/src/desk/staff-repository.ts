import type { DeskRole, StaffMember } from "@agency/contract";
import type { Db } from "../db/db";

/** The staff table and its enrolment links and recovery codes: every query about them lives here. */

export interface StaffRow {
  id: string;
  email: string;
  role: DeskRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: string | number | null;
  enrolled_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function publicStaff(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    enrolled: row.enrolled_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: iso(row.last_sign_in_at),
  };
}

/** A new staff member, not enrolled yet; null when the address is taken. */
export async function insertStaff(db: Db, email: string, role: DeskRole): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>(
    "INSERT INTO staff (email, role) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING *",
    [email, role],
  );
  return rows[0] ?? null;
}

/** The command line's `add` of an address that is already staff: the role it was given now. */
export async function setStaffRole(db: Db, id: string, role: DeskRole): Promise<void> {
  await db.query("UPDATE staff SET role = $2 WHERE id = $1", [id, role]);
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>("SELECT * FROM staff WHERE email = lower($1)", [email]);
  return rows[0] ?? null;
}

export async function findStaffById(db: Db, id: string): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>("SELECT * FROM staff WHERE id = $1", [id]);
  return rows[0] ?? null;
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  const { rows } = await db.query<StaffRow>("SELECT * FROM staff ORDER BY created_at, email");
  return rows;
}

/** Removes a staff member; their sessions, links and codes go with them (ON DELETE CASCADE). */
export async function deleteStaff(db: Db, id: string): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>("DELETE FROM staff WHERE id = $1 RETURNING *", [id]);
  return rows[0] ?? null;
}

export async function markSignedIn(db: Db, id: string): Promise<void> {
  await db.query("UPDATE staff SET last_sign_in_at = now() WHERE id = $1", [id]);
}

/**
 * Records `step` as the newest accepted TOTP step, only when it is newer than the one stored: of two requests with
 * the same code at the same moment, one wins and the other finds nothing to update. True when this call won.
 */
export async function acceptTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const { rows } = await db.query(
    "UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id",
    [id, step],
  );
  return rows.length > 0;
}

// ---------- Enrolment links ----------

export async function insertEnrolment(db: Db, e: { tokenHash: string; staffId: string; totpSecret: string; expiresAt: Date }): Promise<void> {
  await db.query("INSERT INTO staff_enrolments (token_hash, staff_id, totp_secret, expires_at) VALUES ($1, $2, $3, $4)", [
    e.tokenHash,
    e.staffId,
    e.totpSecret,
    e.expiresAt,
  ]);
}

export interface EnrolmentRow {
  staff_id: string;
  email: string;
  totp_secret: string;
  expires_at: Date;
  used_at: Date | null;
  expired: boolean;
}

export async function findEnrolment(db: Db, tokenHash: string): Promise<EnrolmentRow | null> {
  const { rows } = await db.query<EnrolmentRow>(
    `SELECT e.staff_id, s.email, e.totp_secret, e.expires_at, e.used_at, e.expires_at <= now() AS expired
       FROM staff_enrolments e JOIN staff s ON s.id = e.staff_id WHERE e.token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * Uses up an enrolment link: one statement, so of two requests with the same link at the same moment only one gets
 * the row back. Every other link of that staff member stops working with it.
 */
export async function useEnrolment(tx: Db, tokenHash: string): Promise<{ staff_id: string; totp_secret: string } | null> {
  const { rows } = await tx.query<{ staff_id: string; totp_secret: string }>(
    `UPDATE staff_enrolments SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING staff_id, totp_secret`,
    [tokenHash],
  );
  const row = rows[0];
  if (row) await tx.query("UPDATE staff_enrolments SET used_at = now() WHERE staff_id = $1 AND used_at IS NULL", [row.staff_id]);
  return row ?? null;
}

/** Enrolment done: the password, the authenticator and fresh recovery codes replace whatever there was. */
export async function completeEnrolment(
  tx: Db,
  e: { staffId: string; passwordHash: string; totpSecret: string; totpStep: number; recoveryHashes: string[] },
): Promise<void> {
  await tx.query(
    "UPDATE staff SET password_hash = $2, totp_secret = $3, totp_last_step = $4, enrolled_at = now() WHERE id = $1",
    [e.staffId, e.passwordHash, e.totpSecret, e.totpStep],
  );
  await tx.query("DELETE FROM staff_recovery_codes WHERE staff_id = $1", [e.staffId]);
  await tx.query("INSERT INTO staff_recovery_codes (staff_id, code_hash) SELECT $1, unnest($2::text[])", [e.staffId, e.recoveryHashes]);
  // Re-enrolment (a lost authenticator): sessions made with the old factors end.
  await tx.query("DELETE FROM staff_sessions WHERE staff_id = $1", [e.staffId]);
}

/** Uses up one recovery code in one statement; true only for the request that used it. */
export async function useRecoveryCode(db: Db, staffId: string, codeHash: string): Promise<boolean> {
  const { rows } = await db.query(
    "UPDATE staff_recovery_codes SET used_at = now() WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1",
    [staffId, codeHash],
  );
  return rows.length > 0;
}

export async function unusedRecoveryCodes(db: Db, staffId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM staff_recovery_codes WHERE staff_id = $1 AND used_at IS NULL",
    [staffId],
  );
  return rows[0]!.n;
}
