import "@agency/ui/styles/ui.css";
import { startTransition, StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { App } from "./app/app";
import "./app/app.css";
import { appBasename, createAppRouter } from "./app/create-router";
import { activateLocaleOf, subscribeLocale, type AppRouter } from "./app/locale-sync";
import { activateLocale } from "./lib/i18n";
import { SiteAddressContext } from "./lib/page-meta";
import { ROUTER_DATA_ID, type RouterData } from "./lib/router-data";
import { routes } from "./routes";

const root = document.getElementById("root")!;
const dataElement = document.getElementById(ROUTER_DATA_ID);

/**
 * Once the server's HTML has been hydrated, the page may switch to the visitor's remembered language. The document
 * is then marked as interactive (`data-hydrated`), for whoever has to wait until its links and buttons respond.
 */
function AfterHydration({ router }: { router: AppRouter }) {
  useEffect(() => {
    activateLocaleOf(router.state.location.pathname);
    document.documentElement.dataset.hydrated = "";
  }, [router]);
  return null;
}

async function hydrate(data: RouterData): Promise<void> {
  // The matched routes' modules are loaded before hydrating, so the first render is the page the server sent
  // (not the router's fallback while its lazy routes load).
  const basename = appBasename();
  const lazyMatches = (matchRoutes(routes, window.location, basename) ?? []).filter((match) => match.route.lazy);
  try {
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<object>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  } catch {
    // The page's code did not load (offline, a release in between): the browser renders the page itself, and
    // the router shows its crash screen with a way to reload.
    renderInBrowser();
    return;
  }
  const router = createBrowserRouter(routes, {
    basename,
    hydrationData: { loaderData: data.loaderData, actionData: data.actionData },
  });
  activateLocale(data.locale);
  subscribeLocale(router);
  // As a transition, hydration yields to the browser between components instead of one long task, so the page
  // the visitor already sees stays responsive while React takes it over.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <SiteAddressContext value={data.site}>
          <App router={router} />
        </SiteAddressContext>
        <AfterHydration router={router} />
      </StrictMode>,
    );
  });
}

/** Portal pages (and any page the server did not render) are rendered here. */
function renderInBrowser(): void {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

if (dataElement?.textContent) void hydrate(JSON.parse(dataElement.textContent) as RouterData);
else renderInBrowser();
