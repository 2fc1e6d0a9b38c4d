import path from "node:path";
import { localizedPath, type Locale } from "@agency/contract";
import type { Db } from "../db/db";
import { sitemapPosts, type SitemapPost } from "../blog/repository";
import { readCached } from "./site-shell";

/**
 * sitemap.xml and robots.txt at the address the server runs at: the origin of PUBLIC_URL and the request's base
 * (the same address every canonical and hreflang link of the pages uses), from the build's page list
 * (site-pages.json, host/src/lib/site-pages.ts) and the blog's articles as they are in the database.
 */

interface SitePages {
  /** When the build was made: the pages' last change, since a page changes only with a build. */
  builtAt: string;
  /** Pages in Dutch at their path and in English under /en. */
  bilingual: string[];
  /** Pages at one address, shown in the visitor's language. */
  singleLanguage: string[];
  /** Pages crawlers have no business with. */
  private: string[];
}

async function sitePages(hostDist: string): Promise<SitePages | null> {
  const json = await readCached(path.join(hostDist, "site-pages.json"));
  return json ? (JSON.parse(json) as SitePages) : null;
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

interface Alternate {
  hreflang: Locale | "x-default";
  path: string;
}

/** The answer for /sitemap.xml and /robots.txt under `basePath`, or null when the build has no page list. */
export async function seoFile(
  file: "sitemap.xml" | "robots.txt",
  { hostDist, publicUrl, basePath, db }: { hostDist: string; publicUrl: string; basePath: string; db: Db },
): Promise<{ type: string; body: string } | null> {
  const pages = await sitePages(hostDist);
  if (!pages) return null;
  const origin = new URL(publicUrl).origin;
  const url = (appPath: string) => `${origin}${basePath}${appPath.replace(/^\//, "")}`;
  if (file === "robots.txt") {
    // Previews (whole copies of the site under /preview/{first}/{second}/) are for review, not for search. Only the
    // robots.txt at the root says so: crawlers read no other, and a preview's own would only name itself.
    const previews = basePath === "/" ? ["Disallow: /preview/"] : [];
    const lines = ["User-agent: *", `Allow: ${basePath}`, ...pages.private.map((p) => `Disallow: ${basePath}${p.replace(/^\//, "")}`), ...previews];
    return { type: "text/plain; charset=utf-8", body: [...lines, "", `Sitemap: ${url("/sitemap.xml")}`, ""].join("\n") };
  }

  const entry = (appPath: string, lastmod: string, alternates: Alternate[]) =>
    [
      "  <url>",
      `    <loc>${escapeXml(url(appPath))}</loc>`,
      `    <lastmod>${lastmod}</lastmod>`,
      ...alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(url(a.path))}"/>`),
      "  </url>",
    ].join("\n");
  const built = pages.builtAt;
  const posts = await sitemapPosts(db);
  const newestPost = posts.reduce((newest, post) => Math.max(newest, new Date(post.updated_at).getTime()), 0);

  const urls: string[] = [];
  for (const page of pages.bilingual) {
    const english = localizedPath(page, "en");
    // As the pages' own hreflang links: Dutch, English, and the Dutch page for every other language.
    const alternates: Alternate[] = [
      { hreflang: "nl", path: page },
      { hreflang: "en", path: english },
      { hreflang: "x-default", path: page },
    ];
    urls.push(entry(page, built, alternates), entry(english, built, alternates));
  }
  for (const page of pages.singleLanguage) {
    // The blog's list changes with its newest article.
    const lastmod = page === "/blog" && newestPost > Date.parse(built) ? new Date(newestPost).toISOString() : built;
    urls.push(entry(page, lastmod, []));
  }
  const articles = new Map<string, SitemapPost[]>();
  for (const post of posts) articles.set(post.article, [...(articles.get(post.article) ?? []), post]);
  for (const article of articles.values()) {
    // Each language of an article names every other, and the original (listed first) stands for the rest.
    const alternates: Alternate[] = [
      ...article.map((post) => ({ hreflang: post.language, path: `/blog/${post.id}` })),
      { hreflang: "x-default", path: `/blog/${article[0]!.id}` },
    ];
    for (const post of article) urls.push(entry(`/blog/${post.id}`, new Date(post.updated_at).toISOString(), alternates));
  }
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    ``,
  ].join("\n");
  return { type: "application/xml; charset=utf-8", body };
}
