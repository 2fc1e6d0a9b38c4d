import { DEFAULT_LOCALE, isLocale } from "@agency/contract";
import { createI18nFor, type Catalog } from "@agency/core";
import { I18nProvider, useLingui } from "@lingui/react";
import { useMemo, type ComponentType } from "react";

/**
 * A part of an element that loads after its first screen (a view, a dialog, the cookie banner's details) renders
 * with texts that come in its own chunk: its catalog (`<element>/locales/later/`, see lingui.config.ts) is added
 * to the element's messages, in the element's language (and follows it when that changes). So the texts of what
 * a visitor may never open are not in the element's entry.
 */
export function withTexts<P extends object>(Part: ComponentType<P>, catalogs: Catalog | Catalog[]): ComponentType<P> {
  const parts = [catalogs].flat();
  return function WithTexts(props: P) {
    const { i18n } = useLingui();
    const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
    const partI18n = useMemo(
      () => createI18nFor(locale, Object.assign({}, i18n.messages, ...parts.map((catalog) => catalog[locale]))),
      [i18n, locale],
    );
    return (
      <I18nProvider i18n={partI18n}>
        <Part {...props} />
      </I18nProvider>
    );
  };
}
