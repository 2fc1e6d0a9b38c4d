import type { DeskRole } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";

/** Staff sessions: only the SHA-256 of a token is stored. */

export interface StaffSession {
  id: string;
  email: string;
  role: DeskRole;
  expires_at: Date;
}

export async function insertStaffSession(db: Db, s: { tokenHash: string; staffId: string; expiresAt: Date }): Promise<void> {
  await db.query("INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)", [s.tokenHash, s.staffId, s.expiresAt]);
}

/** A staff session's last use is written at most this often: well inside the 30-minute idle limit. */
const LAST_SEEN_PRECISION_SECONDS = 30;

/**
 * The staff member of a session that is neither past its end nor idle for `idleSeconds`, or null; marks it used.
 */
export async function findStaffSession(db: Db, tokenHash: string, idleSeconds: number): Promise<StaffSession | null> {
  const { rows } = await db.query<StaffSession & { stale: boolean }>(
    `SELECT s.id, s.email, s.role, ss.expires_at, ss.last_seen_at < now() - make_interval(secs => $3) AS stale
       FROM staff_sessions ss JOIN staff s ON s.id = ss.staff_id
      WHERE ss.token_hash = $1 AND ss.expires_at > now() AND ss.last_seen_at > now() - make_interval(secs => $2)`,
    [tokenHash, idleSeconds, LAST_SEEN_PRECISION_SECONDS],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) await db.query("UPDATE staff_sessions SET last_seen_at = now() WHERE token_hash = $1", [tokenHash]);
  const { stale: _stale, ...session } = row;
  return session;
}

export async function deleteStaffSession(db: Db, tokenHash: string): Promise<void> {
  await db.query("DELETE FROM staff_sessions WHERE token_hash = $1", [tokenHash]);
}

/** Sessions past their end or idle too long; the retention job calls it. */
export async function deleteExpiredStaffSessions(db: Db, idleSeconds: number): Promise<number> {
  return countDeleted(db, "DELETE FROM staff_sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(secs => $1)", [idleSeconds]);
}
