import { Outlet, ScrollRestoration } from "react-router";
import { RouteAnnouncer } from "./route-announcer";
import { useHostNavigation } from "./use-host-navigation";
import { useSessionRefresh } from "./use-session-refresh";

/**
 * Top of the route tree: element navigation, the stored session refreshed on load, scroll-to-top on every new
 * page, focus and an announcement after each navigation.
 */
export function Root() {
  useHostNavigation();
  useSessionRefresh();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}
