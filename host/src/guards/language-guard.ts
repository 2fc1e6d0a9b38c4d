import { stripBase, unlocalizedPath } from "@agency/contract";
import { replace, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from "react-router";
import { isEnglishChosen } from "../lib/language";

/**
 * The language guard, as the loader of every /en page: the English page shows only when the language toggle
 * was used within the last 5 seconds, the language cookie says English or the link says so (`?lang=en`; see
 * docs/decisions/0004-english-for-a-visitor-who-chose-it.md); otherwise the visitor goes, replacing the history entry, to the same page
 * without /en. A loader decides once per navigation, so a page that is showing is never pulled away later.
 */
export function languageGuard({ request }: LoaderFunctionArgs): Response | null {
  // The server cannot see the marker: it renders the English page, and the page's blocking language-guard
  // script sends a visitor without a fresh marker to the Dutch page before anything is painted.
  if (typeof document === "undefined") return null;
  const url = new URL(request.url);
  if (isEnglishChosen(url.search)) return null;
  // The request URL carries the base path (/preview/a/b/en/…); React Router adds it back to the redirect.
  return replace(`${unlocalizedPath(stripBase(url.pathname))}${url.search}${url.hash}`);
}

/** Only a new English page is checked again, not a change of query on the page that is showing. */
export function languageGuardRevalidates({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}
