/**
 * The custom elements of a page the server sent. Each is defined when its reserved box comes near the viewport,
 * so the first screen has the main thread to itself and an element further down (the home page's pricing table)
 * costs nothing until the visitor scrolls towards it. The cookie banner is defined at once: it shows after its
 * own one-second delay.
 */
import { whenNearView } from "./near-view";

const ON_VIEW: Readonly<Record<string, () => Promise<unknown>>> = {
  "agency-pricing": () => import("@agency/widgets/agency-pricing.js"),
  "agency-quote-form": () => import("@agency/widgets/agency-quote-form.js"),
  "agency-login": () => import("@agency/widgets/agency-login.js"),
};

const defineCookieBanner = () => import("@agency/widgets/agency-cookie-banner.js");

/** How far below (or above) the viewport an element's box may be when its definition starts loading. */
const NEAR_VIEW = "600px 0px";

const define = (tag: string) =>
  ON_VIEW[tag]?.().catch((error: unknown) => console.error(`${tag} could not be loaded`, error));

export function defineElements(root: ParentNode): void {
  if (root.querySelector("agency-cookie-banner")) {
    void defineCookieBanner().catch((error: unknown) => console.error("agency-cookie-banner could not be loaded", error));
  }
  for (const tag of Object.keys(ON_VIEW)) {
    if (customElements.get(tag)) continue;
    for (const element of root.querySelectorAll(tag)) void whenNearView(element, NEAR_VIEW, () => void define(tag));
  }
}
