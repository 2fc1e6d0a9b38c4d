import type { NavigateDetail } from "@agency/widgets";
import { basePathFrom, localizedPath, stripBase } from "@agency/contract";
import { hostI18n } from "../lib/i18n";
import { hasEnglishVersion, isEnglishPath, markLanguageToggle } from "../lib/language";
import { isAppPath } from "../lib/site-pages";

/**
 * Elements link to the Dutch paths ("/contact"); an English visitor goes to the English duplicate when there is
 * one, and keeps the guard marker fresh on the way (see followSiteLinks).
 */
function englishTarget(to: string): string {
  const cut = to.search(/[?#]/);
  const path = cut < 0 ? to : to.slice(0, cut);
  const rest = cut < 0 ? "" : to.slice(cut);
  const target = hasEnglishVersion(path) ? localizedPath(path, "en") : path;
  if (isEnglishPath(target)) markLanguageToggle();
  return target + rest;
}

/**
 * The app path (with query and hash) a link of this site leads to, or null when the browser should follow it
 * itself: another origin or base path, the API, the bundle, a file, or a jump within the page.
 */
export function appTargetOf(anchor: HTMLAnchorElement): string | null {
  if (anchor.origin !== window.location.origin) return null;
  const base = basePathFrom(window.location.pathname);
  if (basePathFrom(anchor.pathname) !== base) return null;
  const path = stripBase(anchor.pathname, base);
  if (!isAppPath(path)) return null;
  const samePage = anchor.pathname === window.location.pathname && anchor.search === window.location.search;
  if (samePage && anchor.hash) return null;
  return path + anchor.search + anchor.hash;
}

/** The site's link a click went to, when the app should follow it (a plain left click, no new tab or download). */
function clickedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  return anchor;
}

/**
 * Follows the site's links and the elements' `agency-navigate` requests inside the app, with `navigate` (an app
 * path, query and hash included), so no page of the site reloads the document. A React Router <Link> handles its
 * own click first; plain anchors (the header's, links inside a blog article, the server's HTML before the
 * router has started) are followed here. Full URLs from an element (a partner's checkout page) are left to it.
 *
 * Also keeps the language-guard marker fresh while an English visitor follows links within the English site:
 * the guard is there to send visitors who arrive from outside (a bookmark, a search result) to the Dutch
 * default, not to bounce a visitor who chose English five seconds ago out of it on their next click (see
 * docs/decisions/0004-english-for-a-visitor-who-chose-it.md).
 */
export function followSiteLinks(navigate: (to: string) => void): () => void {
  const onNavigate = (event: Event) => {
    const { to } = (event as CustomEvent<NavigateDetail>).detail ?? {};
    if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return;
    event.preventDefault();
    navigate(hostI18n.locale === "en" ? englishTarget(to) : to);
  };
  const markEnglish = (event: MouseEvent) => {
    if (hostI18n.locale !== "en") return;
    const anchor = (event.target as Element | null)?.closest?.("a[href]");
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const target = appTargetOf(anchor);
    if (target !== null && isEnglishPath(target.replace(/[?#].*$/, ""))) markLanguageToggle();
  };
  const onClick = (event: MouseEvent) => {
    const anchor = clickedLink(event);
    const target = anchor && appTargetOf(anchor);
    if (target === null || target === undefined) return;
    event.preventDefault();
    navigate(target);
  };
  document.addEventListener("agency-navigate", onNavigate);
  // Capture phase: the marker must be written before any click handler navigates.
  document.addEventListener("click", markEnglish, true);
  // Bubble phase, on the document: after React's handlers, so a <Link> that navigated itself is left alone.
  document.addEventListener("click", onClick);
  return () => {
    document.removeEventListener("agency-navigate", onNavigate);
    document.removeEventListener("click", markEnglish, true);
    document.removeEventListener("click", onClick);
  };
}
