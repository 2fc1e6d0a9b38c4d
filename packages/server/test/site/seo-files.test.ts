import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildTestApp, type TestApp } from "../support/helpers";

/** sitemap.xml and robots.txt: made at the address the server runs at, with the blog as it is in the database. */

const PUBLIC_URL = "https://www.agency-elsewhere.example";
// Older than the newest article, so the blog list's date is the article's.
const BUILT_AT = "2024-11-20T10:00:00.000Z";
const root = mkdtempSync(path.join(tmpdir(), "seo-"));
const hostDist = path.join(root, "host");
let t: TestApp;

beforeAll(async () => {
  mkdirSync(hostDist, { recursive: true });
  writeFileSync(path.join(hostDist, "index.html"), "<!doctype html><title>site</title>");
  writeFileSync(
    path.join(hostDist, "site-pages.json"),
    JSON.stringify({ builtAt: BUILT_AT, bilingual: ["/", "/pricing"], singleLanguage: ["/about", "/blog"], private: ["/dashboard", "/en/desk"] }),
  );
  // The real blog (packages/server/content/blog) is synced at start.
  t = await buildTestApp({ env: { PUBLIC_URL }, staticSite: { hostDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The <url> entries of a sitemap, each as its loc, lastmod and alternates (hreflang → href). */
function entries(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!,
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body!)?.[1],
    alternates: Object.fromEntries([...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [lang, href])),
  }));
}

describe("robots.txt", () => {
  it("names the sitemap at PUBLIC_URL and keeps crawlers out of the private pages and the previews", async () => {
    const res = await t.app.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toBe(
      ["User-agent: *", "Allow: /", "Disallow: /dashboard", "Disallow: /en/desk", "Disallow: /preview/", "", `Sitemap: ${PUBLIC_URL}/sitemap.xml`, ""].join("\n"),
    );
  });

  it("under a preview base, names that base's sitemap and pages", async () => {
    const body = (await t.app.inject({ url: "/preview/a/b/robots.txt" })).body;
    expect(body).toContain("Disallow: /preview/a/b/dashboard");
    expect(body).toContain(`Sitemap: ${PUBLIC_URL}/preview/a/b/sitemap.xml`);
    // Not the preview of itself, which a Disallow of /preview/ would be.
    expect(body).not.toContain("Disallow: /preview/\n");
  });
});

describe("sitemap.xml", () => {
  it("lists every page in nl and en with its hreflang alternates and x-default, at PUBLIC_URL", async () => {
    const res = await t.app.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    expect(res.body).not.toContain("pixelwerf.nl");
    const urls = entries(res.body);
    const pricing = { nl: `${PUBLIC_URL}/pricing`, en: `${PUBLIC_URL}/en/pricing`, "x-default": `${PUBLIC_URL}/pricing` };
    for (const loc of [`${PUBLIC_URL}/pricing`, `${PUBLIC_URL}/en/pricing`]) {
      expect(urls.find((u) => u.loc === loc)).toEqual({ loc, lastmod: BUILT_AT, alternates: pricing });
    }
    expect(urls.find((u) => u.loc === `${PUBLIC_URL}/en`)?.alternates).toEqual({ nl: `${PUBLIC_URL}/`, en: `${PUBLIC_URL}/en`, "x-default": `${PUBLIC_URL}/` });
    expect(urls.find((u) => u.loc === `${PUBLIC_URL}/about`)).toEqual({ loc: `${PUBLIC_URL}/about`, lastmod: BUILT_AT, alternates: {} });
    // The blog's list changed last when its newest article did (later than this build).
    const { rows } = await t.db.query<{ newest: Date }>("SELECT max(greatest(created_at, updated_at)) AS newest FROM blog_posts");
    expect(urls.find((u) => u.loc === `${PUBLIC_URL}/blog`)?.lastmod).toBe(new Date(rows[0]!.newest).toISOString());
  });

  it("lists every blog article, each language with the others as alternates and the original as x-default, dated by its update", async () => {
    const urls = entries((await t.app.inject({ url: "/sitemap.xml" })).body);
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM blog_posts");
    expect(rows.length).toBeGreaterThan(5);
    for (const { id } of rows) expect(urls.map((u) => u.loc)).toContain(`${PUBLIC_URL}/blog/${id}`);

    const english = `${PUBLIC_URL}/blog/gdpr-cookie-consent-for-small-websites`;
    const dutch = `${PUBLIC_URL}/blog/avg-en-cookietoestemming-voor-kleine-websites`;
    for (const loc of [english, dutch]) {
      expect(urls.find((u) => u.loc === loc)).toEqual({ loc, lastmod: "2025-07-01T00:00:00.000Z", alternates: { en: english, nl: dutch, "x-default": english } });
    }
    const single = urls.find((u) => u.loc === `${PUBLIC_URL}/blog/choosing-a-domain-name`)!;
    expect(single.lastmod).toBe("2025-05-20T00:00:00.000Z");
    expect(single.alternates).toEqual({ en: single.loc, "x-default": single.loc });
  });

  it("under a preview base, lists that base's addresses", async () => {
    const urls = entries((await t.app.inject({ url: "/preview/a/b/sitemap.xml" })).body);
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.loc.startsWith(`${PUBLIC_URL}/preview/a/b/`)).toBe(true);
  });

  it("is not there without the build's page list", async () => {
    const bare = path.join(root, "bare");
    mkdirSync(bare, { recursive: true });
    writeFileSync(path.join(bare, "index.html"), "<!doctype html><title>site</title>");
    const plain = await buildTestApp({ db: t.db, staticSite: { hostDist: bare } });
    try {
      expect((await plain.app.inject({ url: "/sitemap.xml" })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
