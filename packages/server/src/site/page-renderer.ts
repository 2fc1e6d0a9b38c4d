import { access } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { basePathFrom, isEnglishPath, isLocale, LANGUAGE_PARAM, languageFromCookie, stripBase, type Locale } from "@agency/contract";
import type { FastifyInstance } from "fastify";
import { blogContentVersion } from "../blog/sync";
import { LruCache } from "../lib/lru-cache";
import { HOST_PAGE_CSP } from "../plugins/security";
import { pageDocument, withScriptHashes, type DocumentScripts, type RenderedPage } from "./page-document";
import { renderedShell } from "./site-shell";

/** How the server answers an app path (host/src/lib/site-pages.ts): rendered, the portal's shell, or no page. */
export type PageKind = "rendered" | "portal" | "portal-missing" | "missing";

type RenderResult =
  | ({ kind: "page" } & RenderedPage)
  | { kind: "redirect"; status: number; location: string }
  | { kind: "browser" };

/**
 * The site's server entry as the host build writes it (host/dist/server/entry-server.js, from
 * host/src/entry-server.tsx). Only the part the server calls is described here.
 */
interface ServerEntry {
  render(
    path: string,
    origin: string,
    serverData: { get(path: string, locale: string): Promise<{ status: number; body: unknown }> },
    preferred?: Locale,
  ): Promise<RenderResult>;
  pageKindOf(appPath: string): PageKind;
  /** The address the page at a URL is rendered from: its path with only the query parameters the page reads. */
  renderedPageUrl(url: string): string;
  documentScripts: DocumentScripts;
}

/** A finished document, as sent, with its compressed forms made on first demand. */
export interface PageBody {
  html: Buffer;
  encoded(encoding: "br" | "gzip"): Promise<Buffer>;
}

export type PageAnswer =
  | { kind: "page"; status: number; csp: string; body: PageBody }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "browser" };

export interface PageRenderer {
  /** How the server answers this app path (no base, no query), or null when there is no server entry. */
  kindOf(appPath: string): Promise<PageKind | null>;
  /**
   * The answer for the page at `url` (with base and query), or null when the entry is missing or failed. `cookie`
   * is the request's Cookie header: a page that exists once is rendered in the language it names.
   */
  answer(url: string, cookie?: string): Promise<PageAnswer | null>;
}

/**
 * Finished pages kept per content version. The site's own pages (no preview base, no query) are a few dozen plus
 * the articles; addresses with a preview base or a query the page reads (the blog's ?page=) are kept apart, so
 * no stream of made-up addresses can push the site's pages out. A page that is not found is not kept.
 */
const PAGES_LIMIT = 1000;
const VARIANTS_LIMIT = 200;

const compress = {
  br: (html: Buffer) =>
    promisify(brotliCompress)(html, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length },
    }),
  gzip: (html: Buffer) => promisify(gzip)(html, { level: 9 }),
};

function pageBody(text: string): PageBody {
  const html = Buffer.from(text, "utf8");
  const encoded = new Map<"br" | "gzip", Promise<Buffer>>();
  return {
    html,
    encoded(encoding) {
      let result = encoded.get(encoding);
      if (!result) {
        result = compress[encoding](html);
        encoded.set(encoding, result);
      }
      return result;
    },
  };
}

/** The visitor's chosen language: a link's `?lang=` (a mail's, an element's), else the language cookie. */
function chosenLanguage(url: string, cookie: string | undefined): Locale | undefined {
  const query = url.includes("?") ? new URLSearchParams(url.slice(url.indexOf("?") + 1).replace(/#.*$/, "")) : undefined;
  const linked = query?.get(LANGUAGE_PARAM);
  return isLocale(linked) ? linked : languageFromCookie(cookie);
}

/**
 * Loads the server entry on first use and renders pages with it. Loaders fetch their data with `app.inject`, the
 * same API in the same process. The finished document is cached until the blog's content is synced again (the
 * API's own answers are cached the same way), so a post added after the build is rendered on its first request;
 * a new build of the site needs a restart, as the entry itself is loaded once per process.
 */
export function createPageRenderer(app: FastifyInstance, options: { serverEntry: string; hostDist: string }): PageRenderer {
  // Loaded once per process: its chunks import the entry by its plain URL, so it must not be loaded under another.
  let loaded: Promise<{ entry: ServerEntry; csp: string } | null> | undefined;
  const pages = new LruCache<string, PageAnswer>(PAGES_LIMIT);
  const variants = new LruCache<string, PageAnswer>(VARIANTS_LIMIT);
  const inFlight = new Map<string, Promise<PageAnswer | null>>();
  let cacheVersion = -1;

  async function load(): Promise<{ entry: ServerEntry; csp: string } | null> {
    if (loaded) return loaded;
    try {
      await access(options.serverEntry);
    } catch {
      return null;
    }
    loaded = (import(pathToFileURL(options.serverEntry).href) as Promise<ServerEntry>).then(
      (entry) => ({ entry, csp: withScriptHashes(HOST_PAGE_CSP, entry.documentScripts) }),
      (error: unknown) => {
        app.log.error({ err: error }, "the site's server entry could not be loaded; pages are rendered in the browser");
        return null;
      },
    );
    return loaded;
  }

  const serverData = {
    async get(path: string, locale: string) {
      const response = await app.inject({ method: "GET", url: `/api${path}`, headers: { "accept-language": locale } });
      let body: unknown = null;
      try {
        body = response.json();
      } catch {
        body = null;
      }
      return { status: response.statusCode, body };
    },
  };

  async function renderPage(site: { entry: ServerEntry; csp: string }, pageUrl: string, preferred?: Locale): Promise<PageAnswer | null> {
    const pathname = pageUrl.replace(/[?#].*$/, "");
    const basePath = basePathFrom(pathname);
    const appPath = stripBase(pathname, basePath);
    try {
      const result = await site.entry.render(pageUrl, new URL(app.config.publicUrl).origin, serverData, preferred);
      app.metrics.pageRenders.inc({ result: "render" });
      if (result.kind !== "page") return result;
      const shell = await renderedShell(options.hostDist, basePath, appPath);
      // The language guard belongs to the English duplicates of the site's pages, not to an English not-found page.
      const guarded = isEnglishPath(appPath) && site.entry.pageKindOf(appPath) === "rendered";
      const html = pageDocument(shell, result, site.entry.documentScripts, guarded);
      return { kind: "page", status: result.status, csp: site.csp, body: pageBody(html) };
    } catch (error) {
      app.metrics.pageRenders.inc({ result: "failed" });
      app.log.error({ err: error, path: pageUrl }, "server rendering failed; the page is rendered in the browser");
      return null;
    }
  }

  return {
    async kindOf(appPath) {
      return (await load())?.entry.pageKindOf(appPath) ?? null;
    },
    async answer(url, cookie) {
      const site = await load();
      if (!site) return null;
      const version = blogContentVersion();
      if (version !== cacheVersion) {
        pages.clear();
        variants.clear();
        cacheVersion = version;
      }
      const pageUrl = site.entry.renderedPageUrl(url);
      const preferred = chosenLanguage(url, cookie);
      // One document per language chosen: the pages that exist once differ by it (the others render the same).
      const key = preferred ? `${pageUrl} ${preferred}` : pageUrl;
      const cache = pageUrl.includes("?") || basePathFrom(pageUrl) !== "/" ? variants : pages;
      const cached = cache.get(key);
      if (cached) {
        app.metrics.pageRenders.inc({ result: "hit" });
        return cached;
      }
      let rendering = inFlight.get(key);
      if (!rendering) {
        rendering = renderPage(site, pageUrl, preferred).finally(() => inFlight.delete(key));
        inFlight.set(key, rendering);
      }
      const answer = await rendering;
      // Kept: pages that exist and redirects; not kept: not-found pages (any made-up address is one) and failures.
      if (answer && (answer.kind !== "page" || answer.status === 200) && blogContentVersion() === cacheVersion) {
        cache.set(key, answer);
      }
      return answer;
    },
  };
}
