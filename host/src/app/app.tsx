import { ErrorBoundary } from "@agency/ui";
import { I18nProvider } from "@lingui/react";
import { flushSync } from "react-dom";
import { RouterProvider } from "react-router";
import { hostI18n } from "../lib/i18n";
import type { AppRouter } from "./locale-sync";

const applyNow = (fn: () => unknown): undefined => {
  flushSync(fn);
};

export function App({ router }: { router: AppRouter }) {
  return (
    <I18nProvider i18n={hostI18n}>
      <ErrorBoundary>
        {/* What react-router/dom passes too: lets `navigate(to, { flushSync: true })` apply a navigation at once. */}
        <RouterProvider router={router} flushSync={applyNow} />
      </ErrorBoundary>
    </I18nProvider>
  );
}
