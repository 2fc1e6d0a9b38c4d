import type { Locale } from "../types";
import type { MailContent } from "./templates";

export interface SubscriptionMailData {
  name: string;
  planName: string;
  /** Already in the mail's language: "per month" / "per maand". */
  periodLabel: string;
  /** Formatted in the plan's currency: "€ 468,00". */
  price: string;
  /** Formatted date: the next billing date (started), or the date the subscription ended (ended). */
  date: string;
  /** The dashboard's settings page, where the subscription is managed. */
  manageUrl: string;
  /** The subscribe page, to start again after the end. */
  subscribeUrl: string;
}

/**
 * Every subscription mail, per locale. Kept apart from templates.ts (accounts and quotes) so the two backend areas
 * do not edit one file; the same `Record<Locale, …>` type makes a template missing in one language a compile error.
 */
export interface SubscriptionMailTemplates {
  periodLabel(period: "monthly" | "yearly"): string;
  started(data: SubscriptionMailData): MailContent;
  paymentFailed(data: SubscriptionMailData): MailContent;
  ended(data: SubscriptionMailData): MailContent;
}

export const subscriptionTemplates: Record<Locale, SubscriptionMailTemplates> = {
  en: {
    periodLabel: (period) => (period === "yearly" ? "per year" : "per month"),
    started: (d) => ({
      subject: `Your ${d.planName} subscription has started`,
      text: [
        `Hello ${d.name},`,
        "",
        `Thank you for subscribing. Your ${d.planName} subscription is active: ${d.price} ${d.periodLabel}.`,
        `The next billing date is ${d.date}.`,
        "",
        `You can see or cancel your subscription at any time on your dashboard: ${d.manageUrl}`,
      ].join("\n"),
    }),
    paymentFailed: (d) => ({
      subject: `Payment failed for your ${d.planName} subscription`,
      text: [
        `Hello ${d.name},`,
        "",
        `We could not collect the payment of ${d.price} for your ${d.planName} subscription.`,
        "We will try again over the next few days. To keep your subscription, please check that your payment details are up to date.",
        "",
        `Your subscription: ${d.manageUrl}`,
        "",
        "Questions? Reply to this e-mail and we will help you out.",
      ].join("\n"),
    }),
    ended: (d) => ({
      subject: `Your ${d.planName} subscription has ended`,
      text: [
        `Hello ${d.name},`,
        "",
        `Your ${d.planName} subscription ended on ${d.date}. You will not be charged again.`,
        "",
        `Changed your mind? You can subscribe again at any time: ${d.subscribeUrl}`,
      ].join("\n"),
    }),
  },
  nl: {
    periodLabel: (period) => (period === "yearly" ? "per jaar" : "per maand"),
    started: (d) => ({
      subject: `Je ${d.planName}-abonnement is gestart`,
      text: [
        `Hallo ${d.name},`,
        "",
        `Bedankt voor je abonnement. Je ${d.planName}-abonnement is actief: ${d.price} ${d.periodLabel}.`,
        `De volgende betaaldatum is ${d.date}.`,
        "",
        `Je kunt je abonnement altijd bekijken of opzeggen in je dashboard: ${d.manageUrl}`,
      ].join("\n"),
    }),
    paymentFailed: (d) => ({
      subject: `Betaling mislukt voor je ${d.planName}-abonnement`,
      text: [
        `Hallo ${d.name},`,
        "",
        `We konden de betaling van ${d.price} voor je ${d.planName}-abonnement niet innen.`,
        "We proberen het de komende dagen opnieuw. Controleer of je betaalgegevens kloppen, zodat je abonnement doorloopt.",
        "",
        `Je abonnement: ${d.manageUrl}`,
        "",
        "Vragen? Beantwoord deze e-mail en we helpen je verder.",
      ].join("\n"),
    }),
    ended: (d) => ({
      subject: `Je ${d.planName}-abonnement is beëindigd`,
      text: [
        `Hallo ${d.name},`,
        "",
        `Je ${d.planName}-abonnement is beëindigd op ${d.date}. Er wordt niets meer afgeschreven.`,
        "",
        `Van gedachten veranderd? Je kunt altijd opnieuw een abonnement nemen: ${d.subscribeUrl}`,
      ].join("\n"),
    }),
  },
};
