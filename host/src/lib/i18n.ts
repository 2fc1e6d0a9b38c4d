import { type Locale, LOCALES } from "@agency/contract";
import { createI18n, type Catalog } from "@agency/core";
import { uiCatalog } from "@agency/ui";
import type { I18n } from "@lingui/core";
import { messages as en } from "../locales/en.po";
import { messages as nl } from "../locales/nl.po";

/** Every catalog of the site loaded so far: shell + ui at start, each page's when its module loads. */
const catalogs: Catalog[] = [uiCatalog, { nl, en }];

/**
 * The browser's Lingui instance: one page at a time, whose language the app activates once per navigation. The
 * server never uses it; each of its renders has an instance of its own (i18nForRender).
 */
export const hostI18n: I18n = createI18n("nl", catalogs);

/**
 * Adds a page's catalog. Page modules call this at module level, so the messages are there before the lazily
 * loaded route first renders, in the browser's instance and in every server render after.
 */
export function loadCatalog(catalog: Catalog): void {
  catalogs.push(catalog);
  for (const locale of LOCALES) hostI18n.load(locale, catalog[locale]);
}

/** A Lingui instance of its own for one server render, speaking `locale`, with every catalog loaded so far. */
export function i18nForRender(locale: Locale): I18n {
  return createI18n(locale, catalogs);
}

export function activateLocale(locale: Locale): void {
  if (hostI18n.locale !== locale) hostI18n.activate(locale);
}
