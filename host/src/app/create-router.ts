import { basePathFrom } from "@agency/contract";
import { createBrowserRouter } from "react-router";
import { routes } from "../routes";
import { syncLocaleWithRouter, type AppRouter } from "./locale-sync";

/** The site's router: the same build answers at "/" and under "/preview/{first}/{second}/". */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes, { basename: appBasename() });
  syncLocaleWithRouter(router);
  return router;
}

/** The router's basename for this page: "" at "/", "/preview/a/b" under a preview base. */
export function appBasename(): string {
  return basePathFrom(window.location.pathname).replace(/(.)\/$/, "$1");
}
