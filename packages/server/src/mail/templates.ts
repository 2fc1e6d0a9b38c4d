import {
  BUDGET_UNKNOWN_LABEL,
  budgetLabel,
  choiceLabel,
  CONTACT_FEATURE_LABELS,
  DOMAIN_STATUS_LABELS,
  formatDateTime,
  HEAR_ABOUT_US_LABELS,
  isLocale,
  PROJECT_TYPE_LABELS,
  TIMELINE_LABELS,
  BUDGET_RANGES,
  type BudgetRange,
  localizedPath,
  type Locale,
} from "@agency/contract";
import { i18nFor, say } from "../i18n";
import { defineMail, SAMPLE_TOKEN } from "./registry";
import { removedFactorsLine } from "./removed-factors";
import { accountLink, pageLink, type MailSite } from "./links";

export type { MailContent } from "./registry";

/**
 * The mails about accounts and quote requests. Their texts are Lingui messages (src/locales), like everything
 * else the server says to people, so each exists in nl and en and `npm run i18n:check` guards that.
 */
/** Shared with the account mails (account-templates.ts): the greeting and the password-changed notice's frame. */
export const sharedMailTexts = {
  hello: /*i18n*/ { id: "mail.hello", message: "Hello {name}," },
  helloGeneric: /*i18n*/ { id: "mail.hello_generic", message: "Hello," },
  changedSubject: /*i18n*/ { id: "mail.password_changed.subject", message: "Your password was changed" },
  changedWarning: /*i18n*/ {
    id: "mail.password_changed.warning",
    message: "If you did not do this, reset your password right away and contact us by replying to this e-mail.",
  },
};

/**
 * The greeting: by name only when the name may be repeated to the address. A mail to an address nobody has proven
 * to be theirs greets without one (`name` undefined), so nobody can send their own words to an address they typed.
 */
export function greeting(locale: Locale, name: string | undefined): string {
  return name ? say(locale, sharedMailTexts.hello, { name }) : say(locale, sharedMailTexts.helloGeneric);
}

const m = {
  ...sharedMailTexts,
  resetSubject: /*i18n*/ { id: "mail.reset.subject", message: "Reset your password" },
  resetIntro: /*i18n*/ {
    id: "mail.reset.intro",
    message: "Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one:",
  },
  resetFooter: /*i18n*/ {
    id: "mail.reset.footer",
    message: "The link works once and expires in 24 hours. If you did not ask for this, you can ignore this e-mail; your password stays the same.",
  },
  changedBody: /*i18n*/ {
    id: "mail.password_changed.body",
    message: "The password of your account was just changed, and every device that was logged in has been logged out.",
  },
  changedLogin: /*i18n*/ { id: "mail.password_changed.login", message: "You can log in with your new password at {loginUrl}" },
  quoteSubject: /*i18n*/ { id: "mail.quote.subject", message: "New quote request #{id} from {sender}" },
  quoteIntro: /*i18n*/ { id: "mail.quote.intro", message: "A quote request came in on {date}." },
  quoteFooter: /*i18n*/ { id: "mail.quote.footer", message: "Reply within 24 hours, as the site promises." },
};

/** The labels of the quote request's fields in the agency's mail. */
export const quoteLabels = {
  name: /*i18n*/ { id: "mail.quote.name", message: "Name" },
  email: /*i18n*/ { id: "mail.quote.email", message: "E-mail" },
  company: /*i18n*/ { id: "mail.quote.company", message: "Company" },
  phone: /*i18n*/ { id: "mail.quote.phone", message: "Phone" },
  currentWebsite: /*i18n*/ { id: "mail.quote.current_website", message: "Current website" },
  projectType: /*i18n*/ { id: "mail.quote.project_type", message: "Project type" },
  budgetRange: /*i18n*/ { id: "mail.quote.budget", message: "Budget" },
  timeline: /*i18n*/ { id: "mail.quote.timeline", message: "Timeline" },
  domainStatus: /*i18n*/ { id: "mail.quote.domain", message: "Domain" },
  features: /*i18n*/ { id: "mail.quote.features", message: "Features" },
  primaryGoal: /*i18n*/ { id: "mail.quote.goal", message: "Primary goal" },
  biggestChallenge: /*i18n*/ { id: "mail.quote.challenge", message: "Biggest challenge" },
  hearAboutUs: /*i18n*/ { id: "mail.quote.heard", message: "Heard about us via" },
  language: /*i18n*/ { id: "mail.quote.language", message: "Language" },
  source: /*i18n*/ { id: "mail.quote.source", message: "Source" },
  message: /*i18n*/ { id: "mail.quote.message", message: "Message" },
};

/** What a quote request's choices are written as in a mail: the contract's labels of them, as the form showed them. */
export interface QuoteChoices {
  projectType: string;
  budgetRange: string;
  /** The visitor picked 'Unknown', which is stored as the highest range. */
  budgetUnknown: boolean;
  timeline: string;
  domainStatus: string;
  features: string[];
  hearAboutUs: string;
  /** The language of the form the visitor filled in, whose currency the budget was picked in. */
  language: Locale;
}

/**
 * The choices of a quote request in the mail's language, named as the form names them, the budget in the
 * currency and amounts the visitor picked, and 'Unknown' as such (it is stored as the highest range). A value the
 * contract does not know (an earlier release's) stays as it is.
 */
export function quoteChoiceTexts(locale: Locale, d: QuoteChoices) {
  const i18n = i18nFor(locale);
  const pickedIn = isLocale(d.language) ? d.language : locale;
  return {
    projectType: choiceLabel(i18n, PROJECT_TYPE_LABELS, d.projectType),
    budgetRange: d.budgetUnknown
      ? i18n._(BUDGET_UNKNOWN_LABEL)
      : (BUDGET_RANGES as readonly string[]).includes(d.budgetRange)
        ? budgetLabel(d.budgetRange as BudgetRange, pickedIn, locale)
        : d.budgetRange,
    timeline: choiceLabel(i18n, TIMELINE_LABELS, d.timeline),
    domainStatus: choiceLabel(i18n, DOMAIN_STATUS_LABELS, d.domainStatus),
    features: d.features.map((feature) => choiceLabel(i18n, CONTACT_FEATURE_LABELS, feature)).join(", "),
    hearAboutUs: d.hearAboutUs ? choiceLabel(i18n, HEAR_ABOUT_US_LABELS, d.hearAboutUs) : "",
  };
}

/** `name` only for an account whose address is verified (see greeting). */
export const resetPasswordMail = defineMail<{ name: string | undefined; link: string }>({
  name: "account.reset",
  render: (locale, { name, link }) => ({
    subject: say(locale, m.resetSubject),
    text: [greeting(locale, name), "", say(locale, m.resetIntro), "", link, "", say(locale, m.resetFooter)].join("\n"),
  }),
  samples: (site, locale) => [{ name: "Eva", link: accountLink(site.publicUrl, site.basePath, "reset-password", SAMPLE_TOKEN, locale) }],
});

/**
 * After a reset: the login page, in the mail's language, is where the new password is used. `removedLine` says what
 * the reset's proof of the mailbox removed (removedFactorsLine in factor-templates.ts), if anything.
 */
export const passwordChangedMail = defineMail<{ name: string | undefined; site: MailSite; removedLine?: string | null }>({
  name: "account.password_changed",
  render: (locale, { name, site, removedLine = null }) => ({
    subject: say(locale, m.changedSubject),
    text: [
      greeting(locale, name),
      "",
      say(locale, m.changedBody),
      say(locale, m.changedLogin, { loginUrl: pageLink(site, "/login", locale) }),
      "",
      ...(removedLine ? [removedLine, ""] : []),
      say(locale, m.changedWarning),
    ].join("\n"),
  }),
  samples: (site, locale) => [
    { name: "Eva", site },
    { name: undefined, site, removedLine: removedFactorsLine(locale, { passkeys: 1, authenticator: true, recoveryCodes: true }) },
  ],
});

export interface QuoteNotificationData {
  id: number;
  name: string;
  email: string;
  company: string;
  phone: string;
  projectType: string;
  budgetRange: string;
  budgetUnknown: boolean;
  timeline: string;
  domainStatus: string;
  features: string[];
  hearAboutUs: string;
  primaryGoal: string;
  biggestChallenge: string;
  currentWebsite: string;
  message: string;
  language: Locale;
  source: string;
  pageUrl: string;
  utm: Record<string, string>;
  createdAt: Date;
}

/** To the agency inbox: every field of a quote request that was filled in. */
export const quoteNotificationMail = defineMail<QuoteNotificationData>({
  name: "quote.notification",
  render: writeQuoteNotification,
  samples: (site, locale) => [
    {
      id: 1042,
      name: "Eva de Vries",
      email: "eva@example.com",
      company: "Bakkerij de Vries",
      phone: "+31 612345678",
      projectType: "e-commerce",
      budgetRange: "2000-3000",
      budgetUnknown: false,
      timeline: "2-3-months",
      domainStatus: "need-domain",
      features: ["online-booking", "blog"],
      hearAboutUs: "referral",
      primaryGoal: "More orders online",
      biggestChallenge: "",
      currentWebsite: "",
      message: "We would like a webshop for our bread.",
      language: locale,
      source: "contact-page",
      // The page the visitor sent it from, as the quote form reports it (an English visitor's carries the language).
      pageUrl: `${site.publicUrl}${site.basePath}${localizedPath("/contact", locale).slice(1)}${locale === "en" ? "?lang=en" : ""}`,
      utm: {},
      createdAt: new Date("2026-03-05T10:30:00Z"),
    },
  ],
});

function writeQuoteNotification(locale: Locale, d: QuoteNotificationData) {
  const label = (key: keyof typeof quoteLabels) => say(locale, quoteLabels[key]);
  const choice = quoteChoiceTexts(locale, d);
  const rows: [string, string][] = [
    [label("name"), d.name],
    [label("email"), d.email],
    [label("company"), d.company],
    [label("phone"), d.phone],
    [label("currentWebsite"), d.currentWebsite],
    [label("projectType"), choice.projectType],
    [label("budgetRange"), choice.budgetRange],
    [label("timeline"), choice.timeline],
    [label("domainStatus"), choice.domainStatus],
    [label("features"), choice.features],
    [label("primaryGoal"), d.primaryGoal],
    [label("biggestChallenge"), d.biggestChallenge],
    [label("hearAboutUs"), choice.hearAboutUs],
    [label("language"), d.language],
    [label("source"), [d.source, d.pageUrl].filter(Boolean).join(" — ")],
    ["UTM", Object.entries(d.utm).map(([k, v]) => `${k}=${v}`).join(", ")],
  ];
  const lines = rows.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`);
  if (d.message) lines.push("", `${label("message")}:`, d.message);
  return {
    subject: say(locale, m.quoteSubject, { id: d.id, sender: d.company ? `${d.name} (${d.company})` : d.name }),
    text: [say(locale, m.quoteIntro, { date: formatDateTime(d.createdAt, locale) }), "", ...lines, "", say(locale, m.quoteFooter)].join("\n"),
  };
}
