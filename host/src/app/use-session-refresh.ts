import { apiStatus, authApi, getSession } from "@agency/core";
import { toast } from "@agency/ui";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { hostApi } from "../lib/api";
import { useLocale } from "../lib/use-locale";

/**
 * On load, a stored session is checked with the server and its user refreshed (the header, the dashboard and the
 * elements follow the session store). A 401 has already ended the session and gone to the login page (the API
 * client's rule); any other failure keeps the stored session and says so.
 */
export function useSessionRefresh(): void {
  const { t } = useLingui();
  const locale = useLocale();
  const started = useRef(false);

  useEffect(() => {
    // Once per page load (strict mode runs effects twice in development).
    if (started.current || !getSession().token) return;
    started.current = true;
    authApi.fetchCurrentUser(hostApi()).catch((error: unknown) => {
      if (apiStatus(error) === 401) return;
      console.warn("Could not refresh the signed-in user; keeping the stored session", error);
      toast.error(t`Failed to get user info`, { locale });
    });
  }, [t, locale]);
}
