/**
 * The public pages, as app paths. Kept free of imports: the route table, the language rules and the build's
 * sitemap (host/vite.config.ts) all read it.
 */

/** Pages that exist in Dutch and, under /en, in English (spec §2). */
export const BILINGUAL_PATHS = [
  "/",
  "/services",
  "/portfolio",
  "/pricing",
  "/contact",
  "/privacy-policy",
  "/terms",
  "/cookie-policy",
] as const;

/** Public pages that exist once (About and Features are English only; the blog's posts are English). */
export const SINGLE_LANGUAGE_PATHS = ["/about", "/features", "/blog"] as const;

/** Portal pages that search engines have no business crawling. */
export const PRIVATE_PATHS = ["/dashboard", "/subscribe", "/subscription/", "/reset-password"] as const;
