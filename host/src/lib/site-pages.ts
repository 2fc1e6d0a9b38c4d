import { isEnglishPath, localizedPath, stripBase, unlocalizedPath } from "../../../packages/contract/src/rules.ts";

/**
 * The site's page list, as app paths: the one list that the route table, the language rules, the sitemap and
 * robots.txt (the build writes it to site-pages.json for the server), the server rendering and the browser tests read.
 * It imports only the contract's rules (a module without imports of its own), so the build config and the browser
 * tests can read it as a file.
 */

/** Pages that exist in Dutch and, under /en, in English. */
export const BILINGUAL_PATHS = [
  "/",
  "/services",
  "/portfolio",
  "/pricing",
  "/contact",
  "/privacy-policy",
  "/terms",
  "/cookie-policy",
  // The withdrawal function (Consumer Rights Directive, Art. 11a): public, linked from every page's footer.
  "/withdraw",
] as const;

/**
 * Public pages that exist at one address and show in the visitor's chosen language (see
 * docs/decisions/0005-about-features-blog-bilingual.md); the blog's posts carry their own language.
 */
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

/**
 * The agency's desk, for staff only: Dutch at /desk, English at /en/desk, each with its views below it (the lead
 * inbox, a lead, customers, the audit log, staff, enrolment). It has its own layout and session and is rendered in
 * the browser.
 */
export const DESK_PATHS = ["/desk", "/en/desk"] as const;

/** True for /desk, /en/desk and every address below them. */
export function isDeskPath(appPath: string): boolean {
  return DESK_PATHS.some((root) => appPath === root || appPath.startsWith(`${root}/`));
}

/** An offer's page, the link of its mail: Dutch at /offer, English at /en/offer. */
export const OFFER_PATHS = ["/offer", "/en/offer"] as const;

/** Portal pages that search engines have no business crawling. */
export const PRIVATE_PATHS = [...SIGNED_IN_PATHS, "/reset-password", "/verify-email", "/secure-account", "/withdraw/undo", "/join", "/en/join", ...OFFER_PATHS, ...DESK_PATHS] as const;

/** True for an app path that needs a signed-in visitor: /dashboard and below, /subscribe, /subscription/…, /billing. */
export function needsSignIn(appPath: string): boolean {
  return SIGNED_IN_PATHS.some((prefix) => appPath === prefix.replace(/\/$/, "") || appPath.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
}

/**
 * The portal's pages: they depend on the visitor's session or on a mailed link's token, so the browser renders
 * them (a mail link opened in a browser without a session still gets the page that follows it).
 */
export const PORTAL_PATHS = [
  "/dashboard",
  "/dashboard/settings",
  "/dashboard/requests",
  "/subscribe",
  "/subscription/success",
  // 'Manage billing' and the payment-failed mail's 'pay now' (?pay=1).
  "/billing",
  "/reset-password",
  "/verify-email",
  "/secure-account",
  "/withdraw/undo",
  // An invitation to a company: Dutch at /join, English at /en/join.
  "/join",
  "/en/join",
  ...OFFER_PATHS,
] as const;

/** One of the company's requests, the page its mails link to: /dashboard/requests/{id}. */
const REQUEST_PAGE = /^\/dashboard\/requests\/[^/]+$/;

/** A blog article: /blog/{id}. */
const ARTICLE_PATH = /^\/blog\/[^/]+$/;

/** "/pricing/" → "/pricing"; "/" stays. */
const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path);

/**
 * True for the pages the server sends already rendered: every public page in each of its languages, the blog's
 * articles and the sign-in shells. Portal pages depend on the visitor's session and stay in the browser.
 */
export function isServerRenderedPath(appPath: string): boolean {
  const path = withoutTrailingSlash(appPath);
  return PUBLIC_PATHS.includes(path) || (AUTH_PATHS as readonly string[]).includes(path) || ARTICLE_PATH.test(path);
}

/**
 * What the server sends for an app path: a page it renders ("rendered"), the shell of a portal page that the
 * browser renders ("portal", the desk's views among them), or, for an address that is no page, the not-found page with status 404 ("missing";
 * below /dashboard/ the shell, because the portal's own not-found view sits behind its guards).
 */
export type PageKind = "rendered" | "portal" | "portal-missing" | "missing";

export function pageKindOf(appPath: string): PageKind {
  const path = withoutTrailingSlash(appPath);
  if (isServerRenderedPath(path)) return "rendered";
  if ((PORTAL_PATHS as readonly string[]).includes(path) || REQUEST_PAGE.test(path) || isDeskPath(path)) return "portal";
  return path.startsWith("/dashboard/") ? "portal-missing" : "missing";
}

/**
 * The page an English address stands for when that address is no page but the page exists once, in the visitor's
 * language (/en/about → /about, /en/login → /login, /en/blog/{id} → /blog/{id}, /en/dashboard → /dashboard): the server
 * sends a visitor there, in English. Null for every other address.
 */
export function singleAddressOf(appPath: string): string | null {
  const path = withoutTrailingSlash(appPath);
  if (!isEnglishPath(path) || pageKindOf(path) !== "missing") return null;
  const bare = unlocalizedPath(path);
  const kind = pageKindOf(bare);
  return kind === "rendered" || kind === "portal" ? bare : null;
}

/** Addresses on the site's origin that are not the app's: the API, the element bundle, the examples and files. */
export function isAppPath(appPath: string): boolean {
  return !/^\/(api|widgets|examples|server)(\/|$)/.test(appPath) && !/\.[a-z0-9]+$/i.test(appPath);
}

/**
 * The query parameters a server-rendered page reads, per app path; any other parameter (a campaign tag, a cache
 * buster) renders the same page, so the server renders and caches the page without it.
 */
const RENDERED_PARAMS: Readonly<Record<string, readonly string[]>> = { "/blog": ["page"] };

/** The address of the page the server renders for `url` (a path with base and query): its query cut to what the page reads. */
export function renderedPageUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const pathname = cut < 0 ? url : url.slice(0, cut);
  const kept = RENDERED_PARAMS[withoutTrailingSlash(stripBase(pathname))] ?? [];
  const params = new URLSearchParams(cut < 0 ? "" : url.slice(cut).replace(/#.*$/, ""));
  const query = new URLSearchParams();
  for (const name of kept) {
    const value = params.get(name);
    if (value !== null) query.set(name, value);
  }
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
