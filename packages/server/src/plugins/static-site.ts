import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { basePathFrom, isEnglishPath, unlocalizedPath } from "@agency/contract";
import { HOST_PAGE_CSP, stripPreview } from "./security";
import { packageRoot, repoRoot } from "../paths";
import { IMMUTABLE, NO_CACHE, inside, isDir, isFile, isHashedFile, notBuilt, sendFrom } from "../lib/static-files";
import widgetsPlugin from "./widgets";
import { createPageRenderer, type RenderResult } from "../site/page-renderer";

export interface StaticSiteOptions {
  /** Build of the host SPA (default `<repo>/host/dist`). */
  hostDist?: string;
  /** Build of the element bundle, served at /widgets/ (default `<repo>/packages/widgets/dist`). */
  widgetsDist?: string;
  /** Earlier builds of the bundle, one folder per version (default `<repo>/packages/widgets/releases`). */
  widgetsReleases?: string;
  /** Example pages, served at /examples/ (default `<repo>/examples`). */
  examplesDir?: string;
  /**
   * The site's server entry, which renders the public pages (default `<hostDist>/server/entry-server.js`). Without
   * it every page is the browser-rendered shell.
   */
  serverEntry?: string;
}

/**
 * Policy of the example pages: they stand for a partner page that locks itself down. Scripts and styles are files
 * on their own origin, and the bundle and API are on this origin too. scripts/serve-examples.mjs serves the same
 * pages as a partner would, with the agency's origin added to script-src, connect-src and img-src.
 */
export const EXAMPLES_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The host is built with relative asset URLs ("./assets/…") so one build serves "/" and every preview base.
 * For a deep route (/en/pricing) those would resolve under the route, so index.html is sent with its "./"
 * prefixes replaced by the request's base path.
 */
const indexCache = new Map<string, { mtimeMs: number; html: string }>();
async function readCached(file: string): Promise<string | null> {
  let mtimeMs: number;
  try {
    ({ mtimeMs } = await stat(file));
  } catch {
    return null;
  }
  let cached = indexCache.get(file);
  if (!cached || cached.mtimeMs !== mtimeMs) {
    cached = { mtimeMs, html: await readFile(file, "utf8") };
    indexCache.set(file, cached);
  }
  return cached.html;
}

type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

/** The page's own chunks and CSS (host build's route-preloads.json) for an app path such as /en/pricing. */
async function preloadsFor(hostDist: string, appPath: string): Promise<{ js: string[]; css: string[] } | undefined> {
  const json = await readCached(path.join(hostDist, "route-preloads.json"));
  if (!json) return undefined;
  const preloads = JSON.parse(json) as RoutePreloads;
  const bare = unlocalizedPath(appPath).replace(/\/+$/, "") || "/";
  return preloads[bare] ?? (bare.startsWith("/blog/") ? preloads["/blog/*"] : undefined);
}

async function indexHtmlFor(hostDist: string, basePath: string, appPath: string): Promise<string> {
  const html = (await readCached(path.join(hostDist, "index.html"))) ?? "";
  const preloads = await preloadsFor(hostDist, appPath);
  const links = preloads
    ? [
        ...preloads.css.map((f) => `<link rel="stylesheet" crossorigin href="./${f}">`),
        ...preloads.js.map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`),
      ].join("")
    : "";
  return html.replace("</head>", `${links}</head>`).replace(/\b(src|href)="\.\//g, `$1="${basePath}`);
}

/**
 * The site's stylesheets written into the page instead of linked: a rendered page is painted as soon as its HTML
 * has arrived, without waiting for another request (the page policy allows inline styles, not inline script).
 */
async function inlineStylesheets(html: string, hostDist: string, basePath: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g)];
  let result = html;
  for (const [tag, href] of links) {
    const file = href!.startsWith(basePath) ? inside(hostDist, `/${href!.slice(basePath.length)}`) : null;
    const css = file ? await readCached(file) : null;
    if (css !== null && !css.includes("</")) result = result.replace(tag, () => `<style>${css}</style>`);
  }
  return result;
}

/** The shell with a page the server rendered: its language, document metadata, markup and loader data. */
function renderedPageHtml(shell: string, page: Extract<RenderResult, { kind: "page" }>, basePath: string, english: boolean): string {
  // On English pages the language guard runs before anything is painted: a blocking script file, no inline code.
  const guard = english ? `<script src="${basePath}language-guard.js"></script>` : "";
  // Replaced through functions: the page's text may hold "$&" and the like, which a replacement string would expand.
  return shell
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.lang}"`)
    .replace(/(<meta charset="[^"]*"\s*\/?>)/i, (charset) => `${charset}${guard}`)
    .replace("</head>", () => `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.body}</div><script type="application/json" id="router-data">${page.data}</script>`,
    );
}

/**
 * The site is served by the API's process: the host SPA (with fallback to index.html for client-side routes),
 * the element bundle at /widgets/ (plugins/widgets.ts) and the example pages at /examples/, also under /preview/{first}/{second}/.
 */
async function staticSitePlugin(app: FastifyInstance, opts: StaticSiteOptions) {
  const hostDist = path.resolve(opts.hostDist ?? path.join(repoRoot, "host/dist"));
  const examplesDir = path.resolve(opts.examplesDir ?? path.join(repoRoot, "examples"));
  const serverDir = path.join(hostDist, "server");
  const pages = createPageRenderer(app, path.resolve(opts.serverEntry ?? path.join(hostDist, "server/entry-server.js")));

  // serve:false: we only want reply.sendFile (ETag, Range, content types); routing is ours.
  // preCompressed: send file.br / file.gz (written by scripts/precompress.mjs after the build) when the browser
  // accepts them, so JavaScript is compressed once at build time instead of on every request.
  await app.register(fastifyStatic, { root: packageRoot, serve: false, preCompressed: true });

  // The bundle's own routes (/widgets/…, also under a preview base) take precedence over the catch-all below.
  await app.register(widgetsPlugin, {
    dist: opts.widgetsDist ?? path.join(repoRoot, "packages/widgets/dist"),
    releases: opts.widgetsReleases ?? path.join(repoRoot, "packages/widgets/releases"),
  });

  const notFound = (reply: FastifyReply) => reply.sendError(404, "not_found");

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    // The host's assets are relative URLs, so a preview base must end in "/" for them to resolve.
    const requestPath = request.url.split("?")[0] || "/";
    const basePath = basePathFrom(requestPath);
    if (basePath !== "/" && requestPath === basePath.slice(0, -1)) return reply.redirect(basePath, 301);
    const pathname = stripPreview(request.url) || "/";

    if (pathname === "/api" || pathname.startsWith("/api/")) return notFound(reply);

    // Demo pages are no part of a production site unless asked for (EXAMPLES=on).
    if (app.config.examples && (pathname === "/examples" || pathname.startsWith("/examples/"))) {
      let rel = pathname.slice("/examples".length) || "/";
      if (rel.endsWith("/")) rel += "index.html";
      const file = inside(examplesDir, rel);
      if (!file || !(await isFile(file))) return notFound(reply);
      if (file.endsWith(".html")) reply.header("content-security-policy", EXAMPLES_CSP);
      return sendFrom(reply, examplesDir, file, NO_CACHE);
    }

    if (!(await isDir(hostDist))) {
      if (request.headers.accept?.includes("text/html")) return notBuilt(reply, "The site", "npm run build");
      return notFound(reply);
    }
    const sendIndex = async () =>
      reply
        .header("content-security-policy", HOST_PAGE_CSP)
        .header("cache-control", NO_CACHE)
        .type("text/html; charset=utf-8")
        .send(await indexHtmlFor(hostDist, basePath, pathname));

    // The server entry is code for this process, never a file for browsers. Judged by the file the path resolves to
    // (decoded and normalised), so "/%73erver/…", "/server%2F…" and "/assets/../server/…" are refused as well.
    const resolved = inside(hostDist, pathname);
    if (resolved === serverDir || resolved?.startsWith(serverDir + path.sep)) return notFound(reply);

    // Public pages arrive rendered; the browser hydrates them.
    if (!path.extname(pathname) && (await pages.rendersPath(pathname))) {
      const page = await pages.render(request.url);
      if (page?.kind === "redirect") return reply.redirect(page.location, page.status);
      if (page?.kind === "page") {
        const shell = await inlineStylesheets(await indexHtmlFor(hostDist, basePath, pathname), hostDist, basePath);
        return reply
          .code(page.status)
          .header("content-security-policy", HOST_PAGE_CSP)
          .header("cache-control", NO_CACHE)
          .type("text/html; charset=utf-8")
          .send(renderedPageHtml(shell, page, basePath, isEnglishPath(pathname)));
      }
    }

    const file = pathname.endsWith("/") ? null : inside(hostDist, pathname);
    if (file && (await isFile(file))) {
      if (file === path.join(hostDist, "index.html")) return sendIndex();
      if (file.endsWith(".html")) reply.header("content-security-policy", HOST_PAGE_CSP);
      const cache = file.includes(`${path.sep}assets${path.sep}`) && isHashedFile(file) ? IMMUTABLE : NO_CACHE;
      return sendFrom(reply, hostDist, file, cache);
    }
    // Client-side routes (/pricing, /en/contact, /blog/x …) all load the SPA; a missing .js stays a 404.
    if (request.headers.accept?.includes("text/html") && !path.extname(pathname)) {
      const index = path.join(hostDist, "index.html");
      if (!(await isFile(index))) return notBuilt(reply, "The site", "npm run build");
      return sendIndex();
    }
    return notFound(reply);
  }

  app.get("/*", { schema: { hide: true } }, handler);
}

export default fp(staticSitePlugin, { name: "static-site", dependencies: ["config", "security", "errors"] });
