import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import "./auth-layout.css";

/**
 * Frame of the portal's account pages: the element (or form) in a card, extras beside it. The page's h1 names
 * the page for assistive technology; the element's own h2 is the visible title.
 */
export function AuthLayout({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="auth">
      <h1 className="ag-visually-hidden">{title}</h1>
      <div className="auth__card">{children}</div>
      {aside ? <div className="auth__aside">{aside}</div> : null}
    </div>
  );
}

/** Spec §2 trust badges, each a claim of spec §1. */
export function TrustBadges() {
  return (
    <ul className="trust-badges">
      <li>
        <span className="trust-badges__icon" aria-hidden="true">🔒</span>
        <Trans>Secure SSL connection</Trans>
      </li>
      <li>
        <span className="trust-badges__icon" aria-hidden="true">⚡</span>
        <Trans>99.9% uptime</Trans>
      </li>
      <li>
        <span className="trust-badges__icon" aria-hidden="true">💾</span>
        <Trans>Daily backups</Trans>
      </li>
    </ul>
  );
}
