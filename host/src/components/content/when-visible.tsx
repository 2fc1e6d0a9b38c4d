import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";

const subscribeNever = () => () => {};
const observerMissing = () => typeof IntersectionObserver === "undefined";
const onServer = () => false;

/**
 * Renders its children once they come near the viewport. For widgets further down a long page (the pricing
 * table on the home page): the first screen gets the phone's main thread to itself. The placeholder keeps the
 * space so nothing jumps, in the server's HTML too (the page hydrates with the same placeholder). Without
 * IntersectionObserver (old browsers, jsdom) the browser renders the children at once.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const visible = useSyncExternalStore(subscribeNever, observerMissing, onServer) || near;

  useEffect(() => {
    const node = placeholder.current;
    if (visible || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  return visible ? <>{children}</> : <div ref={placeholder} style={{ minHeight }} />;
}
