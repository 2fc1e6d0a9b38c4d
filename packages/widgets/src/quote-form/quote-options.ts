import {
  BUDGET_RANGES,
  BUDGET_UNKNOWN_LABEL,
  CONTACT_FEATURE_LABELS,
  CONTACT_FEATURES,
  COUNTRY_CODES,
  type Country,
  DOMAIN_STATUS_LABELS,
  DOMAIN_STATUSES,
  HEAR_ABOUT_US,
  HEAR_ABOUT_US_LABELS,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
  TIMELINE_LABELS,
  TIMELINES,
  budgetLabel,
  type Locale,
} from "@agency/contract";
import type { Choice } from "@agency/ui/form";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import type { BudgetChoice } from "./quote-request";

/**
 * The countries of the phone prefix select, named in the element's catalog rather than by the browser's
 * Intl.DisplayNames: the first Intl object a page makes costs it tens of milliseconds of main thread.
 */
const COUNTRY_NAMES: Record<Country, MessageDescriptor> = {
  NL: msg({ id: "quote.country.NL", message: "Netherlands" }),
  US: msg({ id: "quote.country.US", message: "United States" }),
  CA: msg({ id: "quote.country.CA", message: "Canada" }),
  GB: msg({ id: "quote.country.GB", message: "United Kingdom" }),
  DE: msg({ id: "quote.country.DE", message: "Germany" }),
  FR: msg({ id: "quote.country.FR", message: "France" }),
  IT: msg({ id: "quote.country.IT", message: "Italy" }),
  ES: msg({ id: "quote.country.ES", message: "Spain" }),
  AU: msg({ id: "quote.country.AU", message: "Australia" }),
  JP: msg({ id: "quote.country.JP", message: "Japan" }),
};

/**
 * The labels of every choice in the form, in the element's language. The names come from the contract
 * (quote-choices), which the mails about a request read too, so a mail repeats what the visitor picked; the
 * countries, which no mail names (it gives the dial code), from the element's catalog above. Budget amounts are
 * euro on the Dutch site and dollars on the English one.
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
    const countries: Choice<Country>[] = COUNTRY_CODES.map(({ dial, country }) => ({
      value: country,
      label: `${i18n._(COUNTRY_NAMES[country])} (${dial})`,
    }));
    return { projectTypes, budgets, timelines, domainStatuses, hearAboutUs, features, countries };
  }, [i18n, locale]);
}
