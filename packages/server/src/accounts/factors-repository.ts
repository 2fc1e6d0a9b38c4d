import type { Db } from "../db/db";

/**
 * The ways into an account besides its password, taken together: passkeys, the authenticator app and its recovery
 * codes. Removing them is what proving the mailbox and 'this wasn't me' do to what someone else may have added.
 */

/** What was removed: how many passkeys, and whether the authenticator app and recovery codes went. */
export interface RemovedFactors {
  passkeys: number;
  authenticator: boolean;
  recoveryCodes: boolean;
}

export const NOTHING_REMOVED: RemovedFactors = { passkeys: 0, authenticator: false, recoveryCodes: false };

export const removedAnything = (removed: RemovedFactors) => removed.passkeys > 0 || removed.authenticator || removed.recoveryCodes;

/**
 * Removes the account's passkeys, authenticator app and recovery codes added at `since` or later, or every one with
 * null. The authenticator takes its recovery codes with it; an authenticator being set up (not yet on) goes too.
 */
export async function removeFactorsSince(tx: Db, userId: string, since: Date | null): Promise<RemovedFactors> {
  const passkeys = await tx.query("DELETE FROM passkeys WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) RETURNING 1", [userId, since]);
  const totp = await tx.query<{ enabled: boolean }>(
    `DELETE FROM user_totp WHERE user_id = $1 AND (enabled_at IS NULL OR $2::timestamptz IS NULL OR enabled_at >= $2)
     RETURNING enabled_at IS NOT NULL AS enabled`,
    [userId, since],
  );
  const authenticator = totp.rows.some((row) => row.enabled);
  const codes = await tx.query(
    "DELETE FROM user_recovery_codes WHERE user_id = $1 AND ($2::boolean OR $3::timestamptz IS NULL OR created_at >= $3) RETURNING 1",
    [userId, authenticator, since],
  );
  return { passkeys: passkeys.rows.length, authenticator, recoveryCodes: codes.rows.length > 0 };
}
