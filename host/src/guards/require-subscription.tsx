import { grantsAccess, owesPayment, subscriptionsApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Navigate, Outlet } from "react-router";
import { hostApi } from "../lib/api";

type Check = "loading" | "active" | "inactive";

/**
 * The paid features of the dashboard (inside RequireAccount, which has already sent anonymous
 * visitors to /login): a subscription that is not active, or a check that fails (logged), goes to /subscribe; a
 * spinner shows while the check runs.
 *
 * A subscription whose payment failed (past due, unpaid) keeps its paid features while the customer fixes the
 * payment under 'Manage billing' on the settings page: /subscribe refuses a second subscription, so sending that
 * customer there would be a dead end.
 */
export function RequireSubscription() {
  const { t } = useLingui();
  const [check, setCheck] = useState<Check>("loading");

  useEffect(() => {
    let current = true;
    subscriptionsApi
      .getCurrentSubscription(hostApi())
      .then((subscription) => {
        if (!current) return;
        // The contract's rules: active and trialing grant access (the server's own checks use the same list); a
        // live subscription that owes a payment is still the customer's to fix.
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
  }, []);

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
