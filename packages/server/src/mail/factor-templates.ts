import { formatDateTime } from "@agency/contract";
import { NOTHING_REMOVED, type RemovedFactors } from "../accounts/factors-repository";
import { say } from "../i18n";
import { accountLink } from "./links";
import { defineMail, SAMPLE_TOKEN } from "./registry";
import { removedFactorsLine } from "./removed-factors";
import { deviceText } from "./sign-in-alert-mail";
import { greeting, sharedMailTexts } from "./templates";

/** A way into an account besides its password, as its mails name it. */
export type FactorKind = "passkey" | "authenticator" | "recovery_codes";

/**
 * The mails about the ways into an account besides its password, nl and en (src/locales): one was added (with the link
 * that removes it again), one was removed, what a proof of the mailbox removed, and the reset link that follows a
 * 'this wasn't me'. None repeats a passkey's name: whoever added it chose it.
 */
const m = {
  passkeyAddedSubject: /*i18n*/ { id: "mail.passkey_added.subject", message: "A passkey was added to your account" },
  passkeyAddedBody: /*i18n*/ {
    id: "mail.passkey_added.body",
    message: "A passkey was just added to your account from {device}, on {time}. It signs in without your password.",
  },
  twoFactorOnSubject: /*i18n*/ { id: "mail.two_factor_on.subject", message: "Two-step verification was turned on" },
  twoFactorOnBody: /*i18n*/ {
    id: "mail.two_factor_on.body",
    message: "Two-step verification was just turned on for your account. From now on, signing in asks for a code from your authenticator app after your password.",
  },
  codesSubject: /*i18n*/ { id: "mail.recovery_codes.subject", message: "New recovery codes were made for your account" },
  codesBody: /*i18n*/ {
    id: "mail.recovery_codes.body",
    message: "New recovery codes were just made for your account, on {time}. Each signs in once in place of a code from your authenticator app; the earlier ones no longer work.",
  },
  notYou: /*i18n*/ {
    id: "mail.factor_added.not_you",
    message:
      "If this wasn't you, someone else knows your password. Open this link: it removes what was added, signs your account out on every device and mails you a link to choose a new password:",
  },
  footer: /*i18n*/ {
    id: "mail.factor_added.footer",
    message: "The link works once and expires in 7 days. Opening it changes nothing until you confirm on the page.",
  },
  passkeyRemovedSubject: /*i18n*/ { id: "mail.passkey_removed.subject", message: "A passkey was removed from your account" },
  passkeyRemovedBody: /*i18n*/ {
    id: "mail.passkey_removed.body",
    message: "A passkey was just removed from your account in your account settings. It no longer signs in.",
  },
  twoFactorOffSubject: /*i18n*/ { id: "mail.two_factor_off.subject", message: "Two-step verification was turned off" },
  twoFactorOffBody: /*i18n*/ {
    id: "mail.two_factor_off.body",
    message: "Two-step verification was just turned off for your account in your account settings. Signing in now takes only your password.",
  },
  provenSubject: /*i18n*/ { id: "mail.address_proven.subject", message: "Your e-mail address is confirmed" },
  provenBody: /*i18n*/ {
    id: "mail.address_proven.body",
    message:
      "You confirmed the e-mail address of your account. Until then nobody had shown the address to be theirs, so what was set up on the account before could have been someone else's doing.",
  },
  secureSubject: /*i18n*/ { id: "mail.secure_account.subject", message: "Choose a new password" },
  secureBody: /*i18n*/ {
    id: "mail.secure_account.body",
    message: "As you asked, every device has been signed out of your account and its password no longer works. Choose a new one with this link:",
  },
  secureFooter: /*i18n*/ {
    id: "mail.secure_account.footer",
    message: "The link works once and expires in 24 hours. If it has expired, ask for a new one on the login page ('Forgot password').",
  },
};

type Device = { browser: string | null; os: string | null };
const SAMPLE_AT = new Date("2026-03-05T10:30:00Z");
const SAMPLE_DEVICE: Device = { browser: "Firefox", os: "Android" };

/** To the owner the moment a way in was added, with the link that takes it away again (and secures the account). */
export const factorAddedMail = defineMail<{ name: string | undefined; kind: FactorKind; at: Date; device: Device; link: string }>({
  name: "account.factor_added",
  render: (locale, a) => {
    const time = formatDateTime(a.at, locale);
    const [subject, body] =
      a.kind === "passkey"
        ? [say(locale, m.passkeyAddedSubject), say(locale, m.passkeyAddedBody, { device: deviceText(locale, a.device), time })]
        : a.kind === "authenticator"
          ? [say(locale, m.twoFactorOnSubject), say(locale, m.twoFactorOnBody)]
          : [say(locale, m.codesSubject), say(locale, m.codesBody, { time })];
    return {
      subject,
      text: [greeting(locale, a.name), "", body, "", say(locale, m.notYou), "", a.link, "", say(locale, m.footer)].join("\n"),
    };
  },
  samples: (site, locale) =>
    (["passkey", "authenticator", "recovery_codes"] as const).map((kind) => ({
      name: "Eva",
      kind,
      at: SAMPLE_AT,
      device: SAMPLE_DEVICE,
      link: accountLink(site.publicUrl, site.basePath, "secure-account", SAMPLE_TOKEN, locale),
    })),
});

/** After a passkey was removed or two-step verification turned off in the settings. */
export const factorRemovedMail = defineMail<{ name: string | undefined; kind: "passkey" | "authenticator" }>({
  name: "account.factor_removed",
  render: (locale, { name, kind }) => {
    const [subject, body] = kind === "passkey" ? [m.passkeyRemovedSubject, m.passkeyRemovedBody] : [m.twoFactorOffSubject, m.twoFactorOffBody];
    return {
      subject: say(locale, subject),
      text: [greeting(locale, name), "", say(locale, body), "", say(locale, sharedMailTexts.changedWarning)].join("\n"),
    };
  },
  samples: () => [
    { name: "Eva", kind: "passkey" },
    { name: "Eva", kind: "authenticator" },
  ],
});

/**
 * After an address was confirmed for the first time, when that removed what had been set up before. It greets without
 * the account's name: whoever registered chose it.
 */
export const addressProvenMail = defineMail<{ removed: RemovedFactors }>({
  name: "account.address_proven",
  render: (locale, { removed }) => ({
    subject: say(locale, m.provenSubject),
    text: [greeting(locale, undefined), "", say(locale, m.provenBody), "", removedFactorsLine(locale, removed) ?? ""].join("\n").trimEnd(),
  }),
  samples: () => [{ removed: { passkeys: 2, authenticator: true, recoveryCodes: true } }],
});

/** After 'this wasn't me': every device signed out, the password locked, and the link to choose a new one. */
export const secureAccountMail = defineMail<{ name: string | undefined; link: string; removed: RemovedFactors }>({
  name: "account.secure_account",
  render: (locale, { name, link, removed }) => {
    const line = removedFactorsLine(locale, removed);
    return {
      subject: say(locale, m.secureSubject),
      text: [greeting(locale, name), "", say(locale, m.secureBody), "", link, "", ...(line ? [line, ""] : []), say(locale, m.secureFooter)].join("\n"),
    };
  },
  samples: (site, locale) => [
    { name: "Eva", link: accountLink(site.publicUrl, site.basePath, "reset-password", SAMPLE_TOKEN, locale), removed: NOTHING_REMOVED },
    { name: undefined, link: accountLink(site.publicUrl, site.basePath, "reset-password", SAMPLE_TOKEN, locale), removed: { passkeys: 1, authenticator: false, recoveryCodes: false } },
  ],
});
