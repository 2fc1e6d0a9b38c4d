import type { BudgetRange, ContactFeature, DomainStatus, HearAboutUs, ProjectType, Timeline } from "@agency/core";
import { BUDGET_AMOUNTS, BUDGET_RANGES, COUNTRY_CODES, formatMoneyRange, INTL_LOCALES, SITE_CURRENCY, type Locale } from "@agency/core";
import type { Choice } from "@agency/ui/form";
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import type { BudgetChoice, CountryId } from "./quote-request";

/**
 * A budget range's amounts in the site's currency: the values are the same everywhere, the amounts shown are
 * euro on the Dutch site and dollars on the English one.
 */
function budgetLabel(range: BudgetRange, locale: Locale): string {
  const currency = SITE_CURRENCY[locale];
  return formatMoneyRange(BUDGET_AMOUNTS[range][currency], currency, locale);
}

/** The labels of every choice in the form, in the element's language. */
export function useQuoteOptions(locale: Locale) {
  const { t } = useLingui();
  return useMemo(() => {
    const projectTypes: Choice<ProjectType>[] = [
      { value: "new-website", label: t`New website` },
      { value: "redesign", label: t`Website redesign` },
      { value: "landing-page", label: t`Landing page` },
      { value: "e-commerce", label: t`E-commerce / webshop` },
      { value: "maintenance", label: t`Maintenance & support` },
      { value: "other", label: t`Other` },
    ];
    // concat, not a spread: the React Compiler keeps this memo only without one.
    const budgets = BUDGET_RANGES.map((value): Choice<BudgetChoice> => ({ value, label: budgetLabel(value, locale) })).concat({
      value: "unknown",
      label: t`Unknown`,
    });
    const timelines: Choice<Timeline>[] = [
      { value: "asap", label: t`As soon as possible` },
      { value: "1-month", label: t`Within 1 month` },
      { value: "2-3-months", label: t`2-3 months` },
      { value: "flexible", label: t`Flexible` },
    ];
    const domainStatuses: Choice<DomainStatus>[] = [
      { value: "have-domain", label: t`I already have a domain` },
      { value: "need-domain", label: t`I need a domain` },
      { value: "need-help", label: t`I need help with this` },
    ];
    const hearAboutUs: Choice<HearAboutUs>[] = [
      { value: "google-search", label: t`Google search` },
      { value: "social-media", label: t`Social media` },
      { value: "referral", label: t`Referral` },
      { value: "advertising", label: t`Advertising` },
      { value: "other", label: t`Other` },
    ];
    const features: Choice<ContactFeature>[] = [
      { value: "contact-forms", label: t`Contact forms` },
      { value: "online-booking", label: t`Online booking` },
      { value: "e-commerce", label: t`E-commerce / shopping cart` },
      { value: "blog", label: t`Blog / news section` },
      { value: "photo-gallery", label: t`Photo gallery` },
      { value: "social-media", label: t`Social media integration` },
      { value: "live-chat", label: t`Live chat` },
      { value: "analytics", label: t`Custom analytics` },
    ];
    // Country names come from the browser's own data, so they need no catalog entries.
    const regionNames = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: "region" });
    const countries: Choice<CountryId>[] = COUNTRY_CODES.map(({ dial, country }) => ({
      value: country,
      label: `${regionNames.of(country) ?? country} (${dial})`,
    }));
    return { projectTypes, budgets, timelines, domainStatuses, hearAboutUs, features, countries };
  }, [t, locale]);
}
