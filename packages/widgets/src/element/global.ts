import { configure, getPageSettings } from "@agency/core";

/** What `window.AgencyWidgets` offers a page. Elements may add their own public calls (see register.ts). */
export interface AgencyWidgetsGlobal {
  configure: typeof configure;
  getSettings: typeof getPageSettings;
  [extra: string]: unknown;
}

declare global {
  interface Window {
    AgencyWidgets?: AgencyWidgetsGlobal;
  }
}

/** Installs (or extends) `window.AgencyWidgets`; every entry calls this, so any one of them is enough. */
export function installGlobal(extra: Record<string, unknown> = {}): AgencyWidgetsGlobal {
  const current = window.AgencyWidgets ?? { configure, getSettings: getPageSettings };
  window.AgencyWidgets = Object.assign(current, extra);
  return current;
}
