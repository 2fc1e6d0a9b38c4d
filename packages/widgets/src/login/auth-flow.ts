import { useEffect, useMemo, useRef } from "react";
import { useElement } from "../element/element-context";
import { useElementSession } from "../element/element-session";

export interface AuthFlow {
  /** Where a login leads: the `redirect-to` attribute when it stays on this site, else /dashboard. */
  home: string;
  /** A login or registration is under way: the session it creates must not trigger the "already logged in" redirect. */
  begin: () => void;
  fail: () => void;
  /** The session exists; go on to `to`. */
  finish: (to: string) => void;
}

const DEFAULT_HOME = "/dashboard";

/**
 * `redirect-to` as given when it stays on this site: a relative address, or an absolute http(s) one on the page's own
 * origin. Anything else (`javascript:`, another host, `//host`) would turn the login into an open redirect, so it is
 * refused with a console warning and /dashboard is used instead.
 */
export function safeRedirect(value: string | undefined): string {
  if (!value) return DEFAULT_HOME;
  try {
    const target = new URL(value, window.location.href);
    if ((target.protocol === "http:" || target.protocol === "https:") && target.origin === window.location.origin) return value;
  } catch {
    // Not an address at all: refused below.
  }
  console.warn(`agency-login: redirect-to "${value}" ignored; only a relative or same-origin http(s) address is allowed.`);
  return DEFAULT_HOME;
}

/**
 * Someone already logged in who opens login or register is sent on to the dashboard. The session is
 * shared by every element on the page, so this also fires when another element logs the visitor in.
 */
export function useAuthFlow(redirectTo: string | undefined, redirectWhenLoggedIn: boolean): AuthFlow {
  const { navigate } = useElement();
  const { isAuthenticated } = useElementSession();
  const inFlight = useRef(false);
  const left = useRef(false);
  const home = useMemo(() => safeRedirect(redirectTo), [redirectTo]);

  useEffect(() => {
    if (!redirectWhenLoggedIn || !isAuthenticated || inFlight.current || left.current) return;
    left.current = true;
    navigate(home);
  }, [redirectWhenLoggedIn, isAuthenticated, home, navigate]);

  return useMemo(
    () => ({
      home,
      begin: () => {
        inFlight.current = true;
      },
      fail: () => {
        inFlight.current = false;
      },
      finish: (to: string) => {
        left.current = true;
        navigate(to);
      },
    }),
    [home, navigate],
  );
}
