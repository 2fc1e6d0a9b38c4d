import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { localeFromPath, unlocalizedPath } from "@agency/contract";
import { inside } from "../lib/static-files";

/**
 * The host build's index.html as the server sends it. The host is built with relative asset URLs ("./assets/…")
 * so one build serves "/" and every preview base; for a deep route (/en/pricing) those would resolve under the
 * route, so the "./" prefixes are replaced by the request's base path.
 */

const fileCache = new Map<string, { mtimeMs: number; text: string }>();

/** A file of the build, read once and again only when it changes on disk; null when it is missing. */
export async function readCached(file: string): Promise<string | null> {
  let mtimeMs: number;
  try {
    ({ mtimeMs } = await stat(file));
  } catch {
    return null;
  }
  let cached = fileCache.get(file);
  if (!cached || cached.mtimeMs !== mtimeMs) {
    cached = { mtimeMs, text: await readFile(file, "utf8") };
    fileCache.set(file, cached);
  }
  return cached.text;
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

const atBase = (html: string, basePath: string) => html.replace(/\b(src|href)="\.\//g, `$1="${basePath}`);

/** The document in language `lang`: the shell's <html lang> replaced. */
export const inLanguage = (html: string, lang: string) => html.replace(/<html lang="[^"]*"/, () => `<html lang="${lang}"`);

/**
 * The shell of a page the browser renders (the portal): index.html in the language of the page's address, with the
 * page's own chunks and CSS preloaded, so a first visit fetches the page's code with the entry instead of one round
 * trip after it.
 */
export async function browserShell(hostDist: string, basePath: string, appPath: string): Promise<string> {
  const html = (await readCached(path.join(hostDist, "index.html"))) ?? "";
  const preloads = await preloadsFor(hostDist, appPath);
  const links = preloads
    ? [
        ...preloads.css.map((f) => `<link rel="stylesheet" crossorigin href="./${f}">`),
        ...preloads.js.map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`),
      ].join("")
    : "";
  return atBase(inLanguage(html, localeFromPath(appPath)).replace("</head>", `${links}</head>`), basePath);
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

export interface RenderedShell {
  /** index.html with the page's CSS inline and no script or preload: the HTML alone makes the first paint. */
  html: string;
  /** The site's entry module at the base path, which the page's boot script loads after that paint. */
  entry: string | null;
  /** The modules the entry imports, at the base path, which the boot script preloads with it. */
  preload: string[];
}

/** The shell of a page the server renders. */
export async function renderedShell(hostDist: string, basePath: string, appPath: string): Promise<RenderedShell> {
  const index = (await readCached(path.join(hostDist, "index.html"))) ?? "";
  const css = (await preloadsFor(hostDist, appPath))?.css ?? [];
  const entry = /<script type="module"[^>]*\ssrc="\.\/([^"]+)"[^>]*><\/script>/.exec(index)?.[1] ?? null;
  const preload = [...index.matchAll(/<link rel="modulepreload"[^>]*\shref="\.\/([^"]+)"[^>]*>/g)].map(([, file]) => `${basePath}${file}`);
  // The rendered page brings its own title; the shell's is for the pages the browser renders.
  const html = index
    .replace(/\s*<title>[^<]*<\/title>/, "")
    .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace("</head>", `${css.map((f) => `<link rel="stylesheet" crossorigin href="./${f}">`).join("")}</head>`);
  return {
    html: await inlineStylesheets(atBase(html, basePath), hostDist, basePath),
    entry: entry && `${basePath}${entry}`,
    preload,
  };
}
