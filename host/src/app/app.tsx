import { ErrorBoundary } from "@agency/ui";
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { RouterProvider } from "react-router";
import { hostI18n } from "../lib/i18n";
import type { AppRouter } from "./locale-sync";

const applyNow = (fn: () => unknown): undefined => {
  flushSync(fn);
};

/**
 * What surrounds the router in the browser and on the server alike: the texts and the crash screen. The browser
 * passes its one instance; each server render passes its own, in the request's language.
 */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary>{children}</ErrorBoundary>
    </I18nProvider>
  );
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders i18n={hostI18n}>
      {/* What react-router/dom passes too: lets `navigate(to, { flushSync: true })` apply a navigation at once. */}
      <RouterProvider router={router} flushSync={applyNow} />
    </AppProviders>
  );
}
