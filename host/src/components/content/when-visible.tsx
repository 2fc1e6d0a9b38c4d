import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders its children once they come near the viewport. For widgets further down a long page (the pricing
 * table on the home page): the first screen gets the phone's main thread to itself. The placeholder keeps the
 * space so nothing jumps. Without IntersectionObserver (old browsers, jsdom) it renders at once.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    const node = placeholder.current;
    if (visible || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  return visible ? <>{children}</> : <div ref={placeholder} style={{ minHeight }} />;
}
