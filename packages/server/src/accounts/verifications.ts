import { countDeleted, type Db } from "../db/db";

/**
 * Links that prove someone holds a mailbox: `verify` for the account's own address, `change` for a new address that
 * becomes the account's when its link is followed. Tokens arrive already hashed: this module never sees one.
 */

export type VerificationPurpose = "verify" | "change";

export async function createEmailVerification(
  db: Db,
  link: { tokenHash: string; userId: string; email: string; purpose: VerificationPurpose; expiresAt: Date },
): Promise<void> {
  await db.query("INSERT INTO email_verifications (token_hash, user_id, email, purpose, expires_at) VALUES ($1, $2, $3, $4, $5)", [
    link.tokenHash,
    link.userId,
    link.email,
    link.purpose,
    link.expiresAt,
  ]);
}

export type VerificationState = "unknown" | "used" | "expired" | "valid";

export async function emailVerificationState(db: Db, tokenHash: string): Promise<VerificationState> {
  const { rows } = await db.query<{ expired: boolean; used: boolean }>(
    "SELECT expires_at <= now() AS expired, used_at IS NOT NULL AS used FROM email_verifications WHERE token_hash = $1",
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return "unknown";
  return row.used ? "used" : row.expired ? "expired" : "valid";
}

/**
 * What a link would do, without using it: the page a link opens shows this and asks for a click, so a mail
 * scanner or a prefetch that loads the page changes nothing. Null when the token is unknown.
 */
export async function inspectEmailVerification(
  db: Db,
  tokenHash: string,
): Promise<{ email: string; purpose: VerificationPurpose; account_email: string; state: VerificationState } | null> {
  const { rows } = await db.query<{ email: string; purpose: VerificationPurpose; account_email: string; expired: boolean; used: boolean }>(
    `SELECT v.email, v.purpose, u.email AS account_email, v.expires_at <= now() AS expired, v.used_at IS NOT NULL AS used
       FROM email_verifications v JOIN users u ON u.id = v.user_id
      WHERE v.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  return { email: row.email, purpose: row.purpose, account_email: row.account_email, state: row.used ? "used" : row.expired ? "expired" : "valid" };
}

/**
 * Marks a valid link used and returns what it proves, or null when it is unknown, used or expired. One UPDATE claims
 * it, so the same link followed twice at once proves it once.
 */
export async function claimEmailVerification(
  db: Db,
  tokenHash: string,
): Promise<{ user_id: string; email: string; purpose: VerificationPurpose; account_email: string } | null> {
  const { rows } = await db.query<{ user_id: string; email: string; purpose: VerificationPurpose; account_email: string }>(
    `UPDATE email_verifications v SET used_at = now()
       FROM users u
      WHERE v.token_hash = $1 AND v.used_at IS NULL AND v.expires_at > now() AND u.id = v.user_id
      RETURNING v.user_id, v.email, v.purpose, u.email AS account_email`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * Links mailed earlier stop working: all of a user's (the password changed, the address changed), or those of one
 * purpose (a new change replaces the one before).
 */
export async function retireEmailVerifications(db: Db, userId: string, purpose?: VerificationPurpose): Promise<void> {
  await db.query("UPDATE email_verifications SET used_at = now() WHERE user_id = $1 AND used_at IS NULL AND ($2::text IS NULL OR purpose = $2)", [
    userId,
    purpose ?? null,
  ]);
}

export async function deleteExpiredVerifications(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM email_verifications WHERE expires_at <= now()");
}
