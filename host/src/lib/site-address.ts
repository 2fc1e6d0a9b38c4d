import { basePathFrom } from "@agency/contract";
import { createContext, useContext } from "react";

/** Where the site is served: its origin and base path ("/" or "/preview/{first}/{second}/"). */
export interface SiteAddress {
  origin: string;
  base: string;
}

/**
 * The site's address for links, canonical and Open Graph tags. The server provides the request's; without a
 * provider (the browser's own render, tests) it is read from the window.
 */
export const SiteAddressContext = createContext<SiteAddress | null>(null);

export function useSiteAddress(): SiteAddress {
  const provided = useContext(SiteAddressContext);
  if (provided) return provided;
  return { origin: window.location.origin, base: basePathFrom(window.location.pathname) };
}
