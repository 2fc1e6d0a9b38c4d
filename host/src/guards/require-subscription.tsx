import { grantsAccess, owesPayment, type Subscription } from "@agency/contract";
import { subscriptionsApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Navigate, Outlet } from "react-router";
import { hostApi } from "../lib/api";
import { useLocale } from "../lib/use-locale";
import { PaymentNotice } from "./payment-notice";

type Check = "loading" | "active" | "owed" | "inactive";

/**
 * The paid features of the dashboard (inside RequireAccount, which has already sent anonymous
 * visitors to /login): a subscription that is not active, or a check that fails (logged), goes to /subscribe; a
 * spinner shows while the check runs.
 *
 * A subscription whose payment failed (past due, unpaid) keeps its paid features for the server's grace period
 * (PAST_DUE_GRACE_DAYS; the answer's has_access), under a notice with the button that pays it. After that the
 * customer goes to the settings page, whose notice has the same button: /subscribe refuses a second subscription,
 * so sending them there would be a dead end.
 */
export function RequireSubscription() {
  const { t } = useLingui();
  const locale = useLocale();
  const [check, setCheck] = useState<Check>("loading");
  const [checked, setChecked] = useState<Subscription | null>(null);

  useEffect(() => {
    let current = true;
    subscriptionsApi
      .getCurrentSubscription(hostApi(locale))
      .then((subscription) => {
        if (!current) return;
        // The server decides, with its grace period; a server without has_access: the contract's rules, where a
        // live subscription that owes a payment is still the customer's to fix.
        const allowed = subscription?.has_access ?? (grantsAccess(subscription?.status) || owesPayment(subscription?.status));
        const owed = Boolean(subscription?.payment_issue) || owesPayment(subscription?.status);
        if (!allowed) console.warn("No active subscription; sending the visitor on", subscription?.status ?? "none");
        setChecked(subscription);
        setCheck(allowed ? "active" : owed ? "owed" : "inactive");
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.warn("Subscription check failed; treated as inactive", error);
        setCheck("inactive");
      });
    return () => {
      current = false;
    };
  }, [locale]);

  if (check === "loading") {
    return (
      <main id="main" className="page page--narrow">
        <Spinner label={t`Loading...`} />
      </main>
    );
  }
  if (check === "inactive") return <Navigate to="/subscribe" replace />;
  if (check === "owed") return <Navigate to="/dashboard/settings" replace />;
  return (
    <>
      {checked?.payment_issue ? <PaymentNotice subscription={checked} /> : null}
      <Outlet />
    </>
  );
}
