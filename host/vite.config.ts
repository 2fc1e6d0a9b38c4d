import { defineConfig, type Plugin } from "vite";
import { browserPlugins, buildAliases } from "../vite.shared.ts";
import { SITE } from "./src/lib/site.ts";
import { BILINGUAL_PATHS, PRIVATE_PATHS, SINGLE_LANGUAGE_PATHS } from "./src/lib/site-pages.ts";

/**
 * robots.txt and sitemap.xml for the build, from the same page list as the routes. The site's public address
 * comes from PUBLIC_URL (as for the server), else the agency's own domain.
 */
function seoFiles(): Plugin {
  const origin = (process.env.PUBLIC_URL || SITE.url).replace(/\/+$/, "");
  const url = (path: string) => `${origin}${path === "/" ? "/" : path}`;
  const english = (path: string) => (path === "/" ? "/en" : `/en${path}`);
  const alternates = (path: string) =>
    [
      `    <xhtml:link rel="alternate" hreflang="nl" href="${url(path)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="en" href="${url(english(path))}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
    ].join("\n");
  const entry = (loc: string, extra = "") => `  <url>\n    <loc>${url(loc)}</loc>\n${extra}${extra ? "\n" : ""}  </url>`;

  const sitemap = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...BILINGUAL_PATHS.flatMap((path) => [entry(path, alternates(path)), entry(english(path), alternates(path))]),
    ...SINGLE_LANGUAGE_PATHS.map((path) => entry(path)),
    `</urlset>`,
    ``,
  ].join("\n");
  const robots = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");

  return {
    name: "agency-seo-files",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "sitemap.xml", source: sitemap });
      this.emitFile({ type: "asset", fileName: "robots.txt", source: robots });
    },
  };
}

export default defineConfig({
  plugins: [...browserPlugins(), seoFiles()],
  // Preact's React-compatible runtime in the browser build (see runtimeAliases in vite.shared.ts).
  resolve: { alias: buildAliases() },
  // Relative asset URLs: the same build serves "/" and "/preview/{first}/{second}/"; the server rewrites the
  // "./" prefixes in index.html to the request's base path (see packages/server static-site plugin).
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:8080", "/widgets": "http://localhost:8080" },
  },
});
