import { MAX_SESSIONS_PER_ACCOUNT, type Locale } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";

/** Login sessions. Only the SHA-256 of a token is stored, so a leaked table does not hand out sessions. */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  locale: Locale;
}

/**
 * Starts a session. An account keeps at most MAX_SESSIONS_PER_ACCOUNT: the new one ends the session unused the
 * longest, so a script that signs in again and again cannot pile up sessions. The account's row is locked first,
 * so two sign-ins at once cannot both leave one too many.
 */
export async function createSession(
  db: Db,
  session: { tokenHash: string; userId: string; expiresAt: Date; browser: string | null; os: string | null; deviceHash: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [session.userId]);
    await tx.query("INSERT INTO sessions (token_hash, user_id, expires_at, browser, os, device_hash) VALUES ($1, $2, $3, $4, $5, $6)", [
      session.tokenHash,
      session.userId,
      session.expiresAt,
      session.browser,
      session.os,
      session.deviceHash,
    ]);
    await tx.query(
      `DELETE FROM sessions WHERE id IN (
         SELECT id FROM sessions WHERE user_id = $1 ORDER BY last_seen_at DESC, created_at DESC, id DESC OFFSET $2)`,
      [session.userId, MAX_SESSIONS_PER_ACCOUNT],
    );
  });
}

export interface SessionListing {
  id: string;
  browser: string | null;
  os: string | null;
  created_at: Date;
  last_seen_at: Date;
  current: boolean;
}

/**
 * One page of a user's sessions that still work, the one with `currentHash` first, then the most recently used,
 * with how many there are in all.
 */
export async function listUserSessions(
  db: Db,
  userId: string,
  currentHash: string,
  idleSeconds: number,
  page: { limit: number; offset: number },
): Promise<{ rows: SessionListing[]; total: number }> {
  const live = "user_id = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(secs => $2)";
  const [{ rows }, counted] = await Promise.all([
    db.query<SessionListing>(
      `SELECT id, browser, os, created_at, last_seen_at, token_hash = $3 AS current
         FROM sessions
        WHERE ${live}
        ORDER BY token_hash = $3 DESC, last_seen_at DESC, created_at DESC, id
        LIMIT $4 OFFSET $5`,
      [userId, idleSeconds, currentHash, page.limit, page.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM sessions WHERE ${live}`, [userId, idleSeconds]),
  ]);
  return { rows, total: counted.rows[0]?.total ?? 0 };
}

/**
 * Ends one of a user's sessions by its id; answers the browser it was started from (its device hash, null for a
 * session older than that), or undefined when the user has no session with that id.
 */
export async function deleteUserSession(db: Db, userId: string, id: string): Promise<{ deviceHash: string | null } | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const { rows } = await db.query<{ device_hash: string | null }>("DELETE FROM sessions WHERE user_id = $1 AND id = $2 RETURNING device_hash", [userId, id]);
  return rows[0] ? { deviceHash: rows[0].device_hash } : undefined;
}

/** The browser a session was started from (its device hash), or null. */
export async function sessionDeviceHash(db: Db, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ device_hash: string | null }>("SELECT device_hash FROM sessions WHERE token_hash = $1", [tokenHash]);
  return rows[0]?.device_hash ?? null;
}

/** Ends every session of a user but the one with `keepHash` (the device asking); returns how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepHash: string): Promise<number> {
  return countDeleted(db, "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2", [userId, keepHash]);
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]);
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

/** How often a session's last use is written: often enough for an idle limit in days, cheap on every request. */
const LAST_SEEN_PRECISION_SECONDS = 60;

/**
 * The user of a session that is neither past its absolute end (`expires_at`) nor idle for `idleSeconds`, with the
 * session's id, or null. Marks the session as used, at most once a minute, so a busy session costs one write a
 * minute, not one a request.
 */
export async function findSessionUser(
  db: Db,
  tokenHash: string,
  idleSeconds: number,
): Promise<{ user: SessionUser; sessionId: string } | null> {
  const { rows } = await db.query<SessionUser & { session_id: string; stale: boolean }>(
    `SELECT u.id, u.email, u.name, u.locale, s.id AS session_id, s.last_seen_at < now() - make_interval(secs => $3) AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2)`,
    [tokenHash, idleSeconds, LAST_SEEN_PRECISION_SECONDS],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) await db.query("UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1", [tokenHash]);
  const { stale: _stale, session_id: sessionId, ...user } = row;
  return { user, sessionId };
}

/** Sessions past their absolute end, and (when given) those idle for `idleSeconds`. */
export async function deleteExpiredSessions(db: Db, idleSeconds?: number): Promise<number> {
  return countDeleted(
    db,
    "DELETE FROM sessions WHERE expires_at <= now() OR ($1::int IS NOT NULL AND last_seen_at <= now() - make_interval(secs => $1::int))",
    [idleSeconds ?? null],
  );
}
