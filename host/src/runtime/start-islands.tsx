import { stripBase } from "@agency/contract";
import { getSession } from "@agency/core";
import { I18nProvider } from "@lingui/react";
import { startTransition, useEffect, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { activateLocale, hostI18n } from "../lib/i18n";
import { localeForPath } from "../lib/language";
import { SiteAddressContext } from "../lib/site-address";
import type { RouterData } from "../lib/router-data";
import { defineElements } from "./elements";
import { ISLAND_ATTRIBUTE, ISLAND_LIVE_EVENT, markPageLive, type IslandDeclaration, type Islands } from "./island";
import { appTargetOf, followSiteLinks } from "./link-navigation";
import { SiteNavigationContext, type SiteNavigation } from "./site-navigation";
import { whenNearView } from "./near-view";
import { takeOverFor, type AppModule, type TakeOver } from "./take-over";

/**
 * A page the server sent is painted from its HTML and inline CSS alone; this module arrives after that first
 * paint. It hydrates the page's islands (island.tsx), each as a small React root of its own when its declaration
 * says, defines the page's custom elements as they come into view, and follows the site's links. React Router is
 * not loaded: the first navigation starts it (take-over.ts), and a pointer on a link or a focused link downloads
 * it ahead.
 */

const reportRecoverableError = (error: unknown) => console.error("Hydration", error);

/** How far below (or above) the viewport a `visible` island may be when it is hydrated. */
const NEAR_VIEW = "200px 0px";

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

interface PageContext {
  data: RouterData;
  navigation: SiteNavigation;
  app: TakeOver;
  /** True once the app has taken the page over: an island not hydrated by then is left to the app. */
  takenOver(): boolean;
}

/** Resolves in a later task: what comes after it does not lengthen the task the caller runs in. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function hydrateIsland(element: HTMLElement, declaration: IslandDeclaration, page: PageContext): Promise<void> {
  const Component = (await declaration.load()) as ComponentType<object>;
  // Each root starts in a task of its own: a root's start (reading its HTML, listening to every event on it) costs
  // a few milliseconds on a slow phone, and a page's islands whose code is here at once would otherwise start
  // together in one task.
  await nextTask();
  if (page.takenOver()) return;
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
          <SiteAddressContext value={page.data.site}>
            <SiteNavigationContext value={page.navigation}>
              <Component {...props} />
              <Committed onCommit={resolve} />
            </SiteNavigationContext>
          </SiteAddressContext>
        </I18nProvider>,
        { onRecoverableError: reportRecoverableError },
      );
      page.app.onStart(() => {
        root.unmount();
        restore(element, serverHtml);
      });
    });
  });
}

/** Resolves when the browser has time to spare (or soon, where it cannot tell). */
const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 1),
  );

/**
 * Hydrates one island when its declaration says. Resolves once it is hydrated, except for a `visible` island out of
 * view at the start, which resolves at once and hydrates when the visitor scrolls to it.
 */
async function scheduleIsland(element: HTMLElement, declaration: IslandDeclaration, page: PageContext): Promise<void> {
  if (declaration.when === "load") return hydrateIsland(element, declaration, page);
  if (declaration.when === "idle") return idle().then(() => hydrateIsland(element, declaration, page));
  let hydrated: Promise<void> = Promise.resolve();
  const nearNow = await whenNearView(element, NEAR_VIEW, () => {
    hydrated = hydrateIsland(element, declaration, page);
  });
  if (nearNow) await hydrated;
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

export interface StartOptions<Name extends string> {
  /** The site's islands (defineIslands). */
  islands: Islands<Name>;
  /** Loads the whole app, which takes the page over at the first navigation. */
  loadApp(): Promise<AppModule>;
}

/** Starts a page the server sent: its islands, its elements, its links. */
export async function startIslands<Name extends string>(data: RouterData, { islands, loadApp }: StartOptions<Name>): Promise<void> {
  // Not in the task that evaluated the page's code (React DOM's among it), which is long enough on a slow phone.
  await nextTask();
  activateLocale(data.locale);
  const app = takeOverFor(data, loadApp);
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
  let takenOver = false;
  app.onStart(() => {
    takenOver = true;
  });
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
  const page: PageContext = { data, navigation, app, takenOver: () => takenOver };
  const declarations: Readonly<Record<string, IslandDeclaration>> = islands.declarations;
  const elements = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  const scheduled = elements.flatMap((element) => {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? "";
    const declaration = Object.hasOwn(declarations, name) ? declarations[name] : undefined;
    return declaration ? [{ when: declaration.when, hydrated: scheduleIsland(element, declaration, page) }] : [];
  });
  // The elements wait for the islands that hydrate at once, not for those that wait until the browser is idle (up
  // to a second on a busy phone): the cookie banner has to be defined in time to show a second after the load event.
  await Promise.all(scheduled.filter(({ when }) => when === "load").map(({ hydrated }) => hydrated));
  await nextTask();
  defineElements(document);
  await Promise.all(scheduled.map(({ hydrated }) => hydrated));
  markPageLive();
}
