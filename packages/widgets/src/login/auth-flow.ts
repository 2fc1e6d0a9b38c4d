import { useSession } from "@agency/core";
import { useEffect, useMemo, useRef } from "react";
import { useElement } from "../element/element-context";

export interface AuthFlow {
  /** Where a login leads: the `redirect-to` attribute, else /dashboard (spec §2). */
  home: string;
  /** A login or registration is under way: the session it creates must not trigger the "already logged in" redirect. */
  begin: () => void;
  fail: () => void;
  /** The session exists; go on to `to`. */
  finish: (to: string) => void;
}

/**
 * Spec §2: someone already logged in who opens login or register is sent on to the dashboard. The session is
 * shared by every element on the page, so this also fires when another element logs the visitor in.
 */
export function useAuthFlow(redirectTo: string | undefined, redirectWhenLoggedIn: boolean): AuthFlow {
  const { navigate } = useElement();
  const { isAuthenticated } = useSession();
  const inFlight = useRef(false);
  const left = useRef(false);
  const home = redirectTo || "/dashboard";

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
