import { configure, getPageSettings, type AgencySettings } from "@agency/core";
import type { AgencyConsentRecord } from "../events";

/** Page-wide settings for every element; an element's `locale` and `api-base` attributes override them. */
export interface AgencyWidgetsSettings extends AgencySettings {}

/** `window.AgencyWidgets`, installed by every entry of the bundle. */
export interface AgencyWidgetsGlobal {
  /** The exact version of the bundle that installed this object, e.g. "1.0.0" (the one at /widgets/1.0.0/). */
  readonly version: string;
  /** Merges these settings into the page's; every element re-renders with them. */
  configure(settings: AgencyWidgetsSettings): AgencyWidgetsSettings;
  /** The page's settings as configured so far. */
  getSettings(): AgencyWidgetsSettings;
  /** With agency-cookie-banner loaded: reopens the cookie choices. */
  openCookieSettings?(): void;
  /** With agency-cookie-banner loaded: the visitor's decision that counts, or null. */
  getConsent?(): AgencyConsentRecord | null;
}

/**
 * Installs (or extends) `window.AgencyWidgets`; every entry calls this, so any one of them is enough. Its type
 * on `window` is declared in public-api.ts.
 */
export function installGlobal(extra: Partial<AgencyWidgetsGlobal> = {}): AgencyWidgetsGlobal {
  const current = window.AgencyWidgets ?? { version: __AGENCY_WIDGETS_VERSION__, configure, getSettings: getPageSettings };
  window.AgencyWidgets = Object.assign(current, extra);
  return current;
}
