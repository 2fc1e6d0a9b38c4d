import { useSession } from "@agency/core";
import { Navigate, Outlet, useLocation } from "react-router";
import type { LoginState } from "../lib/login-return";

/**
 * Authenticated-only routes send anonymous visitors to /login, which brings them back here once they have logged in
 * (a mail's link to pay an invoice keeps its way through the login).
 */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies LoginState} />;
  return <Outlet />;
}
