import { ENGLISH_PAGE_PATTERN, LANGUAGE_COOKIE, LANGUAGE_PARAM } from "@agency/contract";

/**
 * The language guard as the blocking script of the server-rendered English pages: a fresh visit to an
 * English page goes, replacing the history entry, to the same page without /en before any English text is
 * painted. A visitor whose language cookie says English, or who follows a link that says so (`?lang=en`), stays
 * (docs/decisions/0004-english-for-a-visitor-who-chose-it.md). The script is inline, allowed by its hash, so the page's
 * Content-Security-Policy stays strict. In the running app the route loader of every /en page applies the same rule.
 * The guard function itself uses nothing from outside its body; the names it is given are the contract's.
 */
/** Session key set by the language toggle; an English page is shown only while it is fresh. */
export const LANGUAGE_TOGGLE_KEY = "languageToggleUsed";
export const LANGUAGE_TOGGLE_VALIDITY_MS = 5000;

/** The part of `window` the guard reads. */
export interface GuardWindow {
  location: Pick<Location, "pathname" | "search" | "hash" | "replace">;
  sessionStorage: Pick<Storage, "getItem">;
  document: Pick<Document, "cookie">;
}


/** The names and rules the guard is given, all of them the contract's or this module's. */
export interface GuardRules {
  /** The contract's ENGLISH_PAGE_PATTERN: which paths are English pages, their base and their Dutch path. */
  englishPage: string;
  key: string;
  validityMs: number;
  cookie: string;
  param: string;
}

/**
 * The guard itself. It is sent to the browser as its source text, so it uses nothing from outside its own body; the
 * English pages (any preview base, the /en prefix) are the contract's pattern, given as text.
 */
export function runLanguageGuard(win: GuardWindow, rules: GuardRules, now: number): void {
  const { englishPage, key, validityMs, cookie, param } = rules;
  const match = new RegExp(englishPage).exec(win.location.pathname);
  if (!match) return;
  if (new RegExp("(?:^|;)\\s*" + cookie + "=en(?:;|$)").test(win.document.cookie)) return;
  if (new RegExp("[?&]" + param + "=en(?:&|$)").test(win.location.search)) return;
  let used = 0;
  try {
    used = Number(win.sessionStorage.getItem(key));
  } catch {
    used = 0;
  }
  if (Number.isFinite(used) && used > 0 && now - used < validityMs) return;
  win.location.replace((match[1] || "") + (match[2] || "/") + win.location.search + win.location.hash);
}

/** The text of the inline guard script. */
export function languageGuardScript(): string {
  const rules: GuardRules = {
    englishPage: ENGLISH_PAGE_PATTERN,
    key: LANGUAGE_TOGGLE_KEY,
    validityMs: LANGUAGE_TOGGLE_VALIDITY_MS,
    cookie: LANGUAGE_COOKIE,
    param: LANGUAGE_PARAM,
  };
  return `(${runLanguageGuard.toString()})(window, ${JSON.stringify(rules)}, Date.now());\n`;
}
