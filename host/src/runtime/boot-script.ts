import { ISLAND_ATTRIBUTE, ISLAND_LIVE_EVENT, PAGE_LIVE_EVENT } from "./island";

/**
 * The inline script at the end of every page the server renders. It adds the site's entry module (its URL is the
 * script element's `data-entry`), then preloads the modules the entry imports (`data-preload`, space-separated),
 * once the page has had its first contentful paint, so no script download stands between the HTML and that
 * paint: the HTML and its inline CSS are all a first paint waits for. Inline, and allowed by its hash in the
 * page's Content-Security-Policy, because a script file would be a request before the paint itself. Browsers
 * without paint timing start it after the first frame.
 *
 * Until then the page's buttons are the server's HTML and do nothing; the script keeps the clicks on them (see
 * keepEarlyClicks).
 *
 * The functions below are sent to the browser as their source text: they use nothing but their arguments.
 */

/** The part of `window` the script uses. */
export interface BootWindow {
  document: Pick<Document, "createElement" | "head" | "addEventListener" | "removeEventListener">;
  PerformanceObserver?: typeof PerformanceObserver;
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void): unknown;
}

export function startAfterFirstPaint(win: BootWindow, entry: string | undefined, preload: string | undefined): void {
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = win.document.createElement("script");
    script.type = "module";
    script.src = entry;
    win.document.head.appendChild(script);
    // Then each module the entry imports, in a task of its own: every element that starts a request costs the main
    // thread a few milliseconds on a slow phone, and a page's ten of them in one task would block it as it paints.
    for (const href of (preload || "").split(" ")) {
      if (!href) continue;
      win.setTimeout(() => {
        const link = win.document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        win.document.head.appendChild(link);
      });
    }
  };
  const Observer = win.PerformanceObserver;
  if (Observer && Observer.supportedEntryTypes?.includes("paint")) {
    new Observer((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
  } else {
    win.requestAnimationFrame(() => win.setTimeout(start));
  }
}

/**
 * Keeps the clicks on an island's buttons (the menu, the language toggle, the FAQ's questions) made before the
 * island's React root has taken over its HTML, and clicks those buttons again, in order, once the page's code
 * announces that it answers clicks itself (`pageLiveEvent`): a visitor who acts on the first paint, before the
 * script has arrived, loses nothing. An island whose root has started (`islandLiveEvent`) is left to React, which
 * replays the clicks on HTML it is still hydrating itself.
 */
export function keepEarlyClicks(win: BootWindow, islandAttribute: string, islandLiveEvent: string, pageLiveEvent: string): void {
  const kept: HTMLElement[] = [];
  const live = new Set<EventTarget | null>();
  const keep = (event: Event) => {
    const target = event.target as Element | null;
    const button = target && typeof target.closest === "function" ? target.closest("button") : null;
    const island = button ? button.closest(`[${islandAttribute}]`) : null;
    if (button && island && !live.has(island)) kept.push(button);
  };
  const onIslandLive = (event: Event) => live.add(event.target);
  win.document.addEventListener("click", keep, true);
  win.document.addEventListener(islandLiveEvent, onIslandLive);
  win.document.addEventListener(
    pageLiveEvent,
    () => {
      win.document.removeEventListener("click", keep, true);
      win.document.removeEventListener(islandLiveEvent, onIslandLive);
      for (const button of kept.splice(0)) if (button.isConnected) button.click();
    },
    { once: true },
  );
}

/** The text of the inline script (it reads its own `data-entry` and `data-preload`). */
export function bootScript(): string {
  const data = "document.currentScript && document.currentScript.dataset";
  const islands = [ISLAND_ATTRIBUTE, ISLAND_LIVE_EVENT, PAGE_LIVE_EVENT].map((value) => JSON.stringify(value)).join(", ");
  return (
    `(${startAfterFirstPaint.toString()})(window, ${data}.entry, ${data}.preload);\n` +
    `(${keepEarlyClicks.toString()})(window, ${islands});\n`
  );
}
