/**
 * The language of the page around an element: the `lang` attribute of the element itself or its nearest ancestor
 * that has one, looking through shadow roots (an element inside another component's shadow DOM belongs to that
 * component's page). Null when nothing around it says.
 */
export function nearestLanguage(element: Element): string | null {
  let node: Element | null = element;
  while (node) {
    const marked: Element | null = node.closest("[lang]");
    if (marked) return marked.getAttribute("lang");
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

const listeners = new Set<() => void>();
let observer: MutationObserver | null = null;

/**
 * Calls `listener` whenever a `lang` attribute changes anywhere in the document (a site switching language
 * without a reload), so elements that take their language from the page follow it. One observer for all of them.
 */
export function subscribePageLanguage(listener: () => void): () => void {
  listeners.add(listener);
  if (!observer) {
    observer = new MutationObserver(() => {
      for (const notify of listeners) notify();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"], subtree: true });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  };
}
