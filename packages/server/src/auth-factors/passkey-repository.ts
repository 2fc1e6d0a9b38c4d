import { countDeleted, type Db } from "../db/db";

/** Passkeys and the challenges of their ceremonies: every query about them lives here. */

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** What a challenge is for: making a passkey, signing in with any passkey, or the owner confirming with one of theirs. */
export type ChallengePurpose = "register" | "authenticate" | "confirm";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps a challenge until `expiresAt`; expired ones are cleared on the way, since they are refused anyway. */
export async function storeChallenge(
  db: Db,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
): Promise<void> {
  await db.query("DELETE FROM webauthn_challenges WHERE expires_at < now()");
  await db.query("INSERT INTO webauthn_challenges (challenge, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)", [
    challenge.challenge,
    challenge.purpose,
    challenge.userId,
    challenge.expiresAt,
  ]);
}

/**
 * Takes a challenge for one use: true when it was issued for this purpose (and this account, for a registration or a
 * confirmation) and has not expired. The row goes in the same statement, so of two answers with one challenge only
 * one gets it.
 */
export async function takeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean> {
  const { rows } = await db.query<{ expired: boolean }>(
    `DELETE FROM webauthn_challenges
      WHERE challenge = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3::uuid
      RETURNING expires_at <= now() AS expired`,
    [challenge, purpose, userId],
  );
  return rows.length === 1 && !rows[0]!.expired;
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>("SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, id", [userId]);
  return rows;
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1", [userId]);
  return rows[0]?.n ?? 0;
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const { rows } = await db.query<PasskeyRow>("SELECT * FROM passkeys WHERE credential_id = $1", [credentialId]);
  return rows[0] ?? null;
}

/** A new passkey, or null when the credential is registered already (to this account or another). */
export async function insertPasskey(
  db: Db,
  passkey: {
    userId: string;
    credentialId: string;
    publicKey: string;
    signCount: number;
    transports: string[];
    deviceType: string;
    backedUp: boolean;
    name: string;
  },
): Promise<PasskeyRow | null> {
  const { rows } = await db.query<PasskeyRow>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, sign_count, transports, device_type, backed_up, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING *`,
    [passkey.userId, passkey.credentialId, passkey.publicKey, passkey.signCount, passkey.transports, passkey.deviceType, passkey.backedUp, passkey.name],
  );
  return rows[0] ?? null;
}

/**
 * Records a sign-in with a passkey: its new signature counter and the time. Only when the stored counter is still
 * `previousCount`, so of two sign-ins racing with one assertion only one is recorded; false for the other.
 */
export async function recordPasskeyUse(db: Db, id: string, previousCount: number, newCount: number, backedUp: boolean): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    "UPDATE passkeys SET sign_count = $3, backed_up = $4, last_used_at = now() WHERE id = $1 AND sign_count = $2 RETURNING id",
    [id, previousCount, newCount, backedUp],
  );
  return rows.length === 1;
}

/** Renames one of the user's passkeys; null when the user has no passkey with that id. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<PasskeyRow>("UPDATE passkeys SET name = $3 WHERE user_id = $1 AND id = $2 RETURNING *", [userId, id, name]);
  return rows[0] ?? null;
}

/** Removes one of the user's passkeys; false when the user has no passkey with that id. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return (await countDeleted(db, "DELETE FROM passkeys WHERE user_id = $1 AND id = $2", [userId, id])) > 0;
}
