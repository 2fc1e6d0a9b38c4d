import { useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { isLanguageToggleFresh } from "../lib/language";
import { unlocalizedPath } from "../lib/localized-path";

/**
 * Spec §4: an English page shows only when the language toggle was used within the last 5 seconds; otherwise
 * the visitor goes, replacing the history entry, to the same page without /en. Decided once per location, so a
 * page that is already showing stays put when it re-renders later.
 */
export function LanguageGuard() {
  const location = useLocation();
  const decision = useRef<{ key: string; allowed: boolean } | null>(null);
  if (decision.current?.key !== location.key) {
    decision.current = { key: location.key, allowed: isLanguageToggleFresh() };
  }
  if (!decision.current.allowed) {
    return <Navigate replace to={{ pathname: unlocalizedPath(location.pathname), search: location.search, hash: location.hash }} />;
  }
  return <Outlet />;
}
