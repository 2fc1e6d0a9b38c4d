/**
 * The language guard as the blocking script of the server-rendered English pages: a fresh visit to an
 * English page goes, replacing the history entry, to the same page without /en before any English text is
 * painted. The script is a file (/language-guard.js, written by the host build), not inline, so the page's
 * Content-Security-Policy stays strict. In the running app the route loader of every /en page applies the same rule.
 *
 * Kept free of imports: the build (host/vite.config.ts) reads it.
 */

/** Session key set by the language toggle; an English page is shown only while it is fresh. */
export const LANGUAGE_TOGGLE_KEY = "languageToggleUsed";
export const LANGUAGE_TOGGLE_VALIDITY_MS = 5000;

/** The part of `window` the guard reads. */
export interface GuardWindow {
  location: Pick<Location, "pathname" | "search" | "hash" | "replace">;
  sessionStorage: Pick<Storage, "getItem">;
}

/**
 * The guard itself. It is sent to the browser as its source text, so it uses nothing from outside its own body:
 * the preview base (`/preview/{first}/{second}`, any two segments) and the /en prefix are matched here as the
 * contract's rules have them (a test holds the two together).
 */
export function runLanguageGuard(win: GuardWindow, key: string, validityMs: number, now: number): void {
  const match = /^(\/preview\/[^/]+\/[^/]+)?\/en(\/.*)?$/.exec(win.location.pathname);
  if (!match) return;
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
  const args = `window, ${JSON.stringify(LANGUAGE_TOGGLE_KEY)}, ${LANGUAGE_TOGGLE_VALIDITY_MS}, Date.now()`;
  return `(${runLanguageGuard.toString()})(${args});\n`;
}
