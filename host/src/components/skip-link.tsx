import { Trans } from "@lingui/react/macro";

/** First focusable element of every page: jumps keyboard users past the navigation. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        // A plain "#main" href would change the URL hash inside the router; focusing is all that is wanted.
        event.preventDefault();
        document.getElementById("main")?.focus();
      }}
    >
      <Trans>Skip to main content</Trans>
    </a>
  );
}
