import { basePathFrom, DEFAULT_LOCALE, LANGUAGE_PARAM, type Locale, stripBase } from "@agency/contract";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app/app";
import { i18nForRender } from "./lib/i18n";
import { localeForPath } from "./lib/language";
import { SiteAddressContext } from "./lib/site-address";
import { ROUTER_DATA_ID, type RouterData } from "./lib/router-data";
import { languageGuardScript } from "./lib/language-guard-script";
import type { ServerContext, ServerData } from "./lib/server-data";
import { isServerRenderedPath, pageKindOf, renderedPageUrl, singleAddressOf } from "./lib/site-pages";
import { routes } from "./routes";
import { bootScript } from "./runtime";

/**
 * The site's server entry (built with `vite build --ssr` into dist/server/entry-server.js, loaded by the API
 * server): React Router's static handler runs the matched routes' loaders, and react-dom/server renders the page.
 * The browser then hydrates the same routes with the same loader data (main.tsx).
 */

export { isServerRenderedPath, pageKindOf, renderedPageUrl };

export { ROUTER_DATA_ID };

/**
 * The inline scripts of a rendered page, as the server writes them (its Content-Security-Policy allows each by
 * its hash): the language guard, first in the head of English pages, and the boot script at the end of the body.
 */
export const documentScripts = { languageGuard: languageGuardScript(), boot: bootScript() };

export type RenderResult =
  | {
      kind: "page";
      status: number;
      lang: Locale;
      /** <title>, <meta> and <link> tags for <head>. */
      head: string;
      /** The markup of #root. */
      body: string;
      /** The loader data for hydration, as JSON safe to put inside a <script> element. */
      data: string;
    }
  | { kind: "redirect"; status: number; location: string }
  /** Not a page the server renders (the portal's pages): the browser renders it. */
  | { kind: "browser" };

/** Hoisted document metadata (title, meta, link) that React writes ahead of the page's markup. */
const HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta\s[^>]*>|<link\s[^>]*>)+/;

/** JSON for an HTML <script> element: no "</script>" or "<!--" can end or confuse it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/**
 * Renders the page at `path` (with any preview base and the query) for the site at `origin`, its public address.
 * `serverData` answers the loaders' API calls. A page that exists once is rendered in `preferred`, the visitor's
 * chosen language, when one is known. An address that is no page is rendered as the not-found page, with status
 * 404, in the language of its path.
 */
export async function render(path: string, origin: string, serverData: ServerData, preferred?: Locale): Promise<RenderResult> {
  const url = new URL(path, origin).href;
  const { pathname } = new URL(url);
  const appPath = stripBase(pathname);
  const kind = pageKindOf(appPath);
  if (kind === "portal" || kind === "portal-missing") return { kind: "browser" };

  const base = basePathFrom(pathname);
  // An English address of a page that exists once (/en/about, /en/login): that page, in English.
  const single = singleAddressOf(appPath);
  if (single) return { kind: "redirect", status: 301, location: `${base}${single.slice(1)}?${LANGUAGE_PARAM}=en` };
  // The page's language, decided once for the request and passed down: to the loaders, and to the render's own
  // Lingui instance. Nothing is shared between requests, so renders may overlap, and the render itself may wait.
  const locale = localeForPath(appPath, preferred ?? DEFAULT_LOCALE);
  const server: ServerContext = { get: serverData.get.bind(serverData), locale };
  const handler = createStaticHandler(routes, { basename: base.replace(/(.)\/$/, "$1") });
  const context = await handler.query(new Request(url), { requestContext: { server } });
  if (context instanceof Response) {
    const location = context.headers.get("location");
    return location ? { kind: "redirect", status: context.status, location } : { kind: "browser" };
  }
  // A loader that failed outright: the browser renders the page and its error screen itself.
  if (context.errors) return { kind: "browser" };

  const router = createStaticRouter(handler.dataRoutes, context);
  // After the query: the matched pages' modules, and with them their catalogs, are loaded.
  const markup = renderToString(
    <AppProviders i18n={i18nForRender(locale)}>
      <SiteAddressContext value={{ origin, base }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteAddressContext>
    </AppProviders>,
  );
  const head = HEAD_TAGS.exec(markup)?.[0] ?? "";
  const data: RouterData = { locale, site: { origin, base }, loaderData: context.loaderData, actionData: context.actionData };
  return {
    kind: "page",
    status: context.statusCode,
    lang: locale,
    head,
    body: markup.slice(head.length),
    data: scriptJson(data),
  };
}
