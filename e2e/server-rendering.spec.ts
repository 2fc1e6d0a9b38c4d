import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { AUTH_PATHS, BILINGUAL_PATHS, PUBLIC_PATHS } from "../host/src/lib/site-pages";
import { API_ORIGIN, articlePaths, prepareVisitor, waitForHydration } from "./helpers";

/**
 * The public pages as the server sends them, before any JavaScript runs (what a search engine or a social
 * scraper reads), and the same pages hydrated in the browser without a console error.
 */

const isEnglish = (path: string) => path === "/en" || path.startsWith("/en/");
const isBilingual = (path: string) =>
  (BILINGUAL_PATHS as readonly string[]).includes(isEnglish(path) ? path.slice(3) || "/" : path);

/** Text of the first match of `pattern` in `html`, tags removed. */
function textOf(html: string, pattern: RegExp): string {
  return (pattern.exec(html)?.[1] ?? "").replace(/<[^>]*>/g, "").trim();
}

const attribute = (html: string, tag: RegExp) => tag.exec(html)?.[1] ?? "";

test("every public page arrives rendered: h1, title, language, description, canonical, hreflang and Open Graph", async ({ request }) => {
  const articles = await articlePaths(request);
  expect(articles.length).toBeGreaterThan(0);
  const paths = [...PUBLIC_PATHS, ...articles, ...AUTH_PATHS];
  for (const path of paths) {
    const response = await request.get(`${API_ORIGIN}${path}`);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const lang = isEnglish(path) ? "en" : "nl";
    expect(attribute(html, /<html lang="([^"]+)"/), `${path} lang`).toBe(lang);
    expect(textOf(html, /<h1[^>]*>([\s\S]*?)<\/h1>/), `${path} h1`).not.toBe("");
    // The page's text, not only its heading (a sign-in shell is its heading and the element's reserved box).
    if (!(AUTH_PATHS as readonly string[]).includes(path)) {
      expect(textOf(html, /<main[^>]*>([\s\S]*?)<\/main>/).length, `${path} text`).toBeGreaterThan(150);
    }
    expect(textOf(html, /<head>[\s\S]*<title>([^<]*)<\/title>[\s\S]*<\/head>/), `${path} title`).toMatch(/\S+ \| Pixelwerf$/);
    expect(attribute(html, /<meta name="description" content="([^"]+)"/), `${path} description`).not.toBe("");
    // A page kept out of search results (the sign-in shells) names no canonical: the two would contradict each other.
    const noindex = /<meta name="robots" content="[^"]*noindex/.test(html);
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), `${path} canonical`).toBe(noindex ? "" : `${API_ORIGIN}${path}`);
    expect(attribute(html, /<meta property="og:title" content="([^"]+)"/), `${path} og:title`).not.toBe("");
    expect(attribute(html, /<meta property="og:url" content="([^"]+)"/), `${path} og:url`).toBe(`${API_ORIGIN}${path}`);
    expect(attribute(html, /<meta property="og:description" content="([^"]+)"/), `${path} og:description`).not.toBe("");
    expect(attribute(html, /<meta property="og:type" content="([^"]+)"/), `${path} og:type`).toMatch(/^(website|article)$/);
    expect(attribute(html, /<meta property="og:locale" content="([^"]+)"/), `${path} og:locale`).toBe(lang === "en" ? "en_US" : "nl_NL");
    if (isBilingual(path)) {
      const dutch = isEnglish(path) ? path.slice(3) || "/" : path;
      const english = dutch === "/" ? "/en" : `/en${dutch}`;
      expect(attribute(html, /<link rel="alternate" hreflang="nl" href="([^"]+)"/i), `${path} hreflang nl`).toBe(`${API_ORIGIN}${dutch}`);
      expect(attribute(html, /<link rel="alternate" hreflang="en" href="([^"]+)"/i), `${path} hreflang en`).toBe(`${API_ORIGIN}${english}`);
    }
    // The browser gets the loader data as data, not as script: the policy allows no inline script but the
    // page's own two, each by its hash.
    expect(html, path).toContain('<script type="application/json" id="router-data">');
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? "";
    expect(scriptSrc, path).not.toBe("");
    expect(scriptSrc, path).not.toContain("unsafe-inline");
  }
});

test("an English page runs the language guard inline, first in its head and allowed by its hash; a Dutch one needs none", async ({ request }) => {
  const response = await request.get(`${API_ORIGIN}/en/pricing`);
  const english = await response.text();
  const head = english.slice(0, english.indexOf("</head>"));
  const guard = /<script>([\s\S]*?languageToggleUsed[\s\S]*?)<\/script>/.exec(head)?.[1] ?? "";
  expect(guard).not.toBe("");
  // Before the styles: it runs before anything is painted, and nothing is fetched for it.
  expect(head.indexOf(guard)).toBeLessThan(head.indexOf("<style>"));
  expect(head).not.toMatch(/<script[^>]+src=/);
  const hash = `'sha256-${createHash("sha256").update(guard).digest("base64")}'`;
  expect(response.headers()["content-security-policy"]).toContain(hash);
  const dutch = await (await request.get(`${API_ORIGIN}/pricing`)).text();
  expect(dutch).not.toContain("languageToggleUsed");
});

test("a fresh visit to an English page renders no frame of it: the Dutch page is the first thing painted", async ({ page }) => {
  await prepareVisitor(page);
  // In every document of the visit, before its own scripts: each frame the browser is about to paint, noted with the
  // page's path and whether the page's text was in it yet. Kept in sessionStorage, which outlives the document.
  await page.addInitScript(() => {
    const frame = () => {
      if (document.querySelector("h1")) {
        sessionStorage.setItem("framesWithText", `${sessionStorage.getItem("framesWithText") ?? ""}${location.pathname};`);
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  for (const path of ["/en/pricing", "/en", "/en/contact"]) {
    await page.goto(`${API_ORIGIN}/robots.txt`);
    await page.evaluate(() => sessionStorage.removeItem("framesWithText"));
    await page.goto(path);
    const dutch = path.slice(3) || "/";
    await expect(page).toHaveURL(`${API_ORIGIN}${dutch}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("framesWithText"))).toBe(`${dutch};`);
  }
});

test("a blog article that does not exist is answered 404, rendered; the server entry is not served", async ({ request }) => {
  const missing = await request.get(`${API_ORIGIN}/blog/no-such-article`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toMatch(/<h1[^>]*>Artikel niet gevonden|<h1[^>]*>Article Not Found/);
  expect((await request.get(`${API_ORIGIN}/server/entry-server.js`)).status()).toBe(404);
});

test("every public page hydrates without a console error or warning", async ({ page, request }) => {
  test.setTimeout(180_000);
  const articles = await articlePaths(request);
  const problems: string[] = [];
  let current = "";
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${current}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${current}: ${error.message}`));
  // English pages are shown after the toggle (the guard sends a fresh visit to the Dutch page).
  await prepareVisitor(page, { english: true });
  for (const path of [...PUBLIC_PATHS, ...articles, ...AUTH_PATHS]) {
    current = path;
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page).toHaveURL(`${API_ORIGIN}${path}`);
    // Hydration has run, and would have reported a mismatch by now.
    await waitForHydration(page);
  }
  expect(problems).toEqual([]);
});

test("after hydration links navigate inside the app, without loading a new document", async ({ page }) => {
  await prepareVisitor(page);
  await page.goto("/");
  await expect(page.locator("h1").first()).toBeVisible();
  // Once React has hydrated the server's markup, the router handles clicks on links.
  await waitForHydration(page);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await page.getByRole("navigation", { name: "Hoofdnavigatie" }).getByRole("link", { name: "Prijzen" }).click();
  await expect(page).toHaveURL(`${API_ORIGIN}/pricing`);
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test.describe("the elements' boxes are reserved in the served HTML", () => {
  const pages = [
    { path: "/pricing", tag: "agency-pricing" },
    { path: "/contact", tag: "agency-quote-form" },
    { path: "/login", tag: "agency-login" },
    { path: "/register", tag: "agency-login" },
    { path: "/forgot-password", tag: "agency-login" },
  ];
  for (const viewport of [{ width: 412, height: 823 }, { width: 1350, height: 940 }]) {
    test(`the elements upgrade and nothing shifts when they render (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await prepareVisitor(page);
      await page.addInitScript(() => {
        (window as { layoutShift?: number }).layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) (window as { layoutShift?: number }).layoutShift! += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      for (const { path, tag } of [{ path: "/", tag: "" }, ...pages]) {
        await page.goto(path);
        if (tag) {
          // Upgraded and rendered: its shadow root holds its form or its plans.
          await expect(page.locator(tag).locator("form, h2, h3").first()).toBeVisible();
        }
        await waitForHydration(page);
        await page.waitForLoadState("networkidle");
        const shift = await page.evaluate(() => (window as { layoutShift?: number }).layoutShift ?? 0);
        expect(shift, `${path} cumulative layout shift`).toBeLessThanOrEqual(0.02);
      }
      // Home loads its pricing element when the section comes into view: it upgrades there, in its reserved box.
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("heading", { name: "Pakketten en prijzen" }).scrollIntoViewIfNeeded();
      await expect(page.locator("agency-pricing").locator("h3").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      const shift = await page.evaluate(() => (window as { layoutShift?: number }).layoutShift ?? 0);
      expect(shift, "/ with its pricing element: cumulative layout shift").toBeLessThanOrEqual(0.02);
    });
  }
});
