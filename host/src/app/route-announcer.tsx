import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router";

/** The new page's main heading, or its main landmark when the heading is not there (yet). */
function mainHeading(): HTMLElement | null {
  const main = document.getElementById("main");
  return main?.querySelector<HTMLElement>("h1") ?? document.querySelector<HTMLElement>("h1") ?? main;
}

/**
 * Client-side navigation leaves focus on the link that was followed (or on <body> when that link disappeared,
 * as in the closed mobile menu) and says nothing to a screen reader. After every navigation the visitor started,
 * focus moves to the new page's main heading and the new title is announced in a polite live region.
 *
 * The first page load is left alone, and so are the redirects that happen while it settles (a guard sending
 * /dashboard on to /dashboard/settings): the browser already announces a loaded page.
 */
export function RouteAnnouncer() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const [announcement, setAnnouncement] = useState("");
  const lastKey = useRef(key);
  const visitorNavigated = useRef(false);
  const lastPath = useRef(pathname);

  useEffect(() => {
    // A redirect right after the first load (REPLACE before any PUSH or back/forward) is still "the first load".
    if (key !== lastKey.current && navigationType !== "REPLACE") visitorNavigated.current = true;
    lastKey.current = key;
    if (!visitorNavigated.current || pathname === lastPath.current) {
      lastPath.current = pathname;
      return;
    }
    // One frame later: the page's title and heading are in place (a guard's redirect has rendered too).
    const frame = requestAnimationFrame(() => {
      lastPath.current = pathname;
      const target = mainHeading();
      if (target) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      }
      setAnnouncement(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [key, pathname, navigationType]);

  return (
    <div className="ag-visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {announcement}
    </div>
  );
}
