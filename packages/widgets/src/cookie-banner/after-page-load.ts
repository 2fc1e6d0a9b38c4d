/**
 * Runs `callback` `delay` ms after the page's load event, however late the banner's code arrives: the element's
 * module comes after the page's first paint, so a timer started when it mounts would show the banner seconds
 * late. A page not yet loaded waits for its load event; one loaded longer ago than `delay` shows it at once.
 * @returns a function that cancels the wait
 */
export function afterPageLoad(delay: number, callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    const loadedAt = pageLoadedAt();
    const wait = loadedAt === undefined ? delay : Math.max(0, loadedAt + delay - performance.now());
    timer = setTimeout(callback, wait);
  };
  if (document.readyState === "complete") {
    start();
    return () => clearTimeout(timer);
  }
  const onLoad = () => start();
  window.addEventListener("load", onLoad, { once: true });
  return () => {
    window.removeEventListener("load", onLoad);
    clearTimeout(timer);
  };
}

/** When the document's load event started, on the page's clock (set before its listeners run), if the browser says. */
function pageLoadedAt(): number | undefined {
  const [navigation] = (performance.getEntriesByType?.("navigation") ?? []) as PerformanceNavigationTiming[];
  // loadEventStart is 0 in a page that has no navigation timing to report (a test's document).
  return navigation && navigation.loadEventStart > 0 ? navigation.loadEventStart : undefined;
}
