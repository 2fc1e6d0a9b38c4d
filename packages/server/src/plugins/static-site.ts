import path from "node:path";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { basePathFrom } from "@agency/contract";
import { HOST_PAGE_CSP, stripPreview, setPageOpenerPolicy } from "./security";
import { packageRoot, repoRoot } from "../paths";
import { IMMUTABLE, NO_CACHE, inside, isDir, isFile, isHashedFile, notBuilt, sendFrom } from "../lib/static-files";
import widgetsPlugin from "./widgets";
import { createPageRenderer, type PageAnswer } from "../site/page-renderer";
import { browserShell } from "../site/site-shell";
import { seoFile } from "../site/seo-files";

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
 * The site is served by the API's process: the pages the server renders (site/page-renderer.ts), the shell of
 * the portal's pages, the host build's files, the element bundle at /widgets/ (plugins/widgets.ts) and the
 * example pages at /examples/, also under /preview/{first}/{second}/.
 */
/** A preview base is two plain path segments; anything else in one is no address of the site. */
const PREVIEW_BASE = /^\/preview\/[\w.~%-]+\/[\w.~%-]+\/$/;

const acceptsHtml = (request: FastifyRequest) => request.headers.accept?.includes("text/html") ?? false;

/** The compression a browser accepts for a rendered page, best first; none when it names neither. */
function pageEncoding(request: FastifyRequest): "br" | "gzip" | null {
  const accepted = String(request.headers["accept-encoding"] ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ""))
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes("br")) return "br";
  return accepted.includes("gzip") ? "gzip" : null;
}

async function staticSitePlugin(app: FastifyInstance, opts: StaticSiteOptions) {
  const hostDist = path.resolve(opts.hostDist ?? path.join(repoRoot, "host/dist"));
  const examplesDir = path.resolve(opts.examplesDir ?? path.join(repoRoot, "examples"));
  const serverDir = path.join(hostDist, "server");
  const pages = createPageRenderer(app, {
    serverEntry: path.resolve(opts.serverEntry ?? path.join(hostDist, "server/entry-server.js")),
    hostDist,
  });

  // serve:false: we only want reply.sendFile (ETag, Range, content types); routing is ours.
  // preCompressed: send file.br / file.gz (written by scripts/precompress.mjs after the build) when the browser
  // accepts them, so JavaScript is compressed once at build time instead of on every request.
  await app.register(fastifyStatic, { root: packageRoot, serve: false, preCompressed: true });

  // The bundle's own routes (/widgets/…, also under a preview base) take precedence over the catch-all below.
  await app.register(widgetsPlugin, {
    dist: opts.widgetsDist ?? path.join(repoRoot, "packages/widgets/dist"),
    releases: opts.widgetsReleases ?? path.join(repoRoot, "packages/widgets/releases"),
  });

  /** A rendered page as the server keeps it, compressed once for the browsers that accept it. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: Extract<PageAnswer, { kind: "page" }>) {
    const encoding = pageEncoding(request);
    reply
      .code(page.status)
      .header("content-security-policy", page.csp)
      .header("cache-control", NO_CACHE)
      // A page that exists once is in the language of the visitor's language cookie.
      .header("vary", "accept-encoding, cookie")
      .type("text/html; charset=utf-8");
    setPageOpenerPolicy(request, reply);
    if (!encoding) return reply.send(page.body.html);
    return reply.header("content-encoding", encoding).send(await page.body.encoded(encoding));
  }

  /**
   * The shell of a page the browser renders: the portal, and every page when there is no server entry. An address
   * below the portal that is no page gets it with 404, kept out of search results like the not-found page.
   */
  const sendShell = async (reply: FastifyReply, basePath: string, pathname: string, status = 200) => {
    setPageOpenerPolicy(reply.request, reply);
    return (status === 404 ? reply.header("x-robots-tag", "noindex") : reply)
      .code(status)
      .header("content-security-policy", HOST_PAGE_CSP)
      .header("cache-control", NO_CACHE)
      .type("text/html; charset=utf-8")
      .send(await browserShell(hostDist, basePath, pathname));
  };

  /**
   * An address that is no page: a browser gets the site's not-found page (rendered, in the language of the path,
   * status 404), anyone else the API's JSON 404.
   */
  async function notFound(request: FastifyRequest, reply: FastifyReply) {
    if (acceptsHtml(request) && (await isDir(hostDist))) {
      const page = await pages.answer(request.url, request.headers.cookie);
      if (page?.kind === "page") return sendPage(request, reply, page);
    }
    return reply.sendError(404, "not_found");
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const requestPath = request.url.split("?")[0] || "/";
    const basePath = basePathFrom(requestPath);
    if (basePath !== "/" && !PREVIEW_BASE.test(basePath)) return reply.sendError(404, "not_found");
    // The host's assets are relative URLs, so a preview base must end in "/" for them to resolve.
    if (basePath !== "/" && requestPath === basePath.slice(0, -1)) return reply.redirect(basePath, 301);
    const pathname = stripPreview(request.url) || "/";

    if (pathname === "/api" || pathname.startsWith("/api/")) return reply.sendError(404, "not_found");

    // Demo pages are no part of a production site unless asked for (EXAMPLES=on).
    if (app.config.examples && (pathname === "/examples" || pathname.startsWith("/examples/"))) {
      let rel = pathname.slice("/examples".length) || "/";
      if (rel.endsWith("/")) rel += "index.html";
      const file = inside(examplesDir, rel);
      if (!file || !(await isFile(file))) return notFound(request, reply);
      if (file.endsWith(".html")) reply.header("content-security-policy", EXAMPLES_CSP);
      return sendFrom(reply, examplesDir, file, NO_CACHE);
    }

    if (!(await isDir(hostDist))) {
      if (acceptsHtml(request)) return notBuilt(reply, "The site", "npm run build");
      return reply.sendError(404, "not_found");
    }

    // The server entry is code for this process, never a file for browsers. Judged by the file the path resolves to
    // (decoded and normalised), so "/%73erver/…", "/server%2F…" and "/assets/../server/…" are refused as well.
    const resolved = inside(hostDist, pathname);
    if (resolved === serverDir || resolved?.startsWith(serverDir + path.sep)) return notFound(request, reply);

    // Made at the address the server runs at (PUBLIC_URL and this base), with the blog as it is now.
    if (pathname === "/sitemap.xml" || pathname === "/robots.txt") {
      const answer = await seoFile(pathname.slice(1) as "sitemap.xml" | "robots.txt", { hostDist, publicUrl: app.config.publicUrl, basePath, db: app.db });
      if (!answer) return notFound(request, reply);
      return reply.header("cache-control", "public, max-age=300").type(answer.type).send(answer.body);
    }

    // Public pages arrive rendered, whatever the request accepts; an address that is no page gets the rendered
    // not-found page when a browser asks. The browser hydrates what it needs of them.
    const kind = path.extname(pathname) ? null : await pages.kindOf(pathname);
    if (kind === "rendered" || (kind === "missing" && acceptsHtml(request))) {
      const page = await pages.answer(request.url, request.headers.cookie);
      if (page?.kind === "redirect") return reply.redirect(page.location, page.status);
      if (page?.kind === "page") return sendPage(request, reply, page);
    }

    const file = pathname.endsWith("/") ? null : inside(hostDist, pathname);
    if (file && (await isFile(file))) {
      if (file === path.join(hostDist, "index.html")) return sendShell(reply, basePath, pathname);
      if (file.endsWith(".html")) reply.header("content-security-policy", HOST_PAGE_CSP);
      const cache = file.includes(`${path.sep}assets${path.sep}`) && isHashedFile(file) ? IMMUTABLE : NO_CACHE;
      return sendFrom(reply, hostDist, file, cache);
    }
    // The portal's routes load the app, which renders them (as does every page when there is no server entry);
    // a missing .js stays a 404.
    if (acceptsHtml(request) && !path.extname(pathname) && kind !== "missing") {
      if (!(await isFile(path.join(hostDist, "index.html")))) return notBuilt(reply, "The site", "npm run build");
      return sendShell(reply, basePath, pathname, kind === "portal-missing" ? 404 : 200);
    }
    return notFound(request, reply);
  }

  app.get("/*", { schema: { hide: true } }, handler);
}

export default fp(staticSitePlugin, { name: "static-site", dependencies: ["config", "security", "errors"] });
