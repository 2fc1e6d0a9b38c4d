import { access } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { blogContentVersion } from "../blog/sync";

/**
 * The site's server entry as the host build writes it (host/dist/server/entry-server.js, from
 * host/src/entry-server.tsx): it renders a public page with React Router's static handler and react-dom/server.
 * Only the part the server calls is described here.
 */
export type RenderResult =
  | { kind: "page"; status: number; lang: string; head: string; body: string; data: string }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "browser" };

interface ServerEntry {
  render(
    path: string,
    origin: string,
    serverData: { get(path: string, locale: string): Promise<{ status: number; body: unknown }> },
  ): Promise<RenderResult>;
  isServerRenderedPath(appPath: string): boolean;
}

export interface PageRenderer {
  /** True when the page at this app path (no base, no query) is one the server renders. */
  rendersPath(appPath: string): Promise<boolean>;
  /** The rendered page at `path` (with base and query), or null when the entry is missing or failed. */
  render(path: string): Promise<RenderResult | null>;
}

/** Pages kept per content version; a site has a few dozen, a preview base or query string adds some. */
const CACHE_LIMIT = 500;

/**
 * Loads the server entry on first use and renders pages with it. Loaders fetch their data with `app.inject`, the
 * same API in the same process. A rendered page is cached until the blog's content is synced again (the API's own
 * answers are cached the same way), so a post added after the build is rendered on its first request.
 */
export function createPageRenderer(app: FastifyInstance, serverEntry: string): PageRenderer {
  // Loaded once per process: its chunks import the entry by its plain URL, so it must not be loaded under another.
  let loaded: Promise<ServerEntry | null> | undefined;
  const cache = new Map<string, RenderResult>();
  let cacheVersion = -1;

  async function entry(): Promise<ServerEntry | null> {
    if (loaded) return loaded;
    try {
      await access(serverEntry);
    } catch {
      return null;
    }
    loaded = (import(pathToFileURL(serverEntry).href) as Promise<ServerEntry>).catch((error: unknown) => {
      app.log.error({ err: error }, "the site's server entry could not be loaded; pages are rendered in the browser");
      return null;
    });
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

  return {
    async rendersPath(appPath) {
      return (await entry())?.isServerRenderedPath(appPath) ?? false;
    },
    async render(path) {
      const site = await entry();
      if (!site) return null;
      const version = blogContentVersion();
      if (version !== cacheVersion) {
        cache.clear();
        cacheVersion = version;
      }
      const cached = cache.get(path);
      if (cached) {
        app.metrics.pageRenders.inc({ result: "hit" });
        return cached;
      }
      try {
        const result = await site.render(path, new URL(app.config.publicUrl).origin, serverData);
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(path, result);
        app.metrics.pageRenders.inc({ result: "render" });
        return result;
      } catch (error) {
        app.metrics.pageRenders.inc({ result: "failed" });
        app.log.error({ err: error, path }, "server rendering failed; the page is rendered in the browser");
        return null;
      }
    },
  };
}
