import { DEFAULT_LOCALE, isLocale, type Locale } from "@agency/core";

/** The active Lingui locale as the site's Locale type (the framework only ever activates "nl" or "en"). */
export function pageLocale(active: string): Locale {
  return isLocale(active) ? active : DEFAULT_LOCALE;
}
