import type { Db } from "../db/db";

/**
 * Marks a solved challenge used, by its signature; false when it was used before (a replayed solution). Expired
 * marks are cleared on the way, since an expired challenge is refused anyway.
 */
export async function markChallengeUsed(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  await db.query("DELETE FROM contact_challenges_used WHERE expires_at < now()");
  const { rows } = await db.query<{ signature: string }>(
    "INSERT INTO contact_challenges_used (signature, expires_at) VALUES ($1, $2) ON CONFLICT (signature) DO NOTHING RETURNING signature",
    [signature, expiresAt],
  );
  return rows.length === 1;
}
