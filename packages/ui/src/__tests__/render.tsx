import type { Locale } from "@agency/contract";
import { createI18n } from "@agency/core";
import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { uiCatalog } from "../ui-catalog";

export function renderIn(locale: Locale, ui: ReactNode) {
  return render(<I18nProvider i18n={createI18n(locale, [uiCatalog])}>{ui}</I18nProvider>);
}
