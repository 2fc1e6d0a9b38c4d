import type { ComponentType } from "react";
import type { IslandName } from "./registry";

/** The attribute that marks an island in the server's HTML; its value is the island's name in the registry. */
export const ISLAND_ATTRIBUTE = "data-island";
/** The island's props, as JSON: the browser hydrates the island with exactly what the server rendered it with. */
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
/**
 * Dispatched on an island (it bubbles) as its React root starts to hydrate it: from then on React answers its
 * clicks. An event rather than an attribute, as hydration leaves the served markup as it was.
 */
export const ISLAND_LIVE_EVENT = "agency-island-live";
/**
 * Dispatched on the document once the page's code answers clicks itself (its islands hydrated, or the app started):
 * the boot script then clicks again what the visitor clicked before (lib/boot-script.ts).
 */
export const PAGE_LIVE_EVENT = "agency-page-live";

/**
 * The page the server sent answers clicks from now on (its islands, or the whole app, are hydrated): the document is
 * marked (`data-hydrated`, for whoever has to wait until its links and buttons respond) and PAGE_LIVE_EVENT sent.
 */
export function markPageLive(): void {
  document.documentElement.dataset.hydrated = "";
  document.dispatchEvent(new Event(PAGE_LIVE_EVENT));
}

/**
 * Makes `Component` an island: a part of a server-rendered page that the browser hydrates on its own, as one
 * small React root, long before (and without) the router. The rest of the page stays the server's HTML until
 * the visitor navigates (see islands/start-islands.tsx). Its props must be JSON (strings, numbers, plain objects).
 *
 * In the app and on the server the island renders its component inside a wrapper that takes no room in the
 * layout (`display: contents`), so the same markup comes out either way.
 */
export function island<P extends object>(name: IslandName, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const json = Object.keys(props).length > 0 ? JSON.stringify(props) : undefined;
    return (
      <div {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: json }} className="island">
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
