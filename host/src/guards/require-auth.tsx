import { useSession } from "@agency/core";
import { Navigate, Outlet, useLocation } from "react-router";

/** Authenticated-only routes send anonymous visitors to /login. */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
