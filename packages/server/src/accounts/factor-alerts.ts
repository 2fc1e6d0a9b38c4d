import type { Locale } from "@agency/contract";
import type { Db } from "../db/db";
import { randomToken, sha256 } from "../lib/crypto";
import { factorAddedMail, type FactorKind } from "../mail/factor-templates";
import type { Outbox } from "../outbox/delivery";
import type { Device } from "../sessions/device";
import { accountLink, queueLinkMail } from "./mails";
import { SIGN_IN_ALERT_TOPIC, SIGN_IN_ALERT_TTL_MS } from "./sign-in-alerts";

/**
 * A way into the account was just added (a passkey, the authenticator app, new recovery codes): its owner is mailed at
 * once, with a link like a new-sign-in alert's 'this wasn't me' (/secure-account, single use, 7 days). Following it
 * removes what was added from that moment on, signs the account out everywhere and mails a reset link. Runs in the
 * transaction that added the factor, so its moment is the factor's own (`now()` of that transaction).
 * @returns the outbox id, for deliverSoon after the commit
 */
export async function queueFactorAlert(
  outbox: Outbox,
  tx: Db,
  a: { publicUrl: string; basePath: string; user: { id: string; name: string; email: string; locale: Locale }; kind: FactorKind; device: Device },
): Promise<number> {
  const token = randomToken();
  const { rows } = await tx.query<{ at: Date; expires_at: Date }>(
    `INSERT INTO sign_in_alerts (token_hash, user_id, kind, browser, os, signed_in_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, now(), now() + make_interval(secs => $6)) RETURNING signed_in_at AS at, expires_at`,
    [sha256(token), a.user.id, a.kind, a.device.browser, a.device.os, SIGN_IN_ALERT_TTL_MS / 1000],
  );
  const { at, expires_at } = rows[0]!;
  const link = accountLink(a.publicUrl, a.basePath, "secure-account", token, a.user.locale);
  const content = factorAddedMail(a.user.locale, { name: a.user.name, kind: a.kind, at: new Date(at), device: a.device, link });
  return queueLinkMail(outbox, tx, { userId: a.user.id, topic: SIGN_IN_ALERT_TOPIC, to: a.user.email, content, link, expiresAt: new Date(expires_at) });
}
