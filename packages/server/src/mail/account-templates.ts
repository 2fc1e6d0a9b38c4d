import { say } from "../i18n";
import { accountLink, pageLink, type MailSite } from "./links";
import { defineMail, SAMPLE_TOKEN } from "./registry";
import { greeting, sharedMailTexts } from "./templates";

/**
 * The mails about an account's e-mail address and password changed from the settings page, nl and en (src/locales).
 * Each one says what happened and what to do when it was not the reader. A name is given only for an address its
 * owner has proven (see greeting): to any other, the account's name is a stranger's words.
 */
const m = {
  verifySubject: /*i18n*/ { id: "mail.verify.subject", message: "Confirm your e-mail address" },
  verifyIntro: /*i18n*/ {
    id: "mail.verify.intro",
    message: "Please confirm that this is your e-mail address by opening this link:",
  },
  linkFooter: /*i18n*/ {
    id: "mail.verify.footer",
    message: "The link works once and expires in 24 hours. If you did not create an account with us, you can ignore this e-mail.",
  },
  changeSubject: /*i18n*/ { id: "mail.email_change.subject", message: "Confirm your new e-mail address" },
  changeIntro: /*i18n*/ {
    id: "mail.email_change.intro",
    message: "You asked to use {email} for your account. Open this link to confirm it; until then your account keeps its current address:",
  },
  changeFooter: /*i18n*/ {
    id: "mail.email_change.footer",
    message: "The link works once and expires in 24 hours. If you did not ask for this, you can ignore this e-mail; nothing changes.",
  },
  changedSubject: /*i18n*/ { id: "mail.email_changed.subject", message: "The e-mail address of your account was changed" },
  changedBody: /*i18n*/ {
    id: "mail.email_changed.body",
    message: "The e-mail address of your account was changed to {email}. We will write to that address from now on.",
  },
  changedWarning: /*i18n*/ {
    id: "mail.email_changed.warning",
    message: "If you did not do this, reply to this e-mail right away so we can help you get your account back.",
  },
  inUseSubject: /*i18n*/ { id: "mail.email_in_use.subject", message: "Someone tried to use your e-mail address" },
  inUseBody: /*i18n*/ {
    id: "mail.email_in_use.body",
    message:
      "Someone asked to move another account to this e-mail address, but you already have an account with it, so nothing was changed.",
  },
  inUseHint: /*i18n*/ {
    id: "mail.email_in_use.hint",
    message: "If that was you, log in to your existing account at {loginUrl} instead. Otherwise you can ignore this e-mail.",
  },
  passwordBody: /*i18n*/ {
    id: "mail.password_changed_settings.body",
    message: "The password of your account was just changed in your account settings, and every other device that was logged in has been logged out.",
  },
};

/** To an address not yet verified: it greets without the account's name, which whoever typed the address chose. */
export const verifyEmailMail = defineMail<{ link: string }>({
  name: "account.verify",
  render: (locale, { link }) => ({
    subject: say(locale, m.verifySubject),
    text: [greeting(locale, undefined), "", say(locale, m.verifyIntro), "", link, "", say(locale, m.linkFooter)].join("\n"),
  }),
  samples: (site, locale) => [{ link: accountLink(site.publicUrl, site.basePath, "verify-email", SAMPLE_TOKEN, locale) }],
});

/** To the new address of an e-mail change: the link that makes it the account's. Not yet verified, so no name. */
export const confirmNewEmailMail = defineMail<{ link: string; email: string }>({
  name: "account.email_change",
  render: (locale, { link, email }) => ({
    subject: say(locale, m.changeSubject),
    text: [greeting(locale, undefined), "", say(locale, m.changeIntro, { email }), "", link, "", say(locale, m.changeFooter)].join("\n"),
  }),
  samples: (site, locale) => [{ email: "eva@example.com", link: accountLink(site.publicUrl, site.basePath, "verify-email", SAMPLE_TOKEN, locale) }],
});

/** To the old address once the change is done. */
export const emailChangedMail = defineMail<{ name: string | undefined; email: string }>({
  name: "account.email_changed",
  render: (locale, { name, email }) => ({
    subject: say(locale, m.changedSubject),
    text: [greeting(locale, name), "", say(locale, m.changedBody, { email }), "", say(locale, m.changedWarning)].join("\n"),
  }),
  samples: () => [{ name: "Eva", email: "eva@example.com" }],
});

/**
 * To an address another account already has, instead of a link: the one who asked learns nothing from the answer,
 * and the address's owner learns that someone tried. The login page opens in the mail's language.
 */
export const emailInUseMail = defineMail<{ site: MailSite }>({
  name: "account.email_in_use",
  render: (locale, { site }) => ({
    subject: say(locale, m.inUseSubject),
    text: [say(locale, m.inUseBody), "", say(locale, m.inUseHint, { loginUrl: pageLink(site, "/login", locale) })].join("\n"),
  }),
  samples: (site) => [{ site }],
});

/** After a password change from the settings page (the device that changed it stays logged in). */
export const passwordChangedInSettingsMail = defineMail<{ name: string | undefined }>({
  name: "account.password_changed_in_settings",
  render: (locale, { name }) => ({
    subject: say(locale, sharedMailTexts.changedSubject),
    text: [greeting(locale, name), "", say(locale, m.passwordBody), "", say(locale, sharedMailTexts.changedWarning)].join("\n"),
  }),
  samples: () => [{ name: "Eva" }],
});
