import type { Locale, User } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";

/**
 * Accounts: users and password reset tokens. Every query about them lives here; callers pass the
 * database (or a transaction) and get plain rows back. Tokens arrive already hashed: this module never sees one.
 */

export interface UserRow {
  id: string;
  email: string;
  name: string;
  locale: Locale;
  password_hash: string;
  created_at: Date;
  email_verified_at: Date | null;
  /** A new address waiting for its link to be followed (the newest unused, unexpired change). */
  pending_email: string | null;
}

const USER_COLUMNS = `id, email, name, locale, password_hash, created_at, email_verified_at,
  (SELECT v.email FROM email_verifications v
    WHERE v.user_id = users.id AND v.purpose = 'change' AND v.used_at IS NULL AND v.expires_at > now()
    ORDER BY v.created_at DESC LIMIT 1) AS pending_email`;

/** The user as answered to clients: never the hash, never internal columns. */
export function publicUser(row: Pick<UserRow, "id" | "email" | "name" | "created_at" | "email_verified_at" | "pending_email">): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    created_at: new Date(row.created_at).toISOString(),
    email_verified: row.email_verified_at !== null,
    pending_email: row.pending_email,
  };
}

/** A new account, or null when the address is taken (the unique index decides, so two sign-ups cannot both win). */
export async function createUser(
  db: Db,
  user: { email: string; name: string; passwordHash: string; locale: Locale },
): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, name, password_hash, locale) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
    [user.email, user.name, user.passwordHash, user.locale],
  );
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  // Ids come from tokens and payment metadata; one that is not a uuid would make the cast throw.
  if (!isUuid(id)) return null;
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { rows } = await db.query("SELECT 1 FROM users WHERE id = $1", [id]);
  return rows.length > 0;
}

/** Locks the user's row until the transaction ends: serialises what must happen once per user (a checkout). */
export async function lockUser(tx: Db, id: string): Promise<void> {
  await tx.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [id]);
}

/** Sets a new password; returns who it belongs to, for the notice mail. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<Pick<UserRow, "email" | "name" | "locale"> | null> {
  const { rows } = await db.query<Pick<UserRow, "email" | "name" | "locale">>(
    "UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING email, name, locale",
    [userId, passwordHash],
  );
  return rows[0] ?? null;
}

/** Renames the account; returns it as it is now. */
export async function setName(db: Db, userId: string, name: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`UPDATE users SET name = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, name]);
  return rows[0] ?? null;
}

/**
 * The account's address is verified (a mailed link followed, or a password reset done with one). True when it was not
 * before: this is the first proof that whoever holds the account holds its mailbox.
 */
export async function markEmailVerified(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.query("UPDATE users SET email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL RETURNING 1", [userId]);
  return rows.length > 0;
}

/**
 * Makes a verified address the account's own. False when another account has it. The unique index has the last word:
 * an account made with the address at the same moment makes this throw (a unique violation, `isUniqueViolation`),
 * and the caller's transaction rolls back.
 */
export async function setVerifiedEmail(db: Db, userId: string, email: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE users SET email = $2, email_verified_at = now(), updated_at = now()
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users other WHERE other.email = $2) RETURNING id`,
    [userId, email],
  );
  return rows.length > 0;
}

/** PostgreSQL's unique_violation: a row with that key arrived first. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

/** Whether an account has this address. */
export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM users WHERE email = $1", [email]);
  return rows.length > 0;
}

/**
 * Erases the account. Its sessions, reset links, subscriptions, checkouts and payment customers go with it (the
 * foreign keys cascade), so nothing of it is left that a token or a payment event could reach.
 */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await countDeleted(db, "DELETE FROM users WHERE id = $1", [id])) > 0;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

// ---------- Settings of this installation ----------

/**
 * The value stored under `key`, storing `initial` first when there is none. The first writer wins, so several
 * instances starting together on one database agree on the value.
 */
export async function settingOrInitial(db: Db, key: string, initial: string): Promise<string> {
  await db.query("INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [key, initial]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = $1", [key]);
  return rows[0]!.value;
}

// ---------- Password resets ----------

/** The account a reset may be mailed to, with how many resets it was sent in the last hour. */
/** The account a reset link may go to; `name` only when its address is verified (a reset mail greets by it). */
export async function resetCandidate(db: Db, email: string): Promise<{ id: string; name: string | null; recent: number } | null> {
  const { rows } = await db.query<{ id: string; name: string | null; recent: number }>(
    `SELECT u.id, CASE WHEN u.email_verified_at IS NOT NULL THEN u.name END AS name,
            (SELECT count(*)::int FROM password_resets r WHERE r.user_id = u.id AND r.created_at > now() - interval '1 hour') AS recent
       FROM users u WHERE u.email = $1`,
    [email],
  );
  return rows[0] ?? null;
}

export async function createPasswordReset(db: Db, reset: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [reset.tokenHash, reset.userId, reset.expiresAt]);
}

export type ResetTokenState = { state: "unknown" } | { state: "used" } | { state: "expired" } | { state: "valid"; email: string };

/** What a reset token is worth right now. */
export async function resetTokenState(db: Db, tokenHash: string): Promise<ResetTokenState> {
  const { rows } = await db.query<{ email: string; expired: boolean; used: boolean }>(
    `SELECT u.email, r.expires_at <= now() AS expired, r.used_at IS NOT NULL AS used
       FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return { state: "unknown" };
  if (row.used) return { state: "used" };
  if (row.expired) return { state: "expired" };
  return { state: "valid", email: row.email };
}

/**
 * Marks a valid token used and returns its user's id, or null when it is unknown, used or expired. One UPDATE
 * claims it, so two simultaneous resets with one link cannot both succeed.
 */
export async function claimPasswordReset(db: Db, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}

/** Other links mailed earlier must not work after the password changed. */
export async function useUpAllResets(db: Db, userId: string): Promise<void> {
  await db.query("UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [userId]);
}

export async function deleteExpiredResets(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM password_resets WHERE expires_at <= now()");
}
