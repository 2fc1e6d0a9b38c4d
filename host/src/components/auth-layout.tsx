import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import "./auth-layout.css";

/**
 * Frame of the portal's account pages: the element (or form), extras beside it. The element draws its own card. The page's h1 names
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

// Inline SVG rather than emoji: emoji fonts are missing on many systems and would show as empty boxes.
const ICONS = {
  lock: "M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5z",
  bolt: "M13 2 4 14h7l-1 8 9-12h-7z",
  backup: "M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3",
};

function BadgeIcon({ path }: { path: string }) {
  return (
    <span className="trust-badges__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </span>
  );
}

/** The trust badges beside the sign-in forms, each a claim the home page makes too. */
export function TrustBadges() {
  return (
    <ul className="trust-badges">
      <li>
        <BadgeIcon path={ICONS.lock} />
        <Trans>Secure SSL connection</Trans>
      </li>
      <li>
        <BadgeIcon path={ICONS.bolt} />
        <Trans>99.9% uptime</Trans>
      </li>
      <li>
        <BadgeIcon path={ICONS.backup} />
        <Trans>Daily backups</Trans>
      </li>
    </ul>
  );
}
