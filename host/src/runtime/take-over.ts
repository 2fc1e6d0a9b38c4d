import { basePathFrom } from "@agency/contract";
import type { RouterData } from "../lib/router-data";

/** The whole app, once it has hydrated the page: from then on it navigates. */
export interface RunningApp {
  navigate(to: string): Promise<void>;
}

/**
 * The module of the whole app (React Router with every route), as the site's entry hands it to the runtime: the
 * runtime never imports the app itself.
 */
export interface AppModule {
  /** Hydrates the page the server sent; `beforeHydrate` runs once the code is there, just before. */
  hydrateSite(data: RouterData, beforeHydrate: () => void): Promise<RunningApp>;
}

export interface TakeOver {
  /** Starts the app's code downloading, for a navigation that is probably coming (a pointer on a link). */
  preload(): void;
  /** Hydrates the whole page with the app (once), after the islands have handed their parts back. */
  start(): Promise<RunningApp>;
  /** Goes to an app path inside the app; when the app's code cannot be loaded, as a new document. */
  navigate(to: string): void;
  /** Registers what to undo when the app takes the page over (an island's root, a listener). */
  onStart(release: () => void): void;
}

/**
 * The router's start on a page the server sent: the islands run it on the visitor's first navigation (a link,
 * an element's link, the language toggle), so React Router and the page's own code are downloaded only by
 * visitors who go on to another page. The app hydrates the page as the server sent it, and then navigates.
 */
export function takeOverFor(data: RouterData, loadApp: () => Promise<AppModule>): TakeOver {
  const releases: Array<() => void> = [];
  let started: Promise<RunningApp> | null = null;

  const start = () => {
    started ??= loadApp()
      .then(({ hydrateSite }) =>
        hydrateSite(data, () => {
          for (const release of releases.splice(0)) release();
        }),
      )
      .catch((error: unknown) => {
        // The islands are still in place; a later navigation tries again.
        started = null;
        throw error;
      });
    return started;
  };

  return {
    preload: () => void loadApp().catch(() => {}),
    start,
    navigate(to) {
      start()
        .then((app) => app.navigate(to))
        .catch((error: unknown) => {
          console.warn("The app could not start; loading the page instead", error);
          window.location.assign(`${basePathFrom(window.location.pathname)}${to.replace(/^\//, "")}`);
        });
    },
    onStart: (release) => void releases.push(release),
  };
}
