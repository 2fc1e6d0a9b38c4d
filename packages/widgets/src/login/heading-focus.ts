import { useEffect, useRef, type RefObject } from "react";

/** Focuses the view's heading when the visitor switched to it, so screen readers announce the new view. */
export function useHeadingFocus(enabled: boolean): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (enabled) heading.current?.focus();
    // Only on arrival: the flag describes how the view was reached.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return heading;
}
