import { Trans } from "@lingui/react/macro";
import { Component, type ErrorInfo, type ReactNode } from "react";

/** Replaced in tests; a real reload is what the button promises. */
export const pageReload = { reload: () => window.location.reload() };

/** The screen shown when rendering fails: what happened, and a way to reload or go home. */
export function CrashScreen() {
  return (
    <div className="ag-crash" role="alert">
      <h2 className="ag-crash__title">
        <Trans>Oops! Something went wrong</Trans>
      </h2>
      <p className="ag-crash__text">
        <Trans>We're sorry for the inconvenience. Please refresh the page and try again.</Trans>
      </p>
      <button type="button" className="ag-button" onClick={() => pageReload.reload()}>
        <Trans>Refresh Page</Trans>
      </button>
    </div>
  );
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Shows the crash screen instead of a blank element when rendering fails unexpectedly. */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Unexpected rendering failure", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? <CrashScreen />) : this.props.children;
  }
}
