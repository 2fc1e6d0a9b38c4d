import { LANGUAGE_COOKIE, LANGUAGE_PARAM } from "@agency/contract";

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


/**
 * The guard itself. It is sent to the browser as its source text, so it uses nothing from outside its own body:
 * the preview base (`/preview/{first}/{second}`, any two segments) and the /en prefix are matched here as the
 * contract's rules have them (a test holds the two together).
 */
export function runLanguageGuard(win: GuardWindow, key: string, validityMs: number, now: number, cookie: string, param: string): void {
  const match = /^(\/preview\/[^/]+\/[^/]+)?\/en(\/.*)?$/.exec(win.location.pathname);
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

/** The text of /language-guard.js. */
export function languageGuardScript(): string {
  const names = `${JSON.stringify(LANGUAGE_COOKIE)}, ${JSON.stringify(LANGUAGE_PARAM)}`;
  const args = `window, ${JSON.stringify(LANGUAGE_TOGGLE_KEY)}, ${LANGUAGE_TOGGLE_VALIDITY_MS}, Date.now(), ${names}`;
  return `(${runLanguageGuard.toString()})(${args});\n`;
}
