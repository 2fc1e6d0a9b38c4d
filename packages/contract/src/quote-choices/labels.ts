import type { I18n, MessageDescriptor } from "@lingui/core";
import { formatMoneyRange } from "../money";
import { BUDGET_AMOUNTS } from "../budget";
import { SITE_CURRENCY } from "../currency";
import type { Locale } from "../rules";
import type { BudgetRange, ContactFeature, DomainStatus, HearAboutUs, ProjectType, Timeline } from "../values";

/**
 * What each choice of the quote form is called, for the form that offers it and for the mails that repeat it, so
 * a visitor is told in a mail exactly what they picked. The texts live in this folder's own catalog
 * (quote-choices/locales), which the quote form loads with its own and the server reads at start.
 */
export const PROJECT_TYPE_LABELS: Record<ProjectType, MessageDescriptor> = {
  "new-website": /*i18n*/ { id: "quote.project_type.new-website", message: "New website" },
  redesign: /*i18n*/ { id: "quote.project_type.redesign", message: "Website redesign" },
  "landing-page": /*i18n*/ { id: "quote.project_type.landing-page", message: "Landing page" },
  "e-commerce": /*i18n*/ { id: "quote.project_type.e-commerce", message: "E-commerce / webshop" },
  maintenance: /*i18n*/ { id: "quote.project_type.maintenance", message: "Maintenance & support" },
  other: /*i18n*/ { id: "quote.project_type.other", message: "Other" },
};

export const TIMELINE_LABELS: Record<Timeline, MessageDescriptor> = {
  asap: /*i18n*/ { id: "quote.timeline.asap", message: "As soon as possible" },
  "1-month": /*i18n*/ { id: "quote.timeline.1-month", message: "Within 1 month" },
  "2-3-months": /*i18n*/ { id: "quote.timeline.2-3-months", message: "2-3 months" },
  flexible: /*i18n*/ { id: "quote.timeline.flexible", message: "Flexible" },
};

export const DOMAIN_STATUS_LABELS: Record<DomainStatus, MessageDescriptor> = {
  "have-domain": /*i18n*/ { id: "quote.domain.have-domain", message: "I already have a domain" },
  "need-domain": /*i18n*/ { id: "quote.domain.need-domain", message: "I need a domain" },
  "need-help": /*i18n*/ { id: "quote.domain.need-help", message: "I need help with this" },
};

export const HEAR_ABOUT_US_LABELS: Record<HearAboutUs, MessageDescriptor> = {
  "google-search": /*i18n*/ { id: "quote.heard.google-search", message: "Google search" },
  "social-media": /*i18n*/ { id: "quote.heard.social-media", message: "Social media" },
  referral: /*i18n*/ { id: "quote.heard.referral", message: "Referral" },
  advertising: /*i18n*/ { id: "quote.heard.advertising", message: "Advertising" },
  other: /*i18n*/ { id: "quote.heard.other", message: "Other" },
};

export const CONTACT_FEATURE_LABELS: Record<ContactFeature, MessageDescriptor> = {
  "contact-forms": /*i18n*/ { id: "quote.feature.contact-forms", message: "Contact forms" },
  "online-booking": /*i18n*/ { id: "quote.feature.online-booking", message: "Online booking" },
  "e-commerce": /*i18n*/ { id: "quote.feature.e-commerce", message: "E-commerce / shopping cart" },
  blog: /*i18n*/ { id: "quote.feature.blog", message: "Blog / news section" },
  "photo-gallery": /*i18n*/ { id: "quote.feature.photo-gallery", message: "Photo gallery" },
  "social-media": /*i18n*/ { id: "quote.feature.social-media", message: "Social media integration" },
  "live-chat": /*i18n*/ { id: "quote.feature.live-chat", message: "Live chat" },
  analytics: /*i18n*/ { id: "quote.feature.analytics", message: "Custom analytics" },
};

/** The budget select's last choice, which sends the highest range. */
export const BUDGET_UNKNOWN_LABEL: MessageDescriptor = /*i18n*/ { id: "quote.budget.unknown", message: "Unknown" };

/**
 * A budget range as the visitor saw it: the amounts in the currency of the form's language (euro in Dutch, dollars
 * in English), written the way `writtenIn` writes money. A mail in another language than the form keeps the
 * visitor's currency and amounts.
 */
export function budgetLabel(range: BudgetRange, pickedIn: Locale, writtenIn: Locale = pickedIn): string {
  const currency = SITE_CURRENCY[pickedIn];
  return formatMoneyRange(BUDGET_AMOUNTS[range][currency], currency, writtenIn);
}

/** The label of one choice in the language `i18n` speaks, or the value itself when it is none of the known ones. */
export function choiceLabel<V extends string>(i18n: I18n, labels: Record<V, MessageDescriptor>, value: string): string {
  const descriptor = (labels as Record<string, MessageDescriptor | undefined>)[value];
  return descriptor ? i18n._(descriptor) : value;
}
