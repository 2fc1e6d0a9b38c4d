import { DEFAULT_LOCALE, type Locale, isEnglishPath, isLocale, readStorage, writeStorage } from "@agency/core";
import { unlocalizedPath } from "./localized-path";
import { LANGUAGE_TOGGLE_KEY, LANGUAGE_TOGGLE_VALIDITY_MS } from "./language-guard-script";
import { BILINGUAL_PATHS, isDeskPath } from "./site-pages";

/** The language toggle's session marker, valid 5 s (defined with the guard script, which reads it too). */
export { LANGUAGE_TOGGLE_KEY, LANGUAGE_TOGGLE_VALIDITY_MS };

/** The language last chosen with the toggle, for pages that have no /en duplicate (portal, blog, about). */
export const PREFERRED_LANGUAGE_KEY = "preferredLanguage";

export function hasEnglishVersion(path: string): boolean {
  return (BILINGUAL_PATHS as readonly string[]).includes(unlocalizedPath(path).replace(/(.)\/$/, "$1"));
}

export { isEnglishPath };

export function preferredLanguage(): Locale {
  const stored = readStorage(PREFERRED_LANGUAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function rememberLanguage(locale: Locale): void {
  writeStorage(PREFERRED_LANGUAGE_KEY, locale);
}

/**
 * A link from a mail names the mail's language (`?lang=en`). Opened where the site has never been (a phone,
 * another browser), the page it leads to speaks that language, and so do the pages after it: the link's language
 * becomes the remembered choice. Pages with an /en duplicate take their language from the path alone.
 */
export function adoptLinkLanguage(path: string, search: string): void {
  const language = new URLSearchParams(search).get("lang");
  if (isLocale(language) && !hasEnglishVersion(path)) rememberLanguage(language);
}

export function markLanguageToggle(now = Date.now()): void {
  writeStorage(LANGUAGE_TOGGLE_KEY, String(now), "session");
}

export function isLanguageToggleFresh(now = Date.now()): boolean {
  const used = Number(readStorage(LANGUAGE_TOGGLE_KEY, "session"));
  return Number.isFinite(used) && used > 0 && now - used < LANGUAGE_TOGGLE_VALIDITY_MS;
}

/**
 * The language a page is shown in: English under /en, Dutch on the other pages that have an English duplicate,
 * and the remembered choice on pages that exist once (login, dashboard, blog …), so an English visitor who
 * follows a link to /login is not dropped into Dutch. The desk has its own English address (/en/desk), so /desk is Dutch.
 */
export function localeForPath(path: string): Locale {
  if (isEnglishPath(path)) return "en";
  return hasEnglishVersion(path) || isDeskPath(path) ? DEFAULT_LOCALE : preferredLanguage();
}
