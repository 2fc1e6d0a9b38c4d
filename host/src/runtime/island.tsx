import type { ComponentType } from "react";

/** The attribute that marks an island in the server's HTML; its value is the island's name in the site's table. */
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
 * the boot script then clicks again what the visitor clicked before (boot-script.ts).
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
 * When the browser hydrates an island: at once (`load`), when the main thread is idle after that (`idle`), or when
 * its box comes near the viewport (`visible`). The page counts as answering clicks once its `load` and `idle`
 * islands, and the `visible` ones in view when it started, are hydrated.
 */
export type IslandWhen = "load" | "idle" | "visible";

/** One island: when it hydrates, and its component as the browser loads it (a page's own one is a chunk of its own). */
export interface IslandDeclaration {
  when: IslandWhen;
  load(): Promise<ComponentType<never>>;
}

export interface IslandProps<Name extends string, P extends object> {
  name: Name;
  /** The component the browser loads for `name`: the server and the app render it in place. */
  component: ComponentType<P>;
  /** Its props: JSON only (strings, numbers, plain objects). */
  props?: P;
}

export interface Islands<Name extends string> {
  declarations: Readonly<Record<Name, IslandDeclaration>>;
  /**
   * Renders an island: a part of a server-rendered page that the browser hydrates on its own, as one small React
   * root, long before (and without) the router. In the app and on the server it renders its component inside a
   * wrapper that takes no room in the layout (`display: contents`), so the same markup comes out either way.
   */
  Island<P extends object>(props: IslandProps<Name, P>): React.JSX.Element;
}

/**
 * The site's islands, each declared once: its name, when it hydrates and where its code is. The server's HTML marks
 * each island with its name and props; the browser hydrates it from the declaration (start-islands.tsx).
 */
export function defineIslands<Name extends string>(declarations: Record<Name, IslandDeclaration>): Islands<Name> {
  function Island<P extends object>({ name, component: Component, props }: IslandProps<Name, P>) {
    const json = props && Object.keys(props).length > 0 ? JSON.stringify(props) : undefined;
    return (
      <div {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: json }} className="island">
        <Component {...(props ?? ({} as P))} />
      </div>
    );
  }
  return { declarations, Island };
}
