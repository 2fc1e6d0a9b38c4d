import { toast } from "@agency/ui";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Navigate } from "react-router";
import { useLocale } from "../lib/use-locale";

/** Spec §2/§8: /subscription/success confirms with a toast and continues to the settings page. */
export function SubscriptionSuccess() {
  const { t } = useLingui();
  const locale = useLocale();
  // Strict mode runs effects twice in development; the visitor should see one toast.
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast.success(t`Subscription successful!`, { locale });
  }, [t, locale]);
  return <Navigate to="/dashboard/settings" replace />;
}
