import { FaqAccordion } from "./components/content/faq-accordion";
import { SiteHeader } from "./components/site-header";
import { SkipLink } from "./components/skip-link";
import { defineIslands } from "./runtime";

/**
 * Every island of the site, declared here once: its name (what the server's HTML marks it with), when the browser
 * hydrates it, and its code as the browser loads it. The ones on (nearly) every public page come with the site's
 * entry; a page's own island is a chunk of its own with the page's texts. A page renders one with
 * `<Island name="…" component={…} props={…} />`.
 */
export const siteIslands = defineIslands({
  "skip-link": { when: "load", load: async () => SkipLink },
  "site-header": { when: "load", load: async () => SiteHeader },
  faq: { when: "idle", load: async () => FaqAccordion },
  "blog-pagination": { when: "idle", load: async () => (await import("./pages/blog/blog-pagination")).BlogPagination },
  "withdrawal-form": { when: "load", load: async () => (await import("./pages/withdraw/withdrawal-form")).WithdrawalForm },
});

export const { Island } = siteIslands;
