import type { Locale } from "@agency/contract";
import type { Db } from "../db/db";
import { randomToken, sha256 } from "../lib/crypto";
import { confirmNewEmailMail, verifyEmailMail } from "../mail/account-templates";
import { accountLink } from "../mail/links";
import type { MailContent } from "../mail/templates";
import type { Outbox } from "../outbox/delivery";
import { mailItem } from "../outbox/mail-channel";
import { createEmailVerification, retireEmailVerifications, type VerificationPurpose } from "./verifications";

/** The outbox's reference to an account: erasing the account erases its queued and sent mails too. */
export const userRef = (id: string) => `user:${id}`;

/** Built in mail/links.ts, where the mail templates' samples build theirs. */
export { accountLink } from "../mail/links";

/**
 * The name a mail to the account may greet with: only once its address is proven. Until then the name is whatever
 * the one who typed the address chose, and the mail greets without one (see greeting in mail/templates.ts).
 */
export const greetedName = (user: { name: string; email_verified_at: Date | null }): string | undefined => (user.email_verified_at ? user.name : undefined);


/** A verification link, like a reset link, is single use and valid for 24 hours. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** What the outbox calls each account mail. */
export const ACCOUNT_TOPICS = {
  reset: "auth.reset",
  verify: "auth.verify",
  change: "auth.email_change",
  emailChanged: "auth.email_changed",
  emailInUse: "auth.email_in_use",
  passwordChanged: "auth.password_changed",
  twoFactorOff: "auth.two_factor_off",
  passkeyRemoved: "auth.passkey_removed",
  addressProven: "auth.address_proven",
} as const;

/** Queues an account mail that grants nothing, in `tx`. */
export function queueAccountMail(
  outbox: Outbox,
  tx: Db,
  mail: { userId: string; topic: string; to: string; content: MailContent },
): Promise<number> {
  return outbox.enqueue(tx, mailItem({ topic: mail.topic, ref: userRef(mail.userId), message: { to: mail.to, ...mail.content } }));
}

/**
 * Queues a mail that grants access (a reset or verification link): erased from the outbox once sent, given up
 * when the link expires, and logged with its link only in the development outbox.
 */
export function queueLinkMail(
  outbox: Outbox,
  tx: Db,
  mail: { userId: string; topic: string; to: string; content: MailContent; link: string; expiresAt: Date },
): Promise<number> {
  return outbox.enqueue(
    tx,
    mailItem({
      topic: mail.topic,
      ref: userRef(mail.userId),
      secret: true,
      giveUpAt: mail.expiresAt,
      message: { to: mail.to, ...mail.content, logDetail: `link: ${mail.link}` },
    }),
  );
}

/**
 * Makes a verification link for `email` and queues its mail, in `tx`: `verify` proves the account's own address,
 * `change` a new one (it replaces a change asked for earlier). The link is PUBLIC_URL + basePath + verify-email.
 * @returns the outbox id, for deliverSoon after the commit
 */
export async function queueVerification(
  outbox: Outbox,
  tx: Db,
  v: { publicUrl: string; basePath: string; purpose: VerificationPurpose; user: { id: string; name: string }; email: string; locale: Locale },
): Promise<number> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS);
  if (v.purpose === "change") await retireEmailVerifications(tx, v.user.id, "change");
  await createEmailVerification(tx, { tokenHash: sha256(token), userId: v.user.id, email: v.email, purpose: v.purpose, expiresAt });
  const link = accountLink(v.publicUrl, v.basePath, "verify-email", token, v.locale);
  const content =
    v.purpose === "verify"
      ? verifyEmailMail(v.locale, { link })
      : confirmNewEmailMail(v.locale, { link, email: v.email });
  return queueLinkMail(outbox, tx, {
    userId: v.user.id,
    topic: v.purpose === "verify" ? ACCOUNT_TOPICS.verify : ACCOUNT_TOPICS.change,
    to: v.email,
    content,
    link,
    expiresAt,
  });
}
