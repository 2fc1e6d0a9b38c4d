import { readFileSync } from "node:fs";
import path from "node:path";
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { isLocale, LOCALES, localeFromAcceptLanguage, type Locale } from "@agency/contract";
import type { FastifyRequest } from "fastify";
import PO from "pofile";
import { contractLocalesDir, packageFeaturesLocalesDir, quoteChoicesLocalesDir, serverLocalesDir } from "./paths";

/**
 * Everything the server says to people goes through Lingui, like the browser code: the contract's error texts
 * (packages/contract/src/locales) and the server's own mails, pages and answers (src/locales). The .po files are
 * read once at start and their messages compiled on first use, so `tsx`, the tests and the build all run the same
 * way without a compile step.
 */
function readCatalog(dir: string, locale: Locale): Messages {
  const po = PO.parse(readFileSync(path.join(dir, `${locale}.po`), "utf8"));
  const messages: Messages = {};
  for (const item of po.items) {
    if (item.obsolete || !item.msgid) continue;
    const text = item.msgstr[0];
    if (text) messages[item.msgid] = text;
  }
  return messages;
}

const instances = new Map<Locale, I18n>();

/** The Lingui instance of one language, with both catalogs loaded. */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.load(locale, {
      ...readCatalog(contractLocalesDir, locale),
      ...readCatalog(quoteChoicesLocalesDir, locale),
      ...readCatalog(packageFeaturesLocalesDir, locale),
      ...readCatalog(serverLocalesDir, locale),
    });
    i18n.activate(locale);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** One message in one language. */
export function say(locale: Locale, { id, message }: MessageDescriptor, values?: Record<string, unknown>): string {
  return i18nFor(locale)._(id, values, { message });
}

/** Loads every catalog now, so a broken or missing .po file stops the start instead of the first mail. */
export function loadCatalogs(): void {
  for (const locale of LOCALES) i18nFor(locale);
}

/**
 * Language of an answer: an explicit choice wins (a `language` the client sent), then the first nl or en in
 * Accept-Language, then the logged-in user's own language. English otherwise, since a client that states nothing
 * is more likely a tool than a Dutch visitor.
 */
export function requestLocale(request: FastifyRequest, explicit?: unknown): Locale {
  if (isLocale(explicit)) return explicit;
  const header = request.headers["accept-language"];
  return localeFromAcceptLanguage(typeof header === "string" ? header : undefined) ?? request.user?.locale ?? "en";
}
