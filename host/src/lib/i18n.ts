import { type Locale, LOCALES } from "@agency/contract";
import { createI18n, type Catalog } from "@agency/core";
import { uiCatalog } from "@agency/ui";
import type { I18n } from "@lingui/core";
import { messages as en } from "../locales/en.po";
import { messages as nl } from "../locales/nl.po";

/** The host's one Lingui instance: shell + ui catalogs at start, each page's catalog when its route loads. */
export const hostI18n: I18n = createI18n("nl", [uiCatalog, { nl, en }]);

/**
 * Merges a page's catalog into the host instance. Page modules call this at module level, so the messages are
 * there before the lazily loaded route first renders.
 */
export function loadCatalog(catalog: Catalog): void {
  for (const locale of LOCALES) hostI18n.load(locale, catalog[locale]);
}

export function activateLocale(locale: Locale): void {
  if (hostI18n.locale !== locale) hostI18n.activate(locale);
}
