import { ErrorBoundary } from "@agency/ui";
import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "react-router";
import { hostI18n } from "../lib/i18n";
import type { AppRouter } from "./locale-sync";

export function App({ router }: { router: AppRouter }) {
  return (
    <I18nProvider i18n={hostI18n}>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </I18nProvider>
  );
}
