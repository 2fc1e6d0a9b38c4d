import { setupI18n, type I18n, type Messages } from "@lingui/core";

export const LOCALES = ["nl", "en"] as const;
export type Locale = (typeof LOCALES)[number];
/** Dutch is the site's default; English lives under /en. */
export const DEFAULT_LOCALE: Locale = "nl";

export type Catalog = Record<Locale, Messages>;

export function isLocale(value: unknown): value is Locale {
  return value === "nl" || value === "en";
}

/**
 * One Lingui instance per element (and one for the host), so two elements on one page can speak different
 * languages. Catalogs are merged: ui primitives first, then the element's own.
 */
export function createI18n(locale: Locale, catalogs: Catalog[]): I18n {
  const i18n = setupI18n();
  for (const l of LOCALES) {
    i18n.load(l, Object.assign({}, ...catalogs.map((c) => c[l])));
  }
  i18n.activate(locale);
  return i18n;
}

/** BCP 47 tag for Intl formatting in the given locale. */
export function intlLocale(locale: Locale): string {
  return locale === "nl" ? "nl-NL" : "en-US";
}
