import { sessionFor, useSession, type SessionSnapshot } from "@agency/core";
import { useElement } from "./element-context";

// Apart from the element factory: only the elements with a session (login, subscribe, settings) load the session
// store, so the quote form, the pricing table and the cookie banner do not carry it.

/**
 * The customer session of the element's API: the site's on the agency's own origin, the elements' own keys on any
 * other page (see @agency/core's storagePrefixFor).
 */
export function useElementSession(): SessionSnapshot {
  return useSession(sessionFor(useElement().settings.apiBase));
}
