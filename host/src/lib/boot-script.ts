/**
 * The inline script at the end of every page the server renders. It adds the site's entry module (its URL is the
 * script element's `data-entry`), and preloads the modules the entry imports (`data-preload`, space-separated),
 * once the page has had its first contentful paint, so no script download stands between the HTML and that
 * paint: the HTML and its inline CSS are all a first paint waits for. Inline, and allowed by its hash in the
 * page's Content-Security-Policy, because a script file would be a request before the paint itself. Browsers
 * without paint timing start it after the first frame.
 *
 * Kept free of imports: it is sent to the browser as its source text.
 */

/** The part of `window` the script uses. */
export interface BootWindow {
  document: Pick<Document, "createElement" | "head">;
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
    for (const href of (preload || "").split(" ")) {
      if (!href) continue;
      const link = win.document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      win.document.head.appendChild(link);
    }
    const script = win.document.createElement("script");
    script.type = "module";
    script.src = entry;
    win.document.head.appendChild(script);
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

/** The text of the inline script (it reads its own `data-entry` and `data-preload`). */
export function bootScript(): string {
  const data = "document.currentScript && document.currentScript.dataset";
  return `(${startAfterFirstPaint.toString()})(window, ${data}.entry, ${data}.preload);\n`;
}
