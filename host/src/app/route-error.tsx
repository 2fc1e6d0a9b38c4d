import { CrashScreen } from "@agency/ui";
import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { documentTitle } from "../lib/page-meta";

/**
 * A render failure (or a lazy chunk that failed to load) inside the router shows the crash screen. It names the
 * document itself: the failed page's title left with the page.
 */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  useEffect(() => console.error("Unexpected route failure", error), [error]);
  return (
    <main id="main" className="page page--narrow">
      <title>{documentTitle(t`Something went wrong`)}</title>
      <CrashScreen />
    </main>
  );
}
