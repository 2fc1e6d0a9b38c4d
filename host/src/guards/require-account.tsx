import { useSession } from "@agency/core";
import { Navigate, Outlet, useLocation, useNavigation } from "react-router";

/**
 * The dashboard's guard: every signed-in visitor may enter, subscribed or not (account and privacy actions are for
 * everyone with an account; paid features sit behind RequireSubscription inside). Anonymous visitors go to /login.
 *
 * The payment provider returns to /dashboard?subscription=success (the subscribe element's default), often before
 * its webhook has activated the subscription: that visit goes to the payment confirmation first.
 */
export function RequireAccount() {
  const { isAuthenticated } = useSession();
  const { search } = useLocation();
  const navigation = useNavigation();
  if (!isAuthenticated) {
    // Signed out on the way to another page (the account was just deleted, and the site goes home): let that
    // navigation finish instead of replacing it with the login page.
    if (navigation.state !== "idle") return null;
    return <Navigate to="/login" replace />;
  }
  if (new URLSearchParams(search).get("subscription") === "success") return <Navigate to="/subscription/success" replace />;
  return <Outlet />;
}
