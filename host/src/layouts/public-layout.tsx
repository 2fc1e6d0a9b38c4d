import { Outlet, useLocation } from "react-router";
import { CookieBanner } from "../components/cookie-banner";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { SkipLink } from "../components/skip-link";
import { Island } from "../site-islands";

/**
 * The public layout. Navigation and footer are hidden on any path under /dashboard. The skip link and the
 * header are islands: on a page the server sent they work before the router has started.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const portal = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  return (
    <div className="site">
      <Island name="skip-link" component={SkipLink} />
      {portal ? null : <Island name="site-header" component={SiteHeader} />}
      <main id="main" tabIndex={-1} className="site__main">
        <Outlet />
      </main>
      {portal ? null : <SiteFooter />}
      {portal ? null : <CookieBanner />}
    </div>
  );
}
