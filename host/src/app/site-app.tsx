import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { activateLocale } from "../lib/i18n";
import { SiteAddressContext } from "../lib/site-address";
import type { RouterData } from "../lib/router-data";
import { routes } from "../routes";
import { markPageLive } from "../runtime";
import { App } from "./app";
import { appBasename, createAppRouter } from "./create-router";
import { activateLocaleOf, subscribeLocale, type AppRouter } from "./locale-sync";

/**
 * The whole app: React Router with every route. A page the server sent starts with its islands only
 * (runtime/start-islands.tsx); this module is loaded when the visitor first navigates, and the portal's pages,
 * which the browser renders, start with it.
 */

const root = () => document.getElementById("root")!;

/** Hydration problems are reported, not only repaired: a page whose hydration changes its HTML is a bug. */
export const reportRecoverableError = (error: unknown) => console.error("Hydration", error);

/**
 * Once the server's HTML has been hydrated, the page may switch to the visitor's remembered language. The page then
 * answers clicks (markPageLive).
 */
function AfterHydration({ router, onHydrated, children }: { router: AppRouter; onHydrated: () => void; children: ReactNode }) {
  useEffect(() => {
    activateLocaleOf(router.state.location.pathname);
    markPageLive();
    onHydrated();
  }, [router, onHydrated]);
  return children;
}

/** The matched routes' modules, loaded, so the first render is the page the server sent (not a fallback). */
async function loadMatchedRoutes(): Promise<void> {
  const lazyMatches = (matchRoutes(routes, window.location, appBasename()) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Hydrates the page the server sent with the whole app and resolves with its router once that is done.
 * `beforeHydrate` runs just before, once the code is there: the islands hand their part of the page back.
 * Rejects, with the page untouched, when the page's code cannot be loaded.
 */
export async function hydrateSite(data: RouterData, beforeHydrate: () => void): Promise<AppRouter> {
  await loadMatchedRoutes();
  const router = createBrowserRouter(routes, {
    basename: appBasename(),
    hydrationData: { loaderData: data.loaderData, actionData: data.actionData },
  });
  activateLocale(data.locale);
  subscribeLocale(router);
  beforeHydrate();
  await new Promise<void>((resolve) => {
    // As a transition, hydration yields to the browser between components instead of one long task.
    startTransition(() => {
      hydrateRoot(
        root(),
        <StrictMode>
          {/* One child under each wrapper, as on the server: a sibling would change every useId below it. */}
          <AfterHydration router={router} onHydrated={resolve}>
            <SiteAddressContext value={data.site}>
              <App router={router} />
            </SiteAddressContext>
          </AfterHydration>
        </StrictMode>,
        { onRecoverableError: reportRecoverableError },
      );
    });
  });
  return router;
}

/** Portal pages (and any page the server did not render) are rendered here. */
export function renderInBrowser(): void {
  createRoot(root()).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
