import { DEFAULT_LOCALE, isLocale, type Locale } from "@agency/contract";
import { useLingui } from "@lingui/react";

/** The language the current page is shown in (the host activates it before the page renders). */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
