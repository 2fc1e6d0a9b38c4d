import type { BillingPeriod, Locale } from "@agency/contract";
import { say } from "../i18n";
import { greeting, type MailContent } from "./templates";

export interface SubscriptionMailData {
  /** Null for an address nobody has proven: the mail then greets without the name whoever registered typed. */
  name: string | null;
  /** In the mail's language. */
  planName: string;
  billingPeriod: BillingPeriod;
  /** Formatted in the plan's currency: "€ 468,00". */
  price: string;
  /** Formatted date: the next billing date (started), or the date the subscription ended (ended). */
  date: string;
  /** The dashboard's settings page, where the subscription is managed. */
  manageUrl: string;
  /** Opens 'Manage billing' (the payment provider's portal: card, billing address, invoices). */
  billingUrl: string;
  /** The subscribe page, to start again after the end. */
  subscribeUrl: string;
  /** Opens the page to pay or confirm what is owed (the settings page's notice leads there too). */
  payUrl?: string;
  /** The bank asks the customer to confirm the payment, rather than it having failed. */
  confirm?: boolean;
}

/**
 * The mails about a subscription: started, a payment failed, ended, and a second subscription cancelled and refunded.
 * Texts in src/locales.
 */
const m = {
  perMonth: /*i18n*/ { id: "mail.subscription.per_month", message: "per month" },
  perYear: /*i18n*/ { id: "mail.subscription.per_year", message: "per year" },
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

export type SubscriptionMailKind = "started" | "payment_failed" | "ended" | "duplicate_refunded";

export function subscriptionMail(locale: Locale, kind: SubscriptionMailKind, d: SubscriptionMailData): MailContent {
  const t = (message: (typeof m)[keyof typeof m], values: Record<string, unknown> = {}) =>
    say(locale, message, { plan: d.planName, price: d.price, date: d.date, ...values });
  const hello = greeting(locale, d.name ?? undefined);
  if (kind === "started") {
    const period = t(d.billingPeriod === "yearly" ? m.perYear : m.perMonth);
    return {
      subject: t(m.startedSubject),
      text: [hello, "", t(m.startedBody, { period }), t(m.startedNext), "", t(m.startedManage, { url: d.manageUrl })].join("\n"),
    };
  }
  if (kind === "payment_failed" && d.confirm) {
    return {
      subject: t(m.confirmSubject),
      text: [hello, "", t(m.confirmBody), "", t(m.confirmPay, { url: d.payUrl ?? d.billingUrl }), "", t(m.failedHelp)].join("\n"),
    };
  }
  if (kind === "payment_failed") {
    const pay = d.payUrl ? [t(m.failedPay, { url: d.payUrl })] : [];
    return {
      subject: t(m.failedSubject),
      text: [hello, "", t(m.failedBody), t(m.failedRetry), "", ...pay, t(m.failedManage, { url: d.billingUrl }), "", t(m.failedHelp)].join("\n"),
    };
  }
  if (kind === "duplicate_refunded") {
    return {
      subject: t(m.refundedSubject),
      text: [hello, "", t(m.refundedBody), "", t(m.refundedKept, { url: d.manageUrl }), "", t(m.failedHelp)].join("\n"),
    };
  }
  return {
    subject: t(m.endedSubject),
    text: [hello, "", t(m.endedBody), "", t(m.endedAgain, { url: d.subscribeUrl })].join("\n"),
  };
}
