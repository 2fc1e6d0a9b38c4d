import { DESK_ENROLMENT_HOURS, localizedPath, type Locale } from "@agency/contract";
import type { Db } from "../db/db";
import { newTotpSecret } from "../auth-factors/totp";
import { randomToken, sha256 } from "../lib/crypto";
import { say } from "../i18n";
import { pageLink, type MailSite } from "../mail/links";
import { defineMail, SAMPLE_TOKEN, type MailContent } from "../mail/registry";
import type { Outbox } from "../outbox/delivery";
import { mailItem } from "../outbox/mail-channel";
import { insertEnrolment } from "./staff-repository";

/** What the authenticator app shows as the account's issuer. */
export const TOTP_ISSUER = "Agency desk";

export const ENROLMENT_TTL_MS = DESK_ENROLMENT_HOURS * 60 * 60 * 1000;

/**
 * The enrolment page for a token, in a language: PUBLIC_URL + basePath + `desk/enrol?token=…` (the Dutch desk) or
 * `en/desk/enrol?token=…` (the English one), with `lang`, like every other link the server hands out.
 */
export function enrolmentLink(site: MailSite, token: string, locale: Locale): string {
  return pageLink(site, localizedPath("/desk/enrol", locale), locale, { token });
}

/** A new single-use enrolment link for a staff member, valid 24 hours. Only the token's hash is stored. */
export async function createEnrolmentLink(
  tx: Db,
  { staffId, publicUrl, basePath = "/", locale = "nl" }: { staffId: string; publicUrl: string; basePath?: string; locale?: Locale },
): Promise<{ link: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ENROLMENT_TTL_MS);
  await insertEnrolment(tx, { tokenHash: sha256(token), staffId, totpSecret: newTotpSecret(), expiresAt });
  return { link: enrolmentLink({ publicUrl, basePath }, token, locale), expiresAt };
}

const m = {
  subject: /*i18n*/ { id: "mail.desk_invite.subject", message: "You are invited to the agency's desk" },
  intro: /*i18n*/ {
    id: "mail.desk_invite.intro",
    message: "{inviter} invited you to the agency's desk as {role}. Open this link to set your password and your authenticator app:",
  },
  footer: /*i18n*/ {
    id: "mail.desk_invite.footer",
    message: "The link works once and expires in 24 hours. If you did not expect this invitation, you can ignore this e-mail.",
  },
  admin: /*i18n*/ { id: "desk.role.admin", message: "admin" },
  staff: /*i18n*/ { id: "desk.role.staff", message: "staff member" },
};

export const invitationMail = defineMail<{ inviter: string; role: "admin" | "staff"; link: string }>({
  name: "desk.invitation",
  render: (locale, { inviter, role, link }) => ({
    subject: say(locale, m.subject),
    text: [say(locale, m.intro, { inviter, role: say(locale, m[role]) }), "", link, "", say(locale, m.footer)].join("\n"),
  }),
  samples: (site, locale) => [{ inviter: "admin@agency.test", role: "staff", link: enrolmentLink(site, SAMPLE_TOKEN, locale) }],
});

export const INVITATION_TOPIC = "desk.invitation";

/** Queues an invitation, in `tx`: it grants access, so it is erased once sent and given up when the link expires. */
export function queueInvitation(
  outbox: Outbox,
  tx: Db,
  i: { staffId: string; to: string; content: MailContent; link: string; expiresAt: Date },
): Promise<number> {
  return outbox.enqueue(
    tx,
    mailItem({
      topic: INVITATION_TOPIC,
      ref: `staff:${i.staffId}`,
      secret: true,
      giveUpAt: i.expiresAt,
      message: { to: i.to, ...i.content, logDetail: `link: ${i.link}` },
    }),
  );
}
