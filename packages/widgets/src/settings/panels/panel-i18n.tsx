import { DEFAULT_LOCALE, isLocale } from "@agency/contract";
import { createI18n } from "@agency/core";
import { uiCatalog } from "@agency/ui";
import { formCatalog } from "@agency/ui/form";
import { I18nProvider, useLingui } from "@lingui/react";
import { useMemo, type ComponentType, type ReactNode } from "react";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * The panels load after the settings element's first screen, and so do their texts: this catalog comes with their
 * chunk instead of with the element. It is used in the element's language (and follows it when that changes), with
 * the ui primitives' catalog, which holds the API's error texts, and the form kit's.
 */
function PanelI18n({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const panelI18n = useMemo(() => createI18n(locale, [uiCatalog, formCatalog, { nl, en }]), [locale]);
  return <I18nProvider i18n={panelI18n}>{children}</I18nProvider>;
}

/** A panel component rendered with the panels' catalog. */
export function withPanelTexts<P extends object>(Panel: ComponentType<P>): ComponentType<P> {
  return function WithPanelTexts(props: P) {
    return (
      <PanelI18n>
        <Panel {...props} />
      </PanelI18n>
    );
  };
}
