import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page, type Request } from "@playwright/test";
import { AUTH_PATHS, BILINGUAL_PATHS, SINGLE_LANGUAGE_PATHS } from "../host/src/lib/site-pages";
import {
  API_ORIGIN,
  EXAMPLES_ORIGIN,
  expectHeadingNamesSeparate,
  expectNoAxeViolations,
  registerUser,
  signIn,
  subscribeViaTestCheckout,
  type TestUser,
  waitForHydration,
} from "./helpers";

/**
 * Every route of the site in Dutch and English, a few under a preview base path, each checked with axe (WCAG 2.2
 * AA) and for headings whose name runs words together; plus the language guard, the toggle, element navigation without reloads, head tags and
 * the split between marketing and portal code.
 */

const CONSENT = JSON.stringify({ necessary: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: 1, id: "e2e" });

interface Visit {
  /** What the visitor types. */
  path: string;
  /** Where the site shows it (after a redirect), when different. */
  lands?: string;
  /** The page's <html lang>. */
  lang: "nl" | "en";
}

/** Before any page script: the cookie decision (the banner has its own test), and for English the fresh toggle marker. */
async function prepare(page: Page, options: { toggled?: boolean; remembered?: "nl" | "en" } = {}) {
  await page.addInitScript(
    ({ consent, toggled, language }) => {
      localStorage.setItem("cookieConsent", consent);
      if (language) localStorage.setItem("preferredLanguage", language);
      if (toggled) sessionStorage.setItem("languageToggleUsed", String(Date.now()));
    },
    { consent: CONSENT, toggled: options.toggled ?? false, language: options.remembered },
  );
}

async function visitAndScan(page: Page, { path, lands = path, lang }: Visit) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(lands)}$`));
  await expect(page.locator("h1").first()).toBeAttached();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page).toHaveTitle(/\| Pixelwerf$/);
  await expectNoAxeViolations(page, path);
  await expectHeadingNamesSeparate(page, path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const english = (path: string) => (path === "/" ? "/en" : `/en${path}`);

async function blogPostId(page: Page): Promise<string | null> {
  const response = await page.request.get(`${API_ORIGIN}/api/blog?page=1&limit=6`);
  const body = (await response.json()) as { posts?: Array<{ id: string }> };
  return body.posts?.[0]?.id ?? null;
}

test.describe("public routes", () => {
  for (const path of BILINGUAL_PATHS) {
    test(`${path} (nl) and ${english(path)} (en)`, async ({ page }) => {
      await prepare(page, { toggled: true });
      await visitAndScan(page, { path, lang: "nl" });
      await visitAndScan(page, { path: english(path), lang: "en" });
    });
  }

  for (const remembered of ["nl", "en"] as const) {
    test(`pages without an English duplicate, in the remembered language (${remembered})`, async ({ page }) => {
      // Nine pages, each scanned with axe and for its headings' names.
      test.slow();
      await prepare(page, { remembered });
      for (const path of [...SINGLE_LANGUAGE_PATHS, ...AUTH_PATHS, "/this-page-does-not-exist"]) {
        await visitAndScan(page, { path, lang: remembered });
      }
      await visitAndScan(page, { path: "/reset-password?token=not-a-real-token", lang: remembered });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(remembered === "en" ? "Invalid Reset Link" : "Ongeldige resetlink");
    });

    test(`blog article and its not-found view (${remembered})`, async ({ page }) => {
      await prepare(page, { remembered });
      const id = await blogPostId(page);
      if (id) {
        await visitAndScan(page, { path: `/blog/${id}`, lang: remembered });
        await expect(page.getByRole("navigation", { name: remembered === "en" ? "Breadcrumb" : "Kruimelpad" })).toBeVisible();
      }
      await visitAndScan(page, { path: "/blog/no-such-post", lang: remembered });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(remembered === "en" ? "Article Not Found" : "Artikel niet gevonden");
    });
  }
});

test.describe("the blog's languages", () => {
  test("the Dutch blog marks English posts, and an article written in both languages links its translation", async ({ page }) => {
    await prepare(page, { remembered: "nl" });
    await page.goto("/blog");
    const cards = page.locator("article.post-card");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      const inEnglish = (await card.locator(".post-card__title").getAttribute("lang")) === "en";
      await expect(card.getByText("in het Engels", { exact: true })).toHaveCount(inEnglish ? 1 : 0);
    }

    await page.goto("/blog/avg-en-cookietoestemming-voor-kleine-websites");
    const title = page.getByRole("heading", { level: 1, name: "AVG en cookietoestemming voor kleine websites: wat je echt nodig hebt" });
    await expect(title).toBeVisible();
    await expect(title).not.toHaveAttribute("lang");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/blog\/gdpr-cookie-consent-for-small-websites$/);
    await expect(page.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute("href", /\/blog\/avg-en-cookietoestemming-voor-kleine-websites$/);
    await waitForHydration(page);
    const translation = page.getByRole("link", { name: "Lees dit artikel in het Engels" });
    await expect(translation).toHaveAttribute("hreflang", "en");
    await translation.click();
    await expect(page).toHaveURL(/\/blog\/gdpr-cookie-consent-for-small-websites$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
    await expect(page.locator(".article__body")).toHaveAttribute("lang", "en");
    await expect(page.getByText("in het Engels", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Lees dit artikel in het Nederlands" })).toHaveAttribute("hreflang", "nl");
  });
});

test.describe("portal routes", () => {
  let customer: TestUser;
  let subscriber: TestUser;

  test.beforeAll(async ({ request }) => {
    customer = await registerUser(request, "Route Walker");
    subscriber = await registerUser(request, "Route Subscriber");
    await subscribeViaTestCheckout(request, subscriber);
  });

  for (const remembered of ["nl", "en"] as const) {
    test(`/subscribe for a logged-in visitor (${remembered})`, async ({ page }) => {
      await signIn(page, customer);
      await prepare(page, { remembered });
      await visitAndScan(page, { path: "/subscribe", lang: remembered });
      await expect(page.locator("agency-subscribe")).toHaveAttribute("locale", remembered);
    });

    test(`/dashboard and /subscription/success land on the settings (${remembered})`, async ({ page }) => {
      await signIn(page, subscriber);
      await prepare(page, { remembered });
      await visitAndScan(page, { path: "/dashboard", lands: "/dashboard/settings", lang: remembered });
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: remembered === "en" ? "Main navigation" : "Hoofdnavigatie" })).toHaveCount(0);

      // Typed without a checkout of the visitor's: nothing was just bought, so no success toast.
      await page.goto("/subscription/success");
      await expect(page).toHaveURL(/\/dashboard\/settings$/);
      await expect(page.locator("agency-settings").getByText(remembered === "en" ? "Active" : "Actief", { exact: true })).toBeVisible();
      await expect(page.getByText(remembered === "en" ? "Subscription successful!" : "Abonnement gestart!")).toHaveCount(0);
    });
  }

  test("anonymous visitors are sent to /login from the portal", async ({ page }) => {
    await prepare(page);
    for (const path of ["/subscribe", "/subscription/success", "/dashboard"]) {
      await page.goto(path);
      // The login leads back to the page asked for (the dashboard is where it goes anyway).
      const back = path === "/dashboard" ? "" : `?${new URLSearchParams({ next: path })}`;
      await expect(page).toHaveURL(`/login${back}`);
    }
    // A page below /dashboard is where the login leads back to.
    for (const path of ["/dashboard/settings", "/dashboard/requests"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?${new URLSearchParams({ next: path })}`);
    }
  });

  test("a visitor without a subscription reaches the settings page, which offers to subscribe", async ({ page }) => {
    await signIn(page, customer);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    const settings = page.locator("agency-settings");
    await expect(settings.getByText("Geen actief abonnement")).toBeVisible();
    await expect(settings.getByRole("link", { name: "Kies een abonnement" })).toHaveAttribute("href", "/subscribe");
  });

  test("logout ends the session on the server too", async ({ page, request }) => {
    const leaving = await registerUser(request, "Leaving Customer");
    await subscribeViaTestCheckout(request, leaving);
    await signIn(page, leaving);
    await page.goto("/dashboard/settings");
    await page.getByRole("button", { name: "Uitloggen", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("[data-agency-toaster]")).toContainText("Succesvol uitgelogd");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    const me = await request.get(`${API_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${leaving.token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe("under a preview base path", () => {
  test("the site works below /preview/{first}/{second}/", async ({ page }) => {
    // Several pages, each scanned with axe and for its headings' names.
    test.slow();
    await prepare(page, { toggled: true });
    await visitAndScan(page, { path: "/preview/a/b/", lang: "nl" });
    await expect(page.getByRole("navigation", { name: "Hoofdnavigatie" }).getByRole("link", { name: "Prijzen" })).toHaveAttribute(
      "href",
      "/preview/a/b/pricing",
    );
    await visitAndScan(page, { path: "/preview/a/b/en/pricing", lang: "en" });
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/preview\/a\/b\/en\/contact$/);
    await visitAndScan(page, { path: "/preview/a/b/login", lang: "nl" });
    await visitAndScan(page, { path: "/preview/a/b/blog", lang: "nl" });
  });
});

test.describe("language", () => {
  test("a direct visit to an English page is replaced by the Dutch page", async ({ page }) => {
    await prepare(page);
    await page.goto("/pricing");
    await page.goto("/en/pricing?plan=pro");
    await expect(page).toHaveURL(/\/pricing\?plan=pro$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    // The /en entry was replaced: back goes to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("the toggle adds and removes /en, scrolls to the top and is remembered for the portal", async ({ page }) => {
    await prepare(page);
    await page.goto("/services");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 800));
    await page.getByRole("group", { name: "Taal" }).getByRole("button", { name: /EN/ }).click();
    await expect(page).toHaveURL(/\/en\/services$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Ten seconds later, links inside the English site still lead to English pages.
    await page.evaluate(() => sessionStorage.setItem("languageToggleUsed", String(Date.now() - 10_000)));
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/en\/pricing$/);

    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("agency-login")).toHaveAttribute("locale", "en");

    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: /NL/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("agency-login")).toHaveAttribute("locale", "nl");
  });
});

test.describe("what a good site has", () => {
  test("a badge inside a heading is read as its own word", async ({ page }) => {
    await prepare(page, { toggled: true });
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 3, name: "Blogsysteem, inbegrepen", exact: true })).toBeVisible();
    await expect(page.getByText("Inbegrepen", { exact: true })).toBeVisible();
    await page.goto("/en/services");
    await expect(page.getByRole("heading", { level: 3, name: "Blog system, included", exact: true })).toBeVisible();
  });

  test("title, description, canonical, hreflang and Open Graph per page and language", async ({ page }) => {
    await prepare(page, { toggled: true });
    await page.goto("/pricing");
    await expect(page.locator("h1").first()).toBeAttached();
    const head = page.locator("head");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${API_ORIGIN}/pricing`);
    await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${API_ORIGIN}/en/pricing`);
    await expect(head.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute("href", `${API_ORIGIN}/pricing`);
    await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute("content", "nl_NL");
    const dutchTitle = await page.title();
    const dutchDescription = await head.locator('meta[name="description"]').getAttribute("content");

    await page.goto("/en/pricing");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${API_ORIGIN}/en/pricing`);
    await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
    expect(await page.title()).not.toBe(dutchTitle);
    expect(await head.locator('meta[name="description"]').getAttribute("content")).not.toBe(dutchDescription);
  });

  test("robots.txt and sitemap.xml are served", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.ok()).toBe(true);
    expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.ok()).toBe(true);
    const xml = await sitemap.text();
    for (const path of ["/pricing", "/en/pricing", "/en/cookie-policy", "/blog"]) expect(xml).toContain(`${path}</loc>`);
  });

  test("a marketing page loads no portal code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request: Request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await prepare(page);
    await page.goto("/");
    await expect(page.locator("h1").first()).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /login|register|subscribe|settings|dashboard|require-subscription|reset-password|blog/.test(path))).toEqual([]);
  });

  test("the site and the element bundle run React 19, the version the unit tests run, and no Preact", async ({ page }) => {
    const installed = join(import.meta.dirname, "../node_modules/react-dom/package.json");
    const { version } = JSON.parse(readFileSync(installed, "utf8")) as { version: string };
    expect(version).toMatch(/^19\./);
    const sources: Array<Promise<string>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") sources.push(response.text().catch(() => ""));
    });
    await prepare(page);
    for (const address of ["/pricing", `${EXAMPLES_ORIGIN}/agency-pricing.html`]) {
      sources.length = 0;
      await page.goto(address);
      await expect(page.locator("agency-pricing").locator("h3").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      const code = (await Promise.all(sources)).join("\n");
      // React DOM refuses to run beside another React: its build carries the version it compares with.
      expect(code, address).toMatch(new RegExp(`!==\\s*[\`"']${version.replaceAll(".", "\\.")}[\`"']`));
      expect(code.toLowerCase(), address).not.toContain("preact");
    }
  });

  test("elements route through React Router without reloading the page", async ({ page }) => {
    await prepare(page);
    await page.goto("/login");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.locator("agency-login").getByRole("link", { name: /Maak er een aan|Create one/ }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.locator("agency-login")).toHaveAttribute("view", "register");
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test("the cookie banner shows on public pages and the footer reopens it; axe passes with it open", async ({ page }) => {
    await page.goto("/");
    const banner = page.locator("agency-cookie-banner");
    await expect(banner.getByRole("button").first()).toBeVisible();
    await expectNoAxeViolations(page, "/ with the cookie banner");
    await banner.getByRole("button", { name: "Alleen noodzakelijk", exact: true }).click();
    await expect(banner.getByRole("button")).toHaveCount(0);
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-instellingen" }).click();
    await expect(banner.getByRole("checkbox").first()).toBeVisible();
  });
});
