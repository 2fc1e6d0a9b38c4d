import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { LOCALES, type Locale } from "@agency/contract";

export type Catalog = Record<Locale, Messages>;

/**
 * One Lingui instance per element (and one for the host), so two elements on one page can speak different
 * languages. Catalogs are merged: ui primitives first, then the element's own (the API client adds the contract's
 * error texts when it has an error to translate).
 */
export function createI18n(locale: Locale, catalogs: Catalog[]): I18n {
  const i18n = setupI18n();
  for (const l of LOCALES) {
    i18n.load(l, Object.assign({}, ...catalogs.map((c) => c[l])));
  }
  i18n.activate(locale);
  return i18n;
}

/** A Lingui instance speaking one language with the messages given for it (an element's, merged beforehand). */
export function createI18nFor(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n();
  i18n.load(locale, messages);
  i18n.activate(locale);
  return i18n;
}
