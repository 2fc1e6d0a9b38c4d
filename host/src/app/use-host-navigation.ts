import type { NavigateDetail } from "@agency/widgets";
import { stripBase } from "@agency/core";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { hasEnglishVersion, isEnglishPath, markLanguageToggle } from "../lib/language";
import { localizedPath } from "../lib/localized-path";
import { hostI18n } from "../lib/i18n";

/** The app path an <a> points to, or null when it leaves the site. */
function appPathOf(anchor: HTMLAnchorElement): string | null {
  if (anchor.origin !== window.location.origin) return null;
  return stripBase(anchor.pathname);
}

/**
 * Elements link to the Dutch paths ("/contact"); an English visitor goes to the English duplicate when there is
 * one, and keeps the guard marker fresh on the way (see below).
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
 * Routes the elements' `agency-navigate` requests through React Router, so following a link out of an element
 * never reloads the SPA. Full URLs (a partner-configured checkout page, say) are left to the element.
 *
 * Also keeps the language-guard marker fresh while an English visitor follows links within the English site
 * (README, "Where we depart from the specification").
 */
export function useHostNavigation(): void {
  const navigate = useNavigate();

  useEffect(() => {
    const onNavigate = (event: Event) => {
      const { to } = (event as CustomEvent<NavigateDetail>).detail ?? {};
      if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return;
      event.preventDefault();
      navigate(hostI18n.locale === "en" ? englishTarget(to) : to);
    };
    const onClick = (event: MouseEvent) => {
      if (hostI18n.locale !== "en") return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const path = appPathOf(anchor);
      if (path !== null && isEnglishPath(path)) markLanguageToggle();
    };
    document.addEventListener("agency-navigate", onNavigate);
    // Capture phase: the marker must be written before React Router's own click handler navigates.
    document.addEventListener("click", onClick, true);
    return () => {
      document.removeEventListener("agency-navigate", onNavigate);
      document.removeEventListener("click", onClick, true);
    };
  }, [navigate]);
}
