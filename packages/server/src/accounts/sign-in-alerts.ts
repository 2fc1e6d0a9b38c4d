import type { Locale } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";
import { randomToken, sha256 } from "../lib/crypto";
import { signInAlertMail } from "../mail/sign-in-alert-mail";
import type { Outbox } from "../outbox/delivery";
import type { Device } from "../sessions/device";
import { DEVICE_COOKIE_DAYS } from "../sessions/device-cookie";
import { accountLink, queueLinkMail } from "./mails";

/**
 * The browsers an account signed in from, and the 'this wasn't me' links of the alerts about new ones. Device ids and
 * tokens arrive here as they are and are stored only as their SHA-256.
 */

/** A 'this wasn't me' link works once, for a week: long enough for a mail read late, short enough to expire. */
export const SIGN_IN_ALERT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SIGN_IN_ALERT_TOPIC = "auth.sign_in_alert";

/**
 * Records that the account signed in from this browser; true when the browser was new to it. One statement inserts
 * or touches the row, so of two sign-ins at once from a new browser exactly one sees it as new.
 */
export async function rememberDevice(db: Db, userId: string, deviceId: string, device: Device): Promise<boolean> {
  const { rows } = await db.query<{ inserted: boolean }>(
    `INSERT INTO known_devices (user_id, device_hash, browser, os) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now(), browser = EXCLUDED.browser, os = EXCLUDED.os
     RETURNING (xmax = 0) AS inserted`,
    [userId, sha256(deviceId), device.browser, device.os],
  );
  return rows[0]?.inserted ?? false;
}

/** The hash of the browser's device id when the account signed in from it before (so knows it), else null. */
export async function knownDevice(db: Db, userId: string, deviceId: string | null): Promise<string | null> {
  if (!deviceId) return null;
  const { rows } = await db.query<{ device_hash: string }>("SELECT device_hash FROM known_devices WHERE user_id = $1 AND device_hash = $2", [userId, sha256(deviceId)]);
  return rows[0]?.device_hash ?? null;
}

/** Makes a 'this wasn't me' link for a sign-in and queues the alert with it, in `tx`; returns the outbox id. */
export async function queueSignInAlert(
  outbox: Outbox,
  tx: Db,
  a: { publicUrl: string; basePath: string; user: { id: string; name: string | undefined; email: string; locale: Locale }; device: Device },
): Promise<number> {
  const token = randomToken();
  const at = new Date();
  const expiresAt = new Date(at.getTime() + SIGN_IN_ALERT_TTL_MS);
  await tx.query("INSERT INTO sign_in_alerts (token_hash, user_id, browser, os, signed_in_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)", [
    sha256(token),
    a.user.id,
    a.device.browser,
    a.device.os,
    at,
    expiresAt,
  ]);
  const link = accountLink(a.publicUrl, a.basePath, "secure-account", token, a.user.locale);
  const content = signInAlertMail(a.user.locale, { name: a.user.name, device: a.device, at, link });
  return queueLinkMail(outbox, tx, { userId: a.user.id, topic: SIGN_IN_ALERT_TOPIC, to: a.user.email, content, link, expiresAt });
}

export type AlertState = "valid" | "used" | "expired";
/** What a link is about: a sign-in from a new browser, or a way in added to the account (factor-alerts.ts). */
export type AlertKind = "sign_in" | "passkey" | "authenticator" | "recovery_codes";

/** What a link is about, without using it (the page shows this and waits for a click); null when unknown. */
export async function inspectSignInAlert(
  db: Db,
  tokenHash: string,
): Promise<{ email: string; kind: AlertKind; browser: string | null; os: string | null; signed_in_at: Date; state: AlertState } | null> {
  const { rows } = await db.query<{ email: string; kind: AlertKind; browser: string | null; os: string | null; signed_in_at: Date; used: boolean; expired: boolean }>(
    `SELECT u.email, a.kind, a.browser, a.os, a.signed_in_at, a.used_at IS NOT NULL AS used, a.expires_at <= now() AS expired
       FROM sign_in_alerts a JOIN users u ON u.id = a.user_id
      WHERE a.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  const { used, expired, ...alert } = row;
  return { ...alert, state: used ? "used" : expired ? "expired" : "valid" };
}

/**
 * Uses a valid link and answers its account and the moment it is about (the sign-in, or when the factor was added),
 * or null when it is unknown, used or expired. One UPDATE claims it, so the same link followed twice at once works
 * once. Every other unused alert link of the account goes with it.
 */
export async function claimSignInAlert(tx: Db, tokenHash: string): Promise<{ userId: string; since: Date } | null> {
  const { rows } = await tx.query<{ user_id: string; signed_in_at: Date }>(
    "UPDATE sign_in_alerts SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id, signed_in_at",
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  await tx.query("UPDATE sign_in_alerts SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [row.user_id]);
  return { userId: row.user_id, since: new Date(row.signed_in_at) };
}

/**
 * A new password (changed in the settings or by a reset) ends every 'this wasn't me' link of a sign-in: what it
 * would secure against signed in with the old one. The links about a way in that was added stay: anyone who knows the
 * password can change it, so whoever added a passkey could otherwise take away the owner's way to remove it.
 */
export async function retireSignInAlerts(tx: Db, userId: string): Promise<void> {
  await tx.query("UPDATE sign_in_alerts SET used_at = now() WHERE user_id = $1 AND used_at IS NULL AND kind = 'sign_in'", [userId]);
}

/** After 'this wasn't me' no browser is trusted any more: the next sign-in from each one is new again. */
export async function forgetDevices(tx: Db, userId: string): Promise<void> {
  await tx.query("DELETE FROM known_devices WHERE user_id = $1", [userId]);
}

/** Deletes alert links past their end: used or not, they can no longer be followed. */
export async function deleteExpiredSignInAlerts(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM sign_in_alerts WHERE expires_at < now()");
}

/** Forgets browsers unseen for longer than their cookie lives: none of them can be recognised again. */
export async function deleteForgottenDevices(db: Db): Promise<number> {
  return countDeleted(db, `DELETE FROM known_devices WHERE last_seen_at < now() - interval '${DEVICE_COOKIE_DAYS} days'`);
}
