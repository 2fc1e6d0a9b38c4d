import { stripBase } from "@agency/core";
import type { createBrowserRouter } from "react-router";
import { activateLocale } from "../lib/i18n";
import { localeForPath } from "../lib/language";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Activates the language of every location before it renders. The router calls its subscribers in order, and
 * this one is added before <RouterProvider> subscribes, so the new page's first render already has its language
 * (no Dutch flash on /en pages, and no i18n change event fired from inside a render).
 */
export function syncLocaleWithRouter(router: AppRouter): () => void {
  // The router's own location still carries the base path (/preview/a/b/en/…); the language rule wants the app path.
  const activate = (pathname: string) => activateLocale(localeForPath(stripBase(pathname)));
  activate(router.state.location.pathname);
  return router.subscribe((state) => activate(state.location.pathname));
}
