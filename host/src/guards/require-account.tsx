import { CHECKOUT_RETURN_PARAM } from "@agency/contract";
import { useSession } from "@agency/core";
import { Navigate, Outlet, useLocation, useNavigation } from "react-router";

/**
 * The dashboard's guard: every signed-in visitor may enter, subscribed or not (account and privacy actions are for
 * everyone with an account; paid features sit behind RequireSubscription inside). Anonymous visitors go to /login,
 * which brings them back to the page they asked for once signed in.
 *
 * The payment provider returns to /dashboard?subscription=success (the subscribe element's default), often before
 * its webhook has activated the subscription: that visit goes to the payment confirmation first, with the
 * checkout's id, which the confirmation checks with the server.
 */
export function RequireAccount() {
  const { isAuthenticated } = useSession();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  if (!isAuthenticated) {
    // Signed out on the way to another page (the account was just deleted, and the site goes home): let that
    // navigation finish instead of replacing it with the login page.
    if (navigation.state !== "idle") return null;
    // Sign in first, then the page asked for (a mail's link to a request, opened in a browser without a session).
    const next = pathname === "/dashboard" ? "" : `?${new URLSearchParams({ next: `${pathname}${search}` })}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  const query = new URLSearchParams(search);
  if (query.get("subscription") === "success") {
    const checkout = query.get(CHECKOUT_RETURN_PARAM);
    return <Navigate to={{ pathname: "/subscription/success", search: checkout ? `?${new URLSearchParams({ [CHECKOUT_RETURN_PARAM]: checkout })}` : "" }} replace />;
  }
  return <Outlet />;
}
