import {
  DEFAULT_LOCALE,
  isEnglishPath,
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_DAYS,
  LANGUAGE_PARAM,
  languageFromCookie,
  type Locale,
  unlocalizedPath,
} from "@agency/contract";
import { readStorage, writeStorage } from "@agency/core";
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

/** The language cookie in this browser, when it names one (none on the server). */
function cookieLanguage(): Locale | undefined {
  return typeof document === "undefined" ? undefined : languageFromCookie(document.cookie);
}

/** The remembered choice: the language cookie, which the server reads too, else the storage of earlier visits. */
export function preferredLanguage(): Locale {
  const cookie = cookieLanguage();
  if (cookie) return cookie;
  const stored = readStorage(PREFERRED_LANGUAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** The cookie that lets the server render the chosen language (LANGUAGE_COOKIE in the contract). */
function writeLanguageCookie(locale: Locale): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const maxAge = LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

export function rememberLanguage(locale: Locale): void {
  writeStorage(PREFERRED_LANGUAGE_KEY, locale);
  writeLanguageCookie(locale);
}

/**
 * A choice remembered before the language cookie existed lives only in storage: it is copied into the cookie, so
 * from the next page on the server renders it.
 */
export function keepLanguageCookie(): void {
  const stored = readStorage(PREFERRED_LANGUAGE_KEY);
  if (isLocale(stored) && !cookieLanguage()) writeLanguageCookie(stored);
}

/**
 * Whether an English page may show (the language guard): the toggle was used within 5 s, the language cookie says
 * English, or the page's link says so (`?lang=en`, as the elements' links to English pages do).
 */
export function isEnglishChosen(search: string, now = Date.now()): boolean {
  return isLanguageToggleFresh(now) || cookieLanguage() === "en" || new URLSearchParams(search).get(LANGUAGE_PARAM) === "en";
}

/**
 * A link from a mail or an element names its language (`?lang=en`). Opened where the site has never been (a phone,
 * another browser, a partner's page), the page it leads to speaks that language, and so do the pages after it: the
 * link's language becomes the remembered choice.
 */
export function adoptLinkLanguage(search: string): void {
  const language = new URLSearchParams(search).get(LANGUAGE_PARAM);
  if (isLocale(language) && language !== preferredLanguage()) rememberLanguage(language);
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
 * follows a link to /login is not dropped into Dutch. On the server the choice is the request's language cookie. The desk has its own English address (/en/desk), so /desk is Dutch.
 */
export function localeForPath(path: string, preferred: Locale = preferredLanguage()): Locale {
  if (isEnglishPath(path)) return "en";
  return hasEnglishVersion(path) || isDeskPath(path) ? DEFAULT_LOCALE : preferred;
}
