import { useMemo } from "react";
import { type Location, Outlet, ScrollRestoration, useLocation, useNavigate } from "react-router";
import { activateLocale } from "../lib/i18n";
import { SiteNavigationContext, type SiteNavigation } from "../runtime";
import { RouteAnnouncer } from "./route-announcer";
import { useHostNavigation } from "./use-host-navigation";
import { useSessionRefresh } from "./use-session-refresh";

/** The site's navigation as React Router gives it, for the parts that do not import the router (islands). */
function useRouterNavigation(): SiteNavigation {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return useMemo(
    () => ({ pathname, search, navigate: (to: string) => void navigate(to), switchLanguage: activateLocale }),
    [pathname, search, navigate],
  );
}

/**
 * Where a page's scroll position is kept. Every page loaded as a new document (after a payment provider's page, a
 * mail link) has the key "default", which would give it the position another such page was left at (back from a
 * cancelled checkout, /subscribe opened at its footer): those are told apart by their address instead.
 */
const scrollKey = (location: Location) => (location.key === "default" ? `${location.pathname}${location.search}` : location.key);

/**
 * Top of the route tree: element and link navigation, the stored session refreshed on load, scroll-to-top on
 * every new page, focus and an announcement after each navigation.
 */
export function Root() {
  useHostNavigation();
  useSessionRefresh();
  return (
    <SiteNavigationContext value={useRouterNavigation()}>
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
      <RouteAnnouncer />
    </SiteNavigationContext>
  );
}
