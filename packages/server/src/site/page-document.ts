import { createHash } from "node:crypto";
import { inLanguage, type RenderedShell } from "./site-shell";

/** A page the site's server entry rendered (host/src/entry-server.tsx). */
export interface RenderedPage {
  status: number;
  lang: string;
  /** <title>, <meta> and <link> tags for <head>. */
  head: string;
  /** The markup of #root. */
  body: string;
  /** The router's data for the page, as JSON safe inside a <script> element. */
  data: string;
}

/** The inline scripts of a rendered page, from the server entry. */
export interface DocumentScripts {
  /** The language guard, run before anything is painted on an English page. */
  languageGuard: string;
  /** Loads the site's entry after the first paint. */
  boot: string;
}

/** A CSP source that allows exactly this inline script. */
export const scriptHash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The page policy with the rendered pages' inline scripts allowed by their hashes (and no other inline script). */
export function withScriptHashes(csp: string, scripts: DocumentScripts): string {
  const hashes = [scripts.languageGuard, scripts.boot].map(scriptHash).join(" ");
  return csp.replace(/(script-src [^;]*)/, `$1 ${hashes}`);
}

/**
 * The document of a rendered page: the shell with the page's language, head tags, markup and router data, the
 * language guard first in the head of an English page (`guarded`), and the boot script last in the body. Nothing in it
 * loads a script or a stylesheet before the first paint.
 */
export function pageDocument(shell: RenderedShell, page: RenderedPage, scripts: DocumentScripts, guarded: boolean): string {
  const guard = guarded ? `<script>${scripts.languageGuard}</script>` : "";
  const preload = shell.preload.length > 0 ? ` data-preload="${shell.preload.join(" ")}"` : "";
  const boot = shell.entry ? `<script data-entry="${shell.entry}"${preload}>${scripts.boot}</script>` : "";
  // Replaced through functions: the page's text may hold "$&" and the like, which a replacement string would expand.
  return inLanguage(shell.html, page.lang)
    .replace(/(<meta charset="[^"]*"\s*\/?>)/i, (charset) => `${charset}${guard}`)
    .replace("</head>", () => `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.body}</div><script type="application/json" id="router-data">${page.data}</script>${boot}`,
    );
}
