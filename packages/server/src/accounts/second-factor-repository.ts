import { countDeleted, type Db } from "../db/db";

/**
 * A customer's authenticator (TOTP), recovery codes and half-finished sign-ins: every query about them lives here.
 * Codes and tokens arrive already hashed; the TOTP secret is kept as the authenticator app has it.
 */

export interface UserTotp {
  secret: string;
  enabled: boolean;
  last_step: number | null;
}

export async function findTotp(db: Db, userId: string): Promise<UserTotp | null> {
  const { rows } = await db.query<{ secret: string; enabled: boolean; last_step: string | number | null }>(
    "SELECT secret, enabled_at IS NOT NULL AS enabled, last_step FROM user_totp WHERE user_id = $1",
    [userId],
  );
  const row = rows[0];
  return row ? { secret: row.secret, enabled: row.enabled, last_step: row.last_step === null ? null : Number(row.last_step) } : null;
}

/** Whether the account signs in with a second factor. */
export async function hasTotp(db: Db, userId: string): Promise<boolean> {
  return (await findTotp(db, userId))?.enabled ?? false;
}

/** A new secret to set up, replacing one not yet confirmed; false (nothing changed) when one is already on. */
export async function startTotpSetup(db: Db, userId: string, secret: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO user_totp (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now(), last_step = NULL WHERE user_totp.enabled_at IS NULL
     RETURNING 1`,
    [userId, secret],
  );
  return rows.length > 0;
}

/** Turns the secret being set up on, with its first accepted step; false when it was on already (a second request). */
export async function enableTotp(tx: Db, userId: string, step: number): Promise<boolean> {
  const { rows } = await tx.query("UPDATE user_totp SET enabled_at = now(), last_step = $2 WHERE user_id = $1 AND enabled_at IS NULL RETURNING 1", [
    userId,
    step,
  ]);
  return rows.length > 0;
}

/**
 * Records the step of an accepted code in one statement that also refuses a step already used: of two requests with
 * the same code, only one gets true.
 */
export async function acceptTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const { rows } = await db.query("UPDATE user_totp SET last_step = $2 WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1", [
    userId,
    step,
  ]);
  return rows.length > 0;
}

/** Turns the second factor off: the authenticator and every recovery code go. Whether it was on (two requests at once: one). */
export async function removeSecondFactor(tx: Db, userId: string): Promise<boolean> {
  const removed = await countDeleted(tx, "DELETE FROM user_totp WHERE user_id = $1 AND enabled_at IS NOT NULL", [userId]);
  await tx.query("DELETE FROM user_totp WHERE user_id = $1", [userId]);
  await tx.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [userId]);
  return removed > 0;
}

/** A new set of recovery codes replaces every earlier one, used or not. */
export async function replaceRecoveryCodes(tx: Db, userId: string, hashes: string[]): Promise<void> {
  await tx.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [userId]);
  await tx.query("INSERT INTO user_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])", [userId, hashes]);
}

/** Uses up one recovery code in one statement; true only for the request that used it. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const { rows } = await db.query(
    "UPDATE user_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1",
    [userId, codeHash],
  );
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL", [userId]);
  return rows[0]?.n ?? 0;
}

export async function createSignInAttempt(db: Db, attempt: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.query("INSERT INTO sign_in_attempts (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [attempt.tokenHash, attempt.userId, attempt.expiresAt]);
}

/** The account of a half-finished sign-in that can still be finished, without counting a try; null otherwise. */
export async function signInAttemptUser(db: Db, tokenHash: string, maxTries: number): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>("SELECT user_id FROM sign_in_attempts WHERE token_hash = $1 AND expires_at > now() AND tries < $2", [
    tokenHash,
    maxTries,
  ]);
  return rows[0]?.user_id ?? null;
}

/**
 * Counts one try of a half-finished sign-in and answers its account, or null when the token is unknown, expired or
 * out of tries (then it is gone). One UPDATE counts, so tries sent at once are each counted.
 */
export async function takeSignInTry(db: Db, tokenHash: string, maxTries: number): Promise<{ user_id: string } | null> {
  const { rows } = await db.query<{ user_id: string }>(
    "UPDATE sign_in_attempts SET tries = tries + 1 WHERE token_hash = $1 AND expires_at > now() AND tries < $2 RETURNING user_id",
    [tokenHash, maxTries],
  );
  if (!rows[0]) await db.query("DELETE FROM sign_in_attempts WHERE token_hash = $1", [tokenHash]);
  return rows[0] ?? null;
}

/** Ends a half-finished sign-in; true only for the request that ended it (the second factor is used once). */
export async function finishSignInAttempt(db: Db, tokenHash: string): Promise<boolean> {
  return (await countDeleted(db, "DELETE FROM sign_in_attempts WHERE token_hash = $1", [tokenHash])) > 0;
}

/** Ends every half-finished sign-in of an account (it was taken over: no code may finish one). */
export async function deleteSignInAttempts(db: Db, userId: string): Promise<void> {
  await db.query("DELETE FROM sign_in_attempts WHERE user_id = $1", [userId]);
}

/** Deletes half-finished sign-ins past their end (nobody finished them in time). */
export async function deleteExpiredSignInAttempts(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM sign_in_attempts WHERE expires_at < now()");
}
