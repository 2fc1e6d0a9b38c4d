import { Outlet, useLocation } from "react-router";
import { CookieBanner } from "../components/cookie-banner";
import { SiteFooter } from "../components/site-footer";
import { SiteHeaderIsland } from "../components/site-header";
import { SkipLinkIsland } from "../components/skip-link";

/**
 * The public layout. Navigation and footer are hidden on any path under /dashboard. The skip link and the
 * header are islands: on a page the server sent they work before the router has started.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const portal = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  return (
    <div className="site">
      <SkipLinkIsland />
      {portal ? null : <SiteHeaderIsland />}
      <main id="main" tabIndex={-1} className="site__main">
        <Outlet />
      </main>
      {portal ? null : <SiteFooter />}
      {portal ? null : <CookieBanner />}
    </div>
  );
}
