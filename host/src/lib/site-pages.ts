import { localizedPath } from "../../../packages/contract/src/rules.ts";

/**
 * The site's page list, as app paths: the one list that the route table, the language rules, the build's
 * sitemap (host/vite.config.ts), the server rendering and the browser tests read. It imports only the contract's
 * rules (a module without imports of its own), so the build config and the browser tests can read it as a file.
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

/** Every public page at a fixed path, in each of its languages (the blog's articles come on top). */
export const PUBLIC_PATHS: readonly string[] = [
  ...BILINGUAL_PATHS,
  ...BILINGUAL_PATHS.map((path) => localizedPath(path, "en")),
  ...SINGLE_LANGUAGE_PATHS,
];

/** The sign-in pages whose shell (headings, text, the element's reserved box) is public too. */
export const AUTH_PATHS = ["/login", "/register", "/forgot-password"] as const;

/** Pages only a signed-in visitor sees (the others are sent to the login page). */
export const SIGNED_IN_PATHS = ["/dashboard", "/subscribe", "/subscription/", "/billing"] as const;

/** Portal pages that search engines have no business crawling. */
export const PRIVATE_PATHS = [...SIGNED_IN_PATHS, "/reset-password", "/verify-email"] as const;

/** True for an app path that needs a signed-in visitor: /dashboard and below, /subscribe, /subscription/…, /billing. */
export function needsSignIn(appPath: string): boolean {
  return SIGNED_IN_PATHS.some((prefix) => appPath === prefix.replace(/\/$/, "") || appPath.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
}

/** A blog article: /blog/{id}. */
const ARTICLE_PATH = /^\/blog\/[^/]+$/;

/**
 * True for the pages the server sends already rendered: every public page in each of its languages, the blog's
 * articles and the sign-in shells. Portal pages depend on the visitor's session and stay in the browser.
 */
export function isServerRenderedPath(appPath: string): boolean {
  const path = appPath.length > 1 ? appPath.replace(/\/+$/, "") : appPath;
  return PUBLIC_PATHS.includes(path) || (AUTH_PATHS as readonly string[]).includes(path) || ARTICLE_PATH.test(path);
}
