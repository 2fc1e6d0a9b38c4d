/**
 * Runs `onNear` once `element` comes within `margin` of the viewport, and resolves with whether it was that near
 * from the start. Without IntersectionObserver the element counts as near.
 */
export function whenNearView(element: Element, margin: string, onNear: () => void): Promise<boolean> {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting);
        if (first) resolve(near);
        first = false;
        if (!near) return;
        observer.disconnect();
        onNear();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
  });
}
