import { stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyReply } from "fastify";

/** Content-hashed files never change content, so they may be cached for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Entry files keep their name across releases, so caches must ask again soon. */
export const SHORT = "public, max-age=300, must-revalidate";
export const NO_CACHE = "no-cache";

/**
 * Content-hashed file names (`chunk-Ab3dE9_x.js`) never change content, so they may be cached for a year. Entry
 * names are kebab-case lower-case words; a hash almost always has a digit, capital or underscore.
 */
export function isHashedFile(name: string): boolean {
  const match = /[-.]([A-Za-z0-9_-]{8,})\.(?:m?js|css|map|woff2?|svg|png|jpe?g|webp|avif)$/.exec(name);
  return match !== null && /[A-Z0-9_]/.test(match[1]!);
}

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export async function isDir(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** Resolves a URL path inside `root`, or null when it would escape it. */
export function inside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const file = path.resolve(root, `.${decoded.startsWith("/") ? decoded : `/${decoded}`}`);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

/** Sends `file` (inside `root`) with our own Cache-Control; reply.sendFile comes from @fastify/static. */
export const sendFrom = (reply: FastifyReply, root: string, file: string, cacheControl: string) =>
  reply.header("cache-control", cacheControl).sendFile(path.relative(root, file), root, { cacheControl: false });

/** A page saying which build is missing and the command that makes it. */
export const notBuilt = (reply: FastifyReply, what: string, command: string) =>
  reply
    .code(503)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Not built</title>` +
        `<body style="font-family:system-ui;margin:3rem"><h1>${what} is not built yet</h1>` +
        `<p>Run <code>${command}</code> in the repository, then reload this page. The API under <code>/api</code> works without it.</p></body></html>`,
    );
