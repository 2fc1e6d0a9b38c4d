import {
  BUDGET_RANGES,
  BUDGET_UNKNOWN_LABEL,
  CONTACT_FEATURE_LABELS,
  CONTACT_FEATURES,
  COUNTRY_CODES,
  DOMAIN_STATUS_LABELS,
  DOMAIN_STATUSES,
  HEAR_ABOUT_US,
  HEAR_ABOUT_US_LABELS,
  INTL_LOCALES,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
  TIMELINE_LABELS,
  TIMELINES,
  budgetLabel,
  type Locale,
} from "@agency/contract";
import type { Choice } from "@agency/ui/form";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import type { BudgetChoice, CountryId } from "./quote-request";

/**
 * The labels of every choice in the form, in the element's language. The names come from the contract
 * (quote-choices), which the mails about a request read too, so a mail repeats what the visitor picked; budget
 * amounts are euro on the Dutch site and dollars on the English one.
 */
export function useQuoteOptions(locale: Locale) {
  const { i18n } = useLingui();
  return useMemo(() => {
    const choices = <V extends string>(values: readonly V[], labels: Record<V, MessageDescriptor>): Choice<V>[] =>
      values.map((value) => ({ value, label: i18n._(labels[value]) }));
    const projectTypes = choices(PROJECT_TYPES, PROJECT_TYPE_LABELS);
    // concat, not a spread: the React Compiler keeps this memo only without one.
    const budgets = BUDGET_RANGES.map((value): Choice<BudgetChoice> => ({ value, label: budgetLabel(value, locale) })).concat({
      value: "unknown",
      label: i18n._(BUDGET_UNKNOWN_LABEL),
    });
    const timelines = choices(TIMELINES, TIMELINE_LABELS);
    const domainStatuses = choices(DOMAIN_STATUSES, DOMAIN_STATUS_LABELS);
    const hearAboutUs = choices(HEAR_ABOUT_US, HEAR_ABOUT_US_LABELS);
    const features = choices(CONTACT_FEATURES, CONTACT_FEATURE_LABELS);
    // Country names come from the browser's own data, so they need no catalog entries.
    const regionNames = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: "region" });
    const countries: Choice<CountryId>[] = COUNTRY_CODES.map(({ dial, country }) => ({
      value: country,
      label: `${regionNames.of(country) ?? country} (${dial})`,
    }));
    return { projectTypes, budgets, timelines, domainStatuses, hearAboutUs, features, countries };
  }, [i18n, locale]);
}
