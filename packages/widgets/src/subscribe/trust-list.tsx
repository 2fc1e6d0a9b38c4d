import { Trans } from "@lingui/react/macro";

/** What the visitor can count on, under the checkout button. */
export function TrustList() {
  return (
    <ul className="trust" part="trust">
      <li className="trust__item">
        <TrustIcon path="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z" />
        <Trans>Premium service</Trans>
      </li>
      <li className="trust__item">
        <TrustIcon path="M6 10V7a6 6 0 0 1 12 0v3M5 10h14v11H5z" />
        <Trans>Secure payment</Trans>
      </li>
      <li className="trust__item">
        <TrustIcon path="M4 12a8 8 0 1 0 16 0 8 8 0 0 0-16 0M9 12l2 2 4-4" />
        <Trans>Cancel anytime</Trans>
      </li>
    </ul>
  );
}

function TrustIcon({ path }: { path: string }) {
  return (
    <svg className="trust__icon" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}
