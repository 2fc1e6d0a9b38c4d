import { stripBase } from "@agency/contract";
import { getSession } from "@agency/core";
import { I18nProvider } from "@lingui/react";
import { startTransition, useEffect, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { activateLocale, hostI18n } from "../lib/i18n";
import { localeForPath } from "../lib/language";
import { appTargetOf, followSiteLinks } from "../lib/link-navigation";
import { SiteAddressContext } from "../lib/site-address";
import type { RouterData } from "../lib/router-data";
import { SiteNavigationContext, type SiteNavigation } from "../lib/site-navigation";
import { defineElements } from "./elements";
import { ISLAND_ATTRIBUTE, ISLAND_LIVE_EVENT, markPageLive } from "./island";
import { ISLANDS, isIslandName } from "./registry";
import { takeOverFor, type TakeOver } from "./take-over";

/**
 * A page the server sent is painted from its HTML and inline CSS alone; this module arrives after that first
 * paint. It hydrates the page's islands (islands/island.tsx), each as a small React root of its own, defines the
 * page's custom elements as they come into view, and follows the site's links. React Router is not loaded: the
 * first navigation starts it (islands/take-over.ts), and a pointer on a link or a focused link downloads it ahead.
 */

const reportRecoverableError = (error: unknown) => console.error("Hydration", error);

/** Renders nothing; tells when the island's first render has been committed. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/** Replaces an element with the HTML it had before an island's root took it over. */
function restore(element: HTMLElement, html: string): void {
  const template = document.createElement("template");
  template.innerHTML = html;
  element.replaceWith(template.content);
}

async function hydrateIsland(element: HTMLElement, data: RouterData, navigation: SiteNavigation, app: TakeOver): Promise<void> {
  const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? undefined;
  if (!isIslandName(name)) return;
  const Component = (await ISLANDS[name]()) as ComponentType<object>;
  const props = JSON.parse(element.dataset.islandProps ?? "{}") as object;
  // What the app will hydrate when it takes over: the server's HTML, whatever the visitor opened or closed since.
  const serverHtml = element.outerHTML;
  element.dispatchEvent(new Event(ISLAND_LIVE_EVENT, { bubbles: true }));
  await new Promise<void>((resolve) => {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread.
    startTransition(() => {
      const root = hydrateRoot(
        element,
        <I18nProvider i18n={hostI18n}>
          <SiteAddressContext value={data.site}>
            <SiteNavigationContext value={navigation}>
              <Component {...props} />
              <Committed onCommit={resolve} />
            </SiteNavigationContext>
          </SiteAddressContext>
        </I18nProvider>,
        { onRecoverableError: reportRecoverableError },
      );
      app.onStart(() => {
        root.unmount();
        restore(element, serverHtml);
      });
    });
  });
}

/** Downloads the app when a navigation looks likely: a pointer over, a finger on or focus in a link or a control. */
function preloadOnIntent(app: TakeOver): void {
  const events = ["pointerover", "touchstart", "focusin"] as const;
  const onIntent = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const anchor = target?.closest("a[href]");
    const link = anchor instanceof HTMLAnchorElement && appTargetOf(anchor) !== null;
    // A button of an island (the language toggle, the blog's pages) or an element's link may navigate too.
    const control = target?.closest(`[${ISLAND_ATTRIBUTE}] button, agency-pricing, agency-login, agency-quote-form`);
    if (!link && !control) return;
    for (const type of events) document.removeEventListener(type, onIntent, true);
    app.preload();
  };
  for (const type of events) document.addEventListener(type, onIntent, { capture: true, passive: true });
}

export async function startIslands(data: RouterData): Promise<void> {
  activateLocale(data.locale);
  const app = takeOverFor(data);
  const appPath = stripBase(window.location.pathname);
  // A page that exists once, rendered in Dutch for a visitor who chose English, and a signed-in visitor (whose
  // session is checked and whose header changes): the app takes over at once.
  if (localeForPath(appPath) !== data.locale || getSession().token) {
    try {
      await app.start();
      return;
    } catch (error) {
      console.warn("The app could not start; the page keeps its islands", error);
    }
  }
  app.onStart(followSiteLinks(app.navigate));
  preloadOnIntent(app);
  const navigation: SiteNavigation = {
    pathname: appPath,
    search: window.location.search,
    navigate: app.navigate,
    switchLanguage: (locale) =>
      void app.start().then(
        () => activateLocale(locale),
        (error: unknown) => console.error("The app could not start to switch the language", error),
      ),
  };
  const islands = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  await Promise.all(islands.map((element) => hydrateIsland(element, data, navigation, app)));
  markPageLive();
  defineElements(document);
}
