import { Outlet, ScrollRestoration } from "react-router";
import { useHostNavigation } from "./use-host-navigation";

/** Top of the route tree: element navigation and scroll-to-top on every new page. */
export function Root() {
  useHostNavigation();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
