/**
 * The rendering runtime of the public pages: everything a page the server sent needs in the browser, and the
 * markup and inline script the server writes for it. The site's code uses it through this file only; the runtime
 * uses nothing of the app (the entry hands it the site's islands and a loader of the whole app), and nothing in
 * lib/ uses the runtime (scripts/check-boundaries.mjs holds both).
 *
 * - Islands: `defineIslands` declares the site's islands (name, when it hydrates, its code) and gives the
 *   `<Island>` that marks one in the server's HTML; `startIslands` hydrates them in the browser.
 * - Take-over: the first navigation loads the whole app (`AppModule`), which hydrates the page and navigates.
 * - Navigation without the router: `SiteNavigationContext`, `useSiteNavigation`, `SiteLink`, and
 *   `followSiteLinks`, which follows the site's links and the elements' `agency-navigate` inside the app.
 * - The boot script (`bootScript`): starts the entry after the first paint and keeps the clicks made before the
 *   islands answer (`markPageLive` tells it they do).
 */
export { bootScript } from "./boot-script";
export { defineIslands, markPageLive, type IslandDeclaration, type Islands, type IslandWhen } from "./island";
export { followSiteLinks } from "./link-navigation";
export { SiteLink, SiteNavigationContext, useSiteNavigation, type SiteNavigation } from "./site-navigation";
export { startIslands } from "./start-islands";
export type { AppModule, RunningApp } from "./take-over";
