import { ErrorBoundary } from "@agency/ui";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { RouterProvider } from "react-router";
import { hostI18n } from "../lib/i18n";
import type { AppRouter } from "./locale-sync";

const applyNow = (fn: () => unknown): undefined => {
  flushSync(fn);
};

/** What surrounds the router in the browser and on the server alike: the texts and the crash screen. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={hostI18n}>
      <ErrorBoundary>{children}</ErrorBoundary>
    </I18nProvider>
  );
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      {/* What react-router/dom passes too: lets `navigate(to, { flushSync: true })` apply a navigation at once. */}
      <RouterProvider router={router} flushSync={applyNow} />
    </AppProviders>
  );
}
