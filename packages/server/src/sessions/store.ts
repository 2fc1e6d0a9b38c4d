import type { Locale } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";

/** Login sessions. Only the SHA-256 of a token is stored, so a leaked table does not hand out sessions. */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  locale: Locale;
}

export async function createSession(db: Db, session: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [session.tokenHash, session.userId, session.expiresAt]);
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]);
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

/** The user of an unexpired session, or null. */
export async function findSessionUser(db: Db, tokenHash: string): Promise<SessionUser | null> {
  const { rows } = await db.query<SessionUser>(
    `SELECT u.id, u.email, u.name, u.locale
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM sessions WHERE expires_at <= now()");
}
