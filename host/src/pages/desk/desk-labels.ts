import {
  BUDGET_RANGES,
  BUDGET_UNKNOWN_LABEL,
  budgetLabel,
  type BudgetRange,
  choiceLabel,
  CONTACT_FEATURE_LABELS,
  type Delivery,
  DOMAIN_STATUS_LABELS,
  HEAR_ABOUT_US_LABELS,
  type LeadDetail,
  type LeadStatus,
  type OfferStatus,
  type PackageInvoiceKind,
  PROJECT_TYPE_LABELS,
  TIMELINE_LABELS,
} from "@agency/contract";
import { quoteChoicesCatalogs } from "@agency/contract/quote-choices/catalogs";
import { useLingui } from "@lingui/react/macro";
import { loadCatalog } from "../../lib/i18n";
import { useLocale } from "../../lib/use-locale";

// The quote form's own names of its choices, so staff read what the visitor picked.
loadCatalog(quoteChoicesCatalogs);

/** The words the desk shows for the API's values, in the page's language. */
export function useDeskLabels() {
  const { t } = useLingui();
  const leadStatus: Record<LeadStatus, string> = {
    new: t`New`,
    read: t`Read`,
    archived: t`Archived`,
    spam: t`Spam`,
    held: t`Held`,
  };
  const delivery: Record<Delivery["state"], string> = {
    not_sent: t`Not sent`,
    pending: t`Waiting to be sent`,
    delivered: t`Delivered`,
    failed: t`Failed`,
  };
  const flag = {
    too_fast: t`Held: sent faster than a person can fill in the form, so it may come from a script. It was not mailed or posted.`,
    honeypot: t`Caught as spam: the form's hidden field was filled in, which people never see. It was not mailed or posted.`,
  } as const;
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  const offerStatus: Record<OfferStatus, string> = {
    requested: t`Asked for`,
    sent: t`Sent`,
    viewed: t`Viewed`,
    accepted: t`Accepted`,
    // Not a mail's delivery: the work is done ("opgeleverd").
    delivered: t({ message: "Delivered", context: "offer status" }),
    expired: t`Expired`,
    declined: t`Declined`,
  };
  const invoiceKind: Record<PackageInvoiceKind, string> = { deposit: t`Deposit`, balance: t`Balance`, monthly: t`Monthly fee` };
  return { leadStatus, delivery, flag, yesNo, offerStatus, invoiceKind };
}

/**
 * A quote request's choices as the form named them, in the desk's language; the budget in the currency and amounts
 * the visitor picked (euro on the Dutch form, dollars on the English one), or 'Unknown' when they picked that. A
 * value the contract does not know (an earlier release's) shows as it was stored.
 */
export function useLeadChoiceLabels() {
  const { i18n } = useLingui();
  const locale = useLocale();
  return {
    projectType: (value: string) => choiceLabel(i18n, PROJECT_TYPE_LABELS, value),
    timeline: (value: string) => choiceLabel(i18n, TIMELINE_LABELS, value),
    domainStatus: (value: string) => choiceLabel(i18n, DOMAIN_STATUS_LABELS, value),
    hearAboutUs: (value: string) => (value ? choiceLabel(i18n, HEAR_ABOUT_US_LABELS, value) : ""),
    features: (values: string[]) => values.map((value) => choiceLabel(i18n, CONTACT_FEATURE_LABELS, value)).join(", "),
    budget: ({ budgetRange, budgetUnknown, language }: Pick<LeadDetail, "budgetRange" | "budgetUnknown" | "language">) =>
      budgetUnknown
        ? i18n._(BUDGET_UNKNOWN_LABEL)
        : (BUDGET_RANGES as readonly string[]).includes(budgetRange)
          ? budgetLabel(budgetRange as BudgetRange, language, locale)
          : budgetRange,
  };
}
