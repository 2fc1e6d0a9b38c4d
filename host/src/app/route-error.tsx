import { CrashScreen } from "@agency/ui";
import { useEffect } from "react";
import { useRouteError } from "react-router";

/** A render failure (or a lazy chunk that failed to load) inside the router shows the crash screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error("Unexpected route failure", error), [error]);
  return (
    <main id="main" className="page page--narrow">
      <CrashScreen />
    </main>
  );
}
