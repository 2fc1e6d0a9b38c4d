import { countDeleted, type Db } from "../db/db";
import { sha256 } from "../lib/crypto";
import { DEVICE_COOKIE_DAYS } from "../sessions/device-cookie";

/**
 * The browsers a staff member signed in to the desk from: only the SHA-256 of the device cookie's id is kept. Guesses
 * at the staff account from anywhere else do not slow these down (accounts/guesses.ts).
 */

/** The hash of the browser's device id when the staff member signed in from it before, else null. */
export async function knownStaffDevice(db: Db, staffId: string, deviceId: string | null): Promise<string | null> {
  if (!deviceId) return null;
  const { rows } = await db.query<{ device_hash: string }>("SELECT device_hash FROM staff_known_devices WHERE staff_id = $1 AND device_hash = $2", [
    staffId,
    sha256(deviceId),
  ]);
  return rows[0]?.device_hash ?? null;
}

export async function rememberStaffDevice(db: Db, staffId: string, deviceId: string): Promise<void> {
  await db.query(
    `INSERT INTO staff_known_devices (staff_id, device_hash) VALUES ($1, $2)
     ON CONFLICT (staff_id, device_hash) DO UPDATE SET last_seen_at = now()`,
    [staffId, sha256(deviceId)],
  );
}

/** Forgets browsers unseen for longer than their cookie lives. */
export async function deleteForgottenStaffDevices(db: Db): Promise<number> {
  return countDeleted(db, `DELETE FROM staff_known_devices WHERE last_seen_at < now() - interval '${DEVICE_COOKIE_DAYS} days'`);
}
