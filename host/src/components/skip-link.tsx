import { island } from "../islands/island";
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

/** The skip link as an island of a server-rendered page (islands/island.tsx). */
export const SkipLinkIsland = island("skip-link", SkipLink);
