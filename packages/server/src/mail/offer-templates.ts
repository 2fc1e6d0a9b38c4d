import { say } from "../i18n";
import { accountLink, deskLink, offerLink } from "./links";
import { defineMail, SAMPLE_TOKEN, type MailSite } from "./registry";
import { greeting } from "./templates";

/**
 * The mails of a package sale, nl and en (src/locales): the offer with its link, the signed offer after the deposit
 * (to the customer and to the agency), the balance invoice at delivery with its pay link, the one reminder of an
 * unpaid balance, and the upgrade a customer asked for (to the agency). The offer is addressed to the person staff
 * named after the intake call, so it greets them by that name.
 */

const m = {
  offerSubject: /*i18n*/ { id: "mail.offer.subject", message: "Your offer {number} for the {package} package" },
  upgradeSubject: /*i18n*/ { id: "mail.offer.upgrade_subject", message: "Your offer {number}: upgrade to the {package} package" },
  offerIntro: /*i18n*/ {
    id: "mail.offer.intro",
    message: "Thank you for the conversation. Here is our offer for the {package} package: a one-time {oneTime} and {monthly} a month (both including VAT).",
  },
  offerAction: /*i18n*/ {
    id: "mail.offer.action",
    message: "Read the offer, accept it and pay the deposit of {deposit} (50%) here:",
  },
  offerValid: /*i18n*/ { id: "mail.offer.valid", message: "The offer is valid until {date}. Questions? Just reply to this e-mail." },
  signedSubject: /*i18n*/ { id: "mail.offer.signed_subject", message: "Your order: signed offer {number}" },
  signedBody: /*i18n*/ {
    id: "mail.offer.signed_body",
    message:
      "Thank you for your order. We received the deposit of {deposit}. Attached are the offer you signed and the invoice of the deposit. We will let you know when your website is delivered.",
  },
  signedPage: /*i18n*/ { id: "mail.offer.signed_page", message: "Your order, its invoices and what is still due are always here:" },
  mandateNeeded: /*i18n*/ {
    id: "mail.offer.mandate_needed",
    message: "The monthly fee is collected by SEPA Direct Debit. You paid by card, so please give us a direct debit mandate on the same page.",
  },
  agencySubject: /*i18n*/ { id: "mail.offer.agency_subject", message: "Offer {number} accepted and deposit paid: {customer}" },
  agencyBody: /*i18n*/ {
    id: "mail.offer.agency_body",
    message: "{name} ({email}) accepted offer {number} for the {package} package and paid the deposit of {deposit}. The signed offer is attached.",
  },
  agencyDesk: /*i18n*/ { id: "mail.offer.agency_desk", message: "See it in the desk: {url}" },
  deliveredSubject: /*i18n*/ { id: "mail.offer.delivered_subject", message: "Your website is delivered: invoice {invoice}" },
  deliveredBody: /*i18n*/ {
    id: "mail.offer.delivered_body",
    message: "Your {package} website is delivered. Attached is the invoice of the balance, {amount} including VAT, due by {date}.",
  },
  payAction: /*i18n*/ { id: "mail.offer.pay_action", message: "Pay it by iDEAL or card here:" },
  monthlyFrom: /*i18n*/ {
    id: "mail.offer.monthly_from",
    message: "The monthly fee of {monthly} including VAT starts on {date} and is collected by SEPA Direct Debit at the start of each month.",
  },
  monthlyNoMandate: /*i18n*/ {
    id: "mail.offer.monthly_no_mandate",
    message: "The monthly fee of {monthly} including VAT starts on {date} and is collected by SEPA Direct Debit. Please give us a direct debit mandate on the page above before then.",
  },
  reminderSubject: /*i18n*/ { id: "mail.offer.reminder_subject", message: "Reminder: invoice {invoice} is overdue" },
  reminderBody: /*i18n*/ {
    id: "mail.offer.reminder_body",
    message: "We have not yet received the payment of invoice {invoice}, {amount} including VAT, which was due on {date}. If you have paid it meanwhile, thank you, and please ignore this e-mail.",
  },
  requestedSubject: /*i18n*/ { id: "mail.offer.requested_subject", message: "Upgrade asked for: {customer} to {package}" },
  requestedBody: /*i18n*/ {
    id: "mail.offer.requested_body",
    message: "{name} ({email}) of {customer} asks to upgrade from {from} to {package}. Offer {number} is ready to be sent from the desk:",
  },
  help: /*i18n*/ { id: "mail.offer.help", message: "Questions? Just reply to this e-mail." },
  welcomeSubject: /*i18n*/ { id: "mail.offer.welcome_subject", message: "Your account: choose a password" },
  welcomeBody: /*i18n*/ {
    id: "mail.offer.welcome_body",
    message: "With your order we made an account for {email}, where you find your package, your invoices and your subscription. Choose its password here:",
  },
  claimBody: /*i18n*/ {
    id: "mail.offer.claim_body",
    message:
      "Your order is in the account for {email}. That address had not been confirmed yet, so for your safety its password no longer works and everyone signed in to it was signed out. Choose a new password here:",
  },
  welcomeFooter: /*i18n*/ {
    id: "mail.offer.welcome_footer",
    message: "The link works once and expires in 7 days. After that, use 'Forgot password' on the login page.",
  },
};

export interface OfferMailData {
  name: string;
  number: string;
  packageName: string;
  /** The offer's page (offerLink, links.ts), or the desk's (deskLink) in the agency's mails, in the mail's language. */
  link: string;
}

/** A made-up offer id for the samples' desk links. */
const SAMPLE_OFFER = "9b2f6c1e-5d4a-4f3b-8e7d-1a2b3c4d5e6f";

const sampleOffer = (site: MailSite, locale: "nl" | "en"): OfferMailData => ({
  name: "Eva de Vries",
  number: "OF-2027-0012",
  packageName: "Professional",
  link: offerLink(site, SAMPLE_TOKEN, locale),
});

const sampleDesk = (site: MailSite, locale: "nl" | "en") => deskLink(site, `offers/${SAMPLE_OFFER}`, locale);

export const offerMail = defineMail<OfferMailData & { upgrade: boolean; oneTime: string; monthly: string; deposit: string; validUntil: string }>({
  name: "offer.sent",
  render: (locale, d) => ({
    subject: say(locale, d.upgrade ? m.upgradeSubject : m.offerSubject, { number: d.number, package: d.packageName }),
    text: [
      greeting(locale, d.name),
      "",
      say(locale, m.offerIntro, { package: d.packageName, oneTime: d.oneTime, monthly: d.monthly }),
      "",
      say(locale, m.offerAction, { deposit: d.deposit }),
      d.link,
      "",
      say(locale, m.offerValid, { date: d.validUntil }),
    ].join("\n"),
  }),
  samples: (site, locale) =>
    [false, true].map((upgrade) => ({
      ...sampleOffer(site, locale),
      upgrade,
      oneTime: "€ 3.025,00",
      monthly: "€ 96,80",
      deposit: "€ 1.512,50",
      validUntil: locale === "nl" ? "5 april 2027" : "April 5, 2027",
    })),
});

export const signedMail = defineMail<OfferMailData & { deposit: string; needsMandate: boolean }>({
  name: "offer.signed",
  render: (locale, d) => ({
    subject: say(locale, m.signedSubject, { number: d.number }),
    text: [
      greeting(locale, d.name),
      "",
      say(locale, m.signedBody, { deposit: d.deposit }),
      "",
      say(locale, m.signedPage),
      d.link,
      ...(d.needsMandate ? ["", say(locale, m.mandateNeeded)] : []),
      "",
      say(locale, m.help),
    ].join("\n"),
  }),
  samples: (site, locale) => [false, true].map((needsMandate) => ({ ...sampleOffer(site, locale), deposit: "€ 1.512,50", needsMandate })),
});

/** To the agency's inbox: an offer accepted and its deposit paid; `link` is the offer in the desk. */
export const agencyMail = defineMail<OfferMailData & { email: string; customer: string; deposit: string }>({
  name: "offer.signed_agency",
  render: (locale, d) => ({
    subject: say(locale, m.agencySubject, { number: d.number, customer: d.customer }),
    text: [
      say(locale, m.agencyBody, { name: d.name, email: d.email, number: d.number, package: d.packageName, deposit: d.deposit }),
      "",
      say(locale, m.agencyDesk, { url: d.link }),
    ].join("\n"),
  }),
  samples: (site, locale) => [
    { ...sampleOffer(site, locale), link: sampleDesk(site, locale), email: "eva@example.com", customer: "Bakkerij de Vries", deposit: "€ 1.512,50" },
  ],
});

export const deliveredMail = defineMail<
  OfferMailData & { invoice: string; amount: string; dueDate: string; monthly: string | null; monthlyFrom: string; needsMandate: boolean }
>({
  name: "offer.delivered",
  render: (locale, d) => ({
    subject: say(locale, m.deliveredSubject, { invoice: d.invoice }),
    text: [
      greeting(locale, d.name),
      "",
      say(locale, m.deliveredBody, { package: d.packageName, amount: d.amount, date: d.dueDate }),
      "",
      say(locale, m.payAction),
      d.link,
      ...(d.monthly ? ["", say(locale, d.needsMandate ? m.monthlyNoMandate : m.monthlyFrom, { monthly: d.monthly, date: d.monthlyFrom })] : []),
      "",
      say(locale, m.help),
    ].join("\n"),
  }),
  samples: (site, locale) =>
    [false, true].map((needsMandate) => ({
      ...sampleOffer(site, locale),
      invoice: "2027-0042",
      amount: "€ 1.512,50",
      dueDate: locale === "nl" ? "19 april 2027" : "April 19, 2027",
      monthly: "€ 96,80",
      monthlyFrom: locale === "nl" ? "1 mei 2027" : "May 1, 2027",
      needsMandate,
    })),
});

export const reminderMail = defineMail<OfferMailData & { invoice: string; amount: string; dueDate: string }>({
  name: "offer.reminder",
  render: (locale, d) => ({
    subject: say(locale, m.reminderSubject, { invoice: d.invoice }),
    text: [
      greeting(locale, d.name),
      "",
      say(locale, m.reminderBody, { invoice: d.invoice, amount: d.amount, date: d.dueDate }),
      "",
      say(locale, m.payAction),
      d.link,
      "",
      say(locale, m.help),
    ].join("\n"),
  }),
  samples: (site, locale) => [
    { ...sampleOffer(site, locale), invoice: "2027-0042", amount: "€ 1.512,50", dueDate: locale === "nl" ? "19 april 2027" : "April 19, 2027" },
  ],
});

/** To the agency's inbox: a customer asks for a higher package; `link` is the offer ready in the desk. */
export const upgradeRequestedMail = defineMail<OfferMailData & { email: string; customer: string; from: string }>({
  name: "offer.upgrade_requested",
  render: (locale, d) => ({
    subject: say(locale, m.requestedSubject, { customer: d.customer, package: d.packageName }),
    text: [say(locale, m.requestedBody, { name: d.name, email: d.email, customer: d.customer, from: d.from, package: d.packageName, number: d.number }), d.link].join(
      "\n",
    ),
  }),
  samples: (site, locale) => [
    { ...sampleOffer(site, locale), link: sampleDesk(site, locale), email: "eva@example.com", customer: "Bakkerij de Vries", from: "Starter" },
  ],
});

/** The mail to choose the password of the account an order went to: a new one, or one whose address was not proven (`existing`). */
export const welcomeMail = defineMail<{ name: string; email: string; link: string; existing: boolean }>({
  name: "offer.welcome",
  render: (locale, d) => ({
    subject: say(locale, m.welcomeSubject),
    text: [greeting(locale, d.name), "", say(locale, d.existing ? m.claimBody : m.welcomeBody, { email: d.email }), "", d.link, "", say(locale, m.welcomeFooter)].join("\n"),
  }),
  samples: (site, locale) =>
    [false, true].map((existing) => ({
      name: "Eva de Vries",
      email: "eva@example.com",
      link: accountLink(site.publicUrl, site.basePath, "reset-password", SAMPLE_TOKEN, locale),
      existing,
    })),
});
