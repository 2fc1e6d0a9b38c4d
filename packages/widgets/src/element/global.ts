import { configure, getPageSettings } from "@agency/core";
import type { AgencyWidgetsGlobal } from "./public-types";

export type { AgencyWidgetsGlobal };

/**
 * Installs (or extends) `window.AgencyWidgets`; every entry calls this, so any one of them is enough. Its type
 * on `window` comes with the published declarations (types/agency-widgets.d.ts).
 */
export function installGlobal(extra: Partial<AgencyWidgetsGlobal> = {}): AgencyWidgetsGlobal {
  const current = window.AgencyWidgets ?? { version: __AGENCY_WIDGETS_VERSION__, configure, getSettings: getPageSettings };
  window.AgencyWidgets = Object.assign(current, extra);
  return current;
}
