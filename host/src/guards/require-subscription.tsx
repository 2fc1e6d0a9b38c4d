import { CHECKOUT_RETURN_PARAM, grantsAccess, owesPayment, subscriptionsApi, useSession } from "@agency/core";
import { Spinner } from "@agency/ui";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Navigate, Outlet, useLocation, useNavigation } from "react-router";
import { hostApi } from "../lib/api";

type Check = "loading" | "active" | "inactive";

/**
 * Spec §2/§4: anonymous visitors go to /login; a subscription that is not active, or a check that fails
 * (logged), goes to /subscribe; a spinner shows while the check runs.
 *
 * The payment provider returns to /dashboard?subscription=success (the subscribe element's default), often before
 * its webhook has activated the subscription: that visit goes to the payment confirmation first, not to /subscribe,
 * with the checkout's id, which the confirmation checks with the server.
 *
 * A subscription whose payment failed (past due, unpaid) still reaches the dashboard, whose settings page has
 * 'Manage billing' to fix the payment: sending that customer to /subscribe, where a second subscription is refused,
 * was a dead end.
 */
export function RequireSubscription() {
  const { isAuthenticated } = useSession();
  const { t } = useLingui();
  const { search } = useLocation();
  const navigation = useNavigation();
  const [check, setCheck] = useState<Check>("loading");
  const query = new URLSearchParams(search);
  const justPaid = query.get("subscription") === "success";
  const checkout = query.get(CHECKOUT_RETURN_PARAM);

  useEffect(() => {
    if (!isAuthenticated || justPaid) return;
    let current = true;
    subscriptionsApi
      .getCurrentSubscription(hostApi())
      .then((subscription) => {
        if (!current) return;
        // The contract's rule: active and trialing grant access (the server's own checks use the same list).
        const allowed = grantsAccess(subscription?.status) || owesPayment(subscription?.status);
        if (!allowed) console.warn("No active subscription; sending the visitor to /subscribe", subscription?.status ?? "none");
        setCheck(allowed ? "active" : "inactive");
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.warn("Subscription check failed; treated as inactive", error);
        setCheck("inactive");
      });
    return () => {
      current = false;
    };
  }, [isAuthenticated, justPaid]);

  if (!isAuthenticated) {
    // Signed out on the way to another page (the account was just deleted, and the site goes home): let that
    // navigation finish instead of replacing it with the login page.
    if (navigation.state !== "idle") return null;
    return <Navigate to="/login" replace />;
  }
  if (justPaid) {
    return <Navigate to={{ pathname: "/subscription/success", search: checkout ? `?${new URLSearchParams({ [CHECKOUT_RETURN_PARAM]: checkout })}` : "" }} replace />;
  }
  if (check === "loading") {
    return (
      <main id="main" className="page page--narrow">
        <Spinner label={t`Loading...`} />
      </main>
    );
  }
  if (check === "inactive") return <Navigate to="/subscribe" replace />;
  return <Outlet />;
}
