import { useEffect, useState } from "react";

/** Frames held until their category is allowed: `<iframe data-consent="marketing" data-src="…">`. */
export const EMBED_SELECTOR = 'iframe[data-consent="analytics"][data-src], iframe[data-consent="marketing"][data-src]';

/**
 * Whether the page has a held frame, now or since: the placeholders' code is loaded only then, so a page without
 * embeds does not download it.
 */
export function useHasHeldFrames(): boolean {
  const [found, setFound] = useState(() => document.querySelector(EMBED_SELECTOR) !== null);
  useEffect(() => {
    if (found) return;
    const observer = new MutationObserver(() => {
      if (!document.querySelector(EMBED_SELECTOR)) return;
      observer.disconnect();
      setFound(true);
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [found]);
  return found;
}
