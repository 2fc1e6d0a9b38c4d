import { Outlet, useLocation } from "react-router";
import { CookieBanner } from "../components/cookie-banner";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { SkipLink } from "../components/skip-link";

/** The public layout. Navigation and footer are hidden on any path under /dashboard. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const portal = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  return (
    <div className="site">
      <SkipLink />
      {portal ? null : <SiteHeader />}
      <main id="main" tabIndex={-1} className="site__main">
        <Outlet />
      </main>
      {portal ? null : <SiteFooter />}
      {portal ? null : <CookieBanner />}
    </div>
  );
}
