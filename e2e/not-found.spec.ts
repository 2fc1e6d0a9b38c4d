import { expect, test } from "@playwright/test";
import { API_ORIGIN, expectNoAxeViolations, prepareVisitor, waitForHydration } from "./helpers";

/**
 * An address that matches no page is answered 404 with the rendered not-found page, kept out of search results,
 * in the language of its path and under the preview base, whoever asks: a browser gets no "soft 404".
 */

const UNKNOWN: Array<{ path: string; lang: "nl" | "en" }> = [
  { path: "/nope", lang: "nl" },
  { path: "/nope/", lang: "nl" },
  { path: "/pricing/extra", lang: "nl" },
  { path: "/blog/an-article/comments", lang: "nl" },
  { path: "/nope.html", lang: "nl" },
  { path: "/en/nope", lang: "en" },
  { path: "/en/pricing/extra", lang: "en" },
  { path: "/preview/a", lang: "nl" },
  { path: "/preview/a/b/nope", lang: "nl" },
  { path: "/preview/a/b/en/nope", lang: "en" },
];

/** English addresses of pages that exist once: the page itself, in English. */
const SINGLE: Array<{ path: string; to: string; heading: string }> = [
  { path: "/en/about", to: "/about?lang=en", heading: "About us" },
  { path: "/en/features", to: "/features?lang=en", heading: "Features" },
  { path: "/en/blog", to: "/blog?lang=en", heading: "Insights & Updates" },
  { path: "/en/login", to: "/login?lang=en", heading: "Log in" },
];

const HEADING = { nl: "Pagina niet gevonden", en: "Page not found" };

test("every unknown address a browser asks for is a 404 with the rendered not-found page, noindex, in its language", async ({ request }) => {
  for (const { path, lang } of UNKNOWN) {
    const response = await request.get(`${API_ORIGIN}${path}`, { headers: { Accept: "text/html" } });
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"], path).toContain("text/html");
    const html = await response.text();
    expect(/<html lang="([^"]+)"/.exec(html)?.[1], `${path} lang`).toBe(lang);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1], `${path} h1`).toBe(HEADING[lang]);
    expect(/<meta name="robots" content="([^"]+)"/.exec(html)?.[1], `${path} robots`).toMatch(/noindex/);
  }
  // Below the portal the browser renders the portal's own view (behind its guards); the answer is still a 404.
  const portal = await request.get(`${API_ORIGIN}/dashboard/nope`, { headers: { Accept: "text/html" } });
  expect(portal.status()).toBe(404);
  expect(portal.headers()["x-robots-tag"]).toBe("noindex");
  // Without Accept: text/html (an API client, a crawler of files) the answer is the API's JSON 404.
  const plain = await request.get(`${API_ORIGIN}/nope`, { headers: { Accept: "application/json" } });
  expect(plain.status()).toBe(404);
  expect(await plain.json()).toMatchObject({ code: "not_found" });
});

test("an English address of a page that exists once opens that page, in English", async ({ page, request }) => {
  for (const { path, to } of SINGLE) {
    const answer = await request.get(`${API_ORIGIN}${path}`, { headers: { Accept: "text/html" }, maxRedirects: 0 });
    expect(answer.status(), path).toBe(301);
    expect(answer.headers().location, path).toBe(to);
  }
  await prepareVisitor(page);
  await page.goto("/en/about");
  await expect(page).toHaveURL(/\/about\?lang=en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(SINGLE[0]!.heading);
});

test("the not-found page works in the browser: it hydrates, its links lead on, axe passes", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await prepareVisitor(page);
  const response = await page.goto("/en/nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING.en);
  await waitForHydration(page);
  await expectNoAxeViolations(page, "not-found (en)");
  // A link within the English site keeps the visitor in English (the language guard's marker is refreshed).
  await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(`${API_ORIGIN}/en`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(errors).toEqual([]);
});
