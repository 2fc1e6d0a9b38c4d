import { stripBase } from "@agency/contract";
import { apiStatus, authApi, getSession } from "@agency/core";
import { toast } from "@agency/ui";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { hostApi } from "../lib/api";
import { needsSignIn } from "../lib/site-pages";
import { useLocale } from "../lib/use-locale";

/**
 * On load, a stored session is checked with the server and its user refreshed (the header, the dashboard and the
 * elements follow the session store). A 401 ends the session: on a page that needs a signed-in visitor the API
 * client's rule also goes to the login page; on a public page the visitor asked for nothing, so they stay where they
 * are, signed out (the header offers 'Login' again). Any other failure keeps the stored session and says so.
 */
export function useSessionRefresh(): void {
  const { t } = useLingui();
  const locale = useLocale();
  const { pathname } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    // Once per page load (strict mode runs effects twice in development).
    if (started.current || !getSession().token) return;
    started.current = true;
    const quiet = !needsSignIn(stripBase(pathname));
    authApi.fetchCurrentUser(hostApi(locale), { quiet }).catch((error: unknown) => {
      if (apiStatus(error) === 401) return;
      console.warn("Could not refresh the signed-in user; keeping the stored session", error);
      toast.error(t`Failed to get user info`, { locale });
    });
    // The page the visit started on decides; later navigations do not ask again.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [t, locale]);
}
