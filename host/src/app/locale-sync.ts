import { stripBase } from "@agency/contract";
import type { createBrowserRouter } from "react-router";
import { activateLocale } from "../lib/i18n";
import { adoptLinkLanguage, localeForPath } from "../lib/language";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Activates the language of every location before it renders. The router calls its subscribers in order, and
 * this one is added before <RouterProvider> subscribes, so the new page's first render already has its language
 * (no Dutch flash on /en pages, and no i18n change event fired from inside a render).
 */
export function syncLocaleWithRouter(router: AppRouter): () => void {
  activateLocaleOf(router.state.location.pathname, router.state.location.search);
  return subscribeLocale(router);
}

/**
 * The language of a location (with its base path) activated; a mail link's `?lang=` is taken on first. The router's
 * own location still carries the base path (/preview/a/b/en/…); the language rule wants the app path.
 */
export function activateLocaleOf(pathname: string, search = ""): void {
  const path = stripBase(pathname);
  adoptLinkLanguage(search);
  activateLocale(localeForPath(path));
}

/**
 * Only the following locations: a page the server rendered hydrates in the server's language first (a remembered
 * choice lives in the browser's storage), and takes on the remembered language once it has hydrated.
 */
export function subscribeLocale(router: AppRouter): () => void {
  return router.subscribe((state) => activateLocaleOf(state.location.pathname, state.location.search));
}
