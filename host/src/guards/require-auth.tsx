import { useSession } from "@agency/core";
import { Navigate, Outlet, useLocation } from "react-router";

/**
 * Authenticated-only routes send anonymous visitors to /login, which brings them back here once they have logged in
 * (`?next=`: a mail's link to pay an invoice keeps its way through the login).
 */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const { pathname, search } = useLocation();
  if (!isAuthenticated) return <Navigate to={`/login?${new URLSearchParams({ next: `${pathname}${search}` })}`} replace />;
  return <Outlet />;
}
