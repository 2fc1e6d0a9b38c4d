import { basePathFrom } from "@agency/core";
import { createBrowserRouter } from "react-router";
import { routes } from "../routes";
import { syncLocaleWithRouter, type AppRouter } from "./locale-sync";

/** The site's router: the same build answers at "/" and under "/preview/{first}/{second}/" (spec §2). */
export function createAppRouter(): AppRouter {
  const basename = basePathFrom(window.location.pathname).replace(/(.)\/$/, "$1");
  const router = createBrowserRouter(routes, { basename });
  syncLocaleWithRouter(router);
  return router;
}
