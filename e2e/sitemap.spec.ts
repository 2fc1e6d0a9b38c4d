import { expect, test } from "@playwright/test";
import { API_ORIGIN } from "../playwright.config";
import { articlePaths } from "./helpers";

/**
 * sitemap.xml and robots.txt on the built server name the address it runs at (PUBLIC_URL), and every address the
 * sitemap lists is a page whose own canonical is that address: the sitemap contradicts no page.
 */

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

test("robots.txt and sitemap.xml name the running address, and every listed page is its own canonical", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${API_ORIGIN}/sitemap.xml`);
  expect(robots).toContain("Disallow: /dashboard");

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  expect(xml).not.toContain("pixelwerf.nl");
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const path of await articlePaths(request)) expect(locs).toContain(`${API_ORIGIN}${path}`);
  expect(locs).toContain(`${API_ORIGIN}/en/pricing`);
  expect(xml.match(/<lastmod>/g)?.length).toBe(locs.length);

  for (const loc of locs) {
    const page = await request.get(loc, { headers: { accept: "text/html" } });
    expect(page.status(), loc).toBe(200);
    const html = await page.text();
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), `${loc} canonical`).toBe(loc);
  }
});

test("a not-found page, Dutch or under /en, is noindex and names no canonical", async ({ request }) => {
  for (const path of ["/no-such-page", "/en/no-such-page"]) {
    const page = await request.get(path, { headers: { accept: "text/html" } });
    expect(page.status(), path).toBe(404);
    const html = await page.text();
    expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html, path).not.toContain('rel="canonical"');
  }
});
