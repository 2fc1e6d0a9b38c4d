import type { ContactFeature, DomainStatus, HearAboutUs, ProjectType, Timeline } from "@agency/core";
import { COUNTRY_CODES, INTL_LOCALES, type Locale } from "@agency/core";
import type { Choice } from "@agency/ui/form";
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import type { BudgetChoice, CountryId } from "./quote-request";

/** The labels of every choice in the form (spec §3), in the element's language. */
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
    // Spec §3: the same values everywhere, labelled in euro on the Dutch site and in dollars on the English one.
    const budgets: Choice<BudgetChoice>[] = [
      { value: "500-1000", label: t`$500 - $1,000` },
      { value: "1000-2000", label: t`$1,000 - $2,000` },
      { value: "2000-3000", label: t`$2,000 - $3,000` },
      { value: "3000-4000", label: t`$3,000 - $4,000` },
      { value: "4000+", label: t`$4,000+` },
      { value: "unknown", label: t`Unknown` },
    ];
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
