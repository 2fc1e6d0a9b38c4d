import type { Locale } from "@agency/contract";
import type { SiteAddress } from "./site-address";

/** The id of the <script type="application/json"> that carries a server-rendered page's data to the browser. */
export const ROUTER_DATA_ID = "router-data";

/** What the server puts beside a page it rendered, for the browser to hydrate the same page with. */
export interface RouterData {
  /** The language the page was rendered in. */
  locale: Locale;
  /** The site's address the page was rendered for (its canonical and Open Graph links). */
  site: SiteAddress;
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
}

/** The data of the page the server rendered, or null on a page the browser renders itself (the portal). */
export function readRouterData(): RouterData | null {
  const text = document.getElementById(ROUTER_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as RouterData) : null;
}
