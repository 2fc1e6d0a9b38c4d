import type { ConsentChoice } from "./consent";

/**
 * Google's Consent Mode v2, for pages that use Google tags (gtag.js or Tag Manager): every storage starts denied,
 * and the visitor's choice grants what they allowed. Analytics consent grants `analytics_storage`; marketing consent
 * grants the three advertising signals. A page without `gtag` or a `dataLayer` gets nothing.
 */

type Gtag = (...args: unknown[]) => void;
type TagWindow = Window & { gtag?: unknown; dataLayer?: unknown; [DEFAULT_SENT]?: boolean };

const DEFAULT_SENT = "__agencyConsentModeDefault__";
/** How long tags wait for the stored choice before they go ahead with the default (Google's recommended 500 ms). */
export const WAIT_FOR_UPDATE_MS = 500;

/** The page's gtag, or one that writes to its dataLayer the way gtag.js does (its queue reads `arguments` objects). */
function pageGtag(): Gtag | null {
  const w = window as TagWindow;
  if (typeof w.gtag === "function") return w.gtag as Gtag;
  const layer = w.dataLayer;
  if (!Array.isArray(layer)) return null;
  return function gtag() {
    // oxlint-disable-next-line prefer-rest-params -- gtag.js and Tag Manager read `arguments` objects, not arrays.
    layer.push(arguments);
  };
}

function signals({ analytics, marketing }: ConsentChoice) {
  const state = (granted: boolean) => (granted ? "granted" : "denied");
  return {
    analytics_storage: state(analytics),
    ad_storage: state(marketing),
    ad_user_data: state(marketing),
    ad_personalization: state(marketing),
  };
}

/**
 * `consent default`: everything denied, waiting for the stored choice. Once per page (another copy of the bundle
 * shares the mark on window), and before any tag the page starts after the bundle.
 */
export function setConsentModeDefault(): void {
  const w = window as TagWindow;
  const gtag = pageGtag();
  if (!gtag || w[DEFAULT_SENT]) return;
  w[DEFAULT_SENT] = true;
  gtag("consent", "default", { ...signals({ analytics: false, marketing: false }), wait_for_update: WAIT_FOR_UPDATE_MS });
}

/** `consent update` from the visitor's choice: at load when one is stored, and on every change. */
export function updateConsentMode(choice: ConsentChoice): void {
  const gtag = pageGtag();
  if (!gtag) return;
  setConsentModeDefault();
  gtag("consent", "update", signals(choice));
}
