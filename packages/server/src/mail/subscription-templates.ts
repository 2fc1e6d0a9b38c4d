import { formatDate, formatMoney, type BillingPeriod, type Locale } from "@agency/contract";
import { say } from "../i18n";
import { pageLink, type MailSite } from "./links";
import { defineMail, type MailWriter } from "./registry";
import { greeting } from "./templates";

/** What an invoice of the subscription charges, in cents of `currency`: the total paid, VAT included, and that VAT. */
export interface InvoiceAmount {
  totalCents: number;
  taxCents: number;
  currency: string;
}

export interface SubscriptionMailData {
  /** Null for an address nobody has proven: the mail then greets without the name whoever registered typed. */
  name: string | null;
  /** In the mail's language. */
  planName: string;
  billingPeriod: BillingPeriod;
  /**
   * The invoice the mail is about (the first, the renewal's, the one not paid): the amount charged or asked for,
   * VAT included, as the invoice has it. Null when unknown (a subscription from before amounts were kept): the
   * plan's price is given then, said to exclude VAT.
   */
  invoice: InvoiceAmount | null;
  /** The plan's price for the period, in cents of `currency`, VAT excluded. */
  priceCents: number;
  currency: string;
  /** The next billing date (started, renewed), or the date the subscription ended (ended). */
  date: Date;
  /** Where the links point; each opens its page in the mail's language. */
  site: MailSite;
  /** The bank asks the customer to confirm the payment, rather than it having failed. */
  confirm?: boolean;
}

/**
 * The mails about a subscription: started, renewed, a payment failed (or the bank asks for a confirmation), ended,
 * and a second subscription cancelled and refunded. Every amount is what the invoice charges, VAT included. Texts in
 * src/locales.
 */
const m = {
  perMonth: /*i18n*/ { id: "mail.subscription.per_month", message: "per month" },
  perYear: /*i18n*/ { id: "mail.subscription.per_year", message: "per year" },
  withVat: /*i18n*/ { id: "mail.amount.with_vat", message: "{total} (including {vat} VAT)" },
  noVat: /*i18n*/ { id: "mail.amount.no_vat", message: "{total} (no VAT charged)" },
  exclVat: /*i18n*/ { id: "mail.amount.excl_vat", message: "{price} excluding VAT" },
  startedSubject: /*i18n*/ { id: "mail.subscription.started.subject", message: "Your {plan} subscription has started" },
  startedBody: /*i18n*/ {
    id: "mail.subscription.started.body",
    message: "Thank you for subscribing. Your {plan} subscription is active: {price} {period}.",
  },
  startedNext: /*i18n*/ { id: "mail.subscription.started.next", message: "The next billing date is {date}." },
  startedManage: /*i18n*/ {
    id: "mail.subscription.started.manage",
    message: "You can see or cancel your subscription at any time on your dashboard: {url}",
  },
  invoices: /*i18n*/ { id: "mail.subscription.invoices", message: "Your invoices are under 'Manage billing': {url}" },
  renewedSubject: /*i18n*/ { id: "mail.subscription.renewed.subject", message: "Your {plan} subscription has been renewed" },
  renewedBody: /*i18n*/ {
    id: "mail.subscription.renewed.body",
    message: "Your {plan} subscription has been renewed until {date}. We charged {price} for it.",
  },
  failedSubject: /*i18n*/ { id: "mail.subscription.failed.subject", message: "Payment failed for your {plan} subscription" },
  failedBody: /*i18n*/ { id: "mail.subscription.failed.body", message: "We could not collect the payment of {price} for your {plan} subscription." },
  failedRetry: /*i18n*/ {
    id: "mail.subscription.failed.retry",
    message: "We will try again over the next few days. To keep your subscription, please check that your payment details are up to date.",
  },
  failedManage: /*i18n*/ {
    id: "mail.subscription.failed.manage",
    message: "Update your card or billing details under 'Manage billing': {url}",
  },
  failedPay: /*i18n*/ { id: "mail.subscription.failed.pay", message: "Pay the invoice now, by card or iDEAL: {url}" },
  confirmSubject: /*i18n*/ { id: "mail.subscription.confirm.subject", message: "Please confirm the payment for your {plan} subscription" },
  confirmBody: /*i18n*/ {
    id: "mail.subscription.confirm.body",
    message: "Your bank asks you to confirm the payment of {price} for your {plan} subscription before it can be collected.",
  },
  confirmPay: /*i18n*/ { id: "mail.subscription.confirm.pay", message: "Confirm the payment here: {url}" },
  failedHelp: /*i18n*/ { id: "mail.subscription.failed.help", message: "Questions? Reply to this e-mail and we will help you out." },
  endedSubject: /*i18n*/ { id: "mail.subscription.ended.subject", message: "Your {plan} subscription has ended" },
  endedBody: /*i18n*/ { id: "mail.subscription.ended.body", message: "Your {plan} subscription ended on {date}. You will not be charged again." },
  endedAgain: /*i18n*/ {
    id: "mail.subscription.ended.again",
    message: "Changed your mind? You can subscribe again at any time: {url}",
  },
  refundedSubject: /*i18n*/ {
    id: "mail.subscription.refunded.subject",
    message: "Your second {plan} subscription has been cancelled and refunded",
  },
  refundedBody: /*i18n*/ {
    id: "mail.subscription.refunded.body",
    message:
      "You already had a {plan} subscription, so we cancelled the second one you just paid for straight away and refunded its payment in full. A refund usually shows on your statement within 5 to 10 working days.",
  },
  refundedKept: /*i18n*/ {
    id: "mail.subscription.refunded.kept",
    message: "Your existing subscription continues unchanged: {url}",
  },
};

/** The amount of an invoice as the mail says it ("€ 566,28 (inclusief € 98,28 btw)"), or the price excluding VAT. */
export function amountText(locale: Locale, d: Pick<SubscriptionMailData, "invoice" | "priceCents" | "currency">): string {
  const money = (cents: number, currency: string) => formatMoney(cents / 100, currency, locale, { cents: true });
  const { invoice } = d;
  if (!invoice) return say(locale, m.exclVat, { price: money(d.priceCents, d.currency) });
  const total = money(invoice.totalCents, invoice.currency);
  return invoice.taxCents > 0 ? say(locale, m.withVat, { total, vat: money(invoice.taxCents, invoice.currency) }) : say(locale, m.noVat, { total });
}

export const SUBSCRIPTION_MAIL_KINDS = ["started", "renewed", "payment_failed", "ended", "duplicate_refunded"] as const;
export type SubscriptionMailKind = (typeof SUBSCRIPTION_MAIL_KINDS)[number];

function writeSubscriptionMail(locale: Locale, kind: SubscriptionMailKind, d: SubscriptionMailData) {
  const t = (message: (typeof m)[keyof typeof m], values: Record<string, unknown> = {}) =>
    say(locale, message, { plan: d.planName, price: amountText(locale, d), date: formatDate(d.date, locale), ...values });
  const link = (appPath: string, params?: Record<string, string>) => pageLink(d.site, appPath, locale, params);
  const manage = link("/dashboard/settings");
  const billing = link("/billing");
  const hello = greeting(locale, d.name ?? undefined);
  if (kind === "started") {
    const period = t(d.billingPeriod === "yearly" ? m.perYear : m.perMonth);
    return {
      subject: t(m.startedSubject),
      text: [hello, "", t(m.startedBody, { period }), t(m.startedNext), "", t(m.invoices, { url: billing }), t(m.startedManage, { url: manage })].join("\n"),
    };
  }
  if (kind === "renewed") {
    return {
      subject: t(m.renewedSubject),
      text: [hello, "", t(m.renewedBody), "", t(m.invoices, { url: billing }), t(m.startedManage, { url: manage })].join("\n"),
    };
  }
  // The same place as the notice's button on the settings page: the page to pay or confirm what is owed.
  const pay = link("/billing", { pay: "1" });
  if (kind === "payment_failed" && d.confirm) {
    return {
      subject: t(m.confirmSubject),
      text: [hello, "", t(m.confirmBody), "", t(m.confirmPay, { url: pay }), "", t(m.failedHelp)].join("\n"),
    };
  }
  if (kind === "payment_failed") {
    return {
      subject: t(m.failedSubject),
      text: [hello, "", t(m.failedBody), t(m.failedRetry), "", t(m.failedPay, { url: pay }), t(m.failedManage, { url: billing }), "", t(m.failedHelp)].join("\n"),
    };
  }
  if (kind === "duplicate_refunded") {
    return {
      subject: t(m.refundedSubject),
      text: [hello, "", t(m.refundedBody), "", t(m.refundedKept, { url: manage }), "", t(m.failedHelp)].join("\n"),
    };
  }
  return {
    subject: t(m.endedSubject),
    text: [hello, "", t(m.endedBody), "", t(m.endedAgain, { url: link("/subscribe") })].join("\n"),
  };
}

/** The seeded plan's name in each language, as the mails get it. */
export const SAMPLE_PLAN_NAME: Record<Locale, string> = { nl: "Pro-abonnement", en: "Pro Plan" };

/** One template per kind, each with its samples (a yearly Dutch invoice with VAT; one from before amounts were kept). */
const sample = (site: MailSite, locale: Locale, extra: Partial<SubscriptionMailData> = {}): SubscriptionMailData => ({
  name: "Eva",
  planName: SAMPLE_PLAN_NAME[locale],
  billingPeriod: "yearly",
  invoice: { totalCents: 56_628, taxCents: 9_828, currency: "EUR" },
  priceCents: 46_800,
  currency: "EUR",
  date: new Date("2027-03-05T12:00:00Z"),
  site,
  ...extra,
});

export const subscriptionMails = Object.fromEntries(
  SUBSCRIPTION_MAIL_KINDS.map((kind) => [
    kind,
    defineMail<SubscriptionMailData>({
      name: `subscription.${kind}`,
      render: (locale, data) => writeSubscriptionMail(locale, kind, data),
      samples: (site, locale) =>
        kind === "payment_failed"
          ? [sample(site, locale), sample(site, locale, { confirm: true }), sample(site, locale, { invoice: null })]
          : [sample(site, locale), sample(site, locale, { billingPeriod: "monthly", invoice: { totalCents: 5_929, taxCents: 1_029, currency: "EUR" }, priceCents: 4_900 })],
    }),
  ]),
) as Record<SubscriptionMailKind, MailWriter<SubscriptionMailData>>;

/** A subscription mail of one kind, in one language. */
export function subscriptionMail(locale: Locale, kind: SubscriptionMailKind, data: SubscriptionMailData) {
  return subscriptionMails[kind](locale, data);
}
