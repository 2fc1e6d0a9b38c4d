import type { Locale } from "@agency/contract";
import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter } from "react-router";
import { hostI18n } from "../../../lib/i18n";

/** Renders a page module the way the host does: the host's Lingui instance in `locale`, inside a router. */
export function renderPage(Page: ComponentType, locale: Locale, path = locale === "en" ? "/en" : "/") {
  hostI18n.activate(locale);
  return render(
    <I18nProvider i18n={hostI18n}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </I18nProvider>,
  );
}
