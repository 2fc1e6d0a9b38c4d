import { expect, test, type Page } from "@playwright/test";
import { API_ORIGIN, EXAMPLES_ORIGIN, articlePaths, registerUser, signIn } from "./helpers";

/**
 * A visitor who chose English keeps English: the pages that exist at one address arrive from the server in English
 * (the language cookie), with no Dutch painted first, and links that elements and the site build for an English
 * visitor lead to English pages, also in a new tab and from a partner's page.
 */
const CONSENT = JSON.stringify({ necessary: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: 1, id: "e2e" });
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
];
const ONE_ADDRESS = ["/about", "/features", "/blog", "/login", "/register", "/forgot-password"];

/** Records, in every frame from the first one, the page's language and its first heading. */
async function recordFrames(page: Page) {
  await page.addInitScript((consent) => {
    localStorage.setItem("cookieConsent", consent);
    const frames: { lang: string; h1: string | null }[] = [];
    (window as unknown as { frames_: typeof frames }).frames_ = frames;
    const tick = () => {
      const h1 = document.querySelector("h1");
      frames.push({ lang: document.documentElement.lang, h1: h1 ? (h1.textContent ?? "") : null });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, CONSENT);
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { frames_: { lang: string; h1: string | null }[] }).frames_.filter((f) => f.h1 !== null));

const englishCookie = { name: "lang", value: "en", url: API_ORIGIN };

test.describe("pages that exist once, for a visitor who chose English", () => {
  let article = "";
  test.beforeAll(async ({ request }) => {
    article = (await articlePaths(request))[0]!;
  });

  test("the server's HTML is English with the language cookie, Dutch without it or with nonsense in it", async ({ request }) => {
    for (const path of [...ONE_ADDRESS, article]) {
      const english = await request.get(path, { headers: { accept: "text/html", cookie: "theme=dark; lang=en" } });
      expect(english.status(), path).toBe(200);
      expect(await english.text(), path).toMatch(/<html lang="en"/);
      expect(english.headers()["vary"], path).toMatch(/cookie/i);
      for (const cookie of ["", "lang=de", "slang=en"]) {
        const dutch = await request.get(path, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
        expect(await dutch.text(), `${path} with "${cookie}"`).toMatch(/<html lang="nl"/);
      }
    }
    // A page with an English duplicate keeps the language of its path, whatever the cookie says.
    expect(await (await request.get("/pricing", { headers: { accept: "text/html", cookie: "lang=en" } })).text()).toMatch(/<html lang="nl"/);
  });

  for (const viewport of VIEWPORTS) {
    test(`a reload or a deep link paints English from the first frame (${viewport.name})`, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      await context.addCookies([englishCookie]);
      await recordFrames(page);
      for (const path of [...ONE_ADDRESS, article]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        // Long enough for the app or the islands to have started and for a late switch of language to show.
        await page.waitForTimeout(1_500);
        const frames = await framesOf(page);
        const last = frames.at(-1)!;
        expect(frames.length, path).toBeGreaterThan(0);
        for (const frame of frames) expect(frame, `${path}: every painted frame is the English page`).toEqual({ lang: "en", h1: last.h1 });
      }
    });
  }

  test("the toggle sets the language cookie, and the next page arrives in English (phone)", async ({ page, context }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await recordFrames(page);
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    const menu = page.getByRole("button", { name: /^(Menu|Open menu)$/ });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole("button", { name: "EN English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const cookies = await context.cookies(API_ORIGIN);
    expect(cookies.find((c) => c.name === "lang")).toMatchObject({ value: "en", sameSite: "Lax" });
    await page.goto("/login");
    await page.waitForTimeout(1_000);
    for (const frame of await framesOf(page)) expect(frame.lang).toBe("en");
  });
});

test.describe("links built for an English visitor lead to English pages (phone)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the quote form's privacy link on /en/contact opens the English policy in a new tab", async ({ page, context }) => {
    // English chosen with the toggle a moment ago, in this tab only: the new tab knows nothing of it.
    await page.addInitScript((consent) => {
      localStorage.setItem("cookieConsent", consent);
      sessionStorage.setItem("languageToggleUsed", String(Date.now()));
    }, CONSENT);
    await page.goto("/en/contact");
    const link = page.locator("agency-quote-form").getByRole("link", { name: "Read our privacy policy (opens in a new tab)" });
    await link.scrollIntoViewIfNeeded();
    const [policy] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await policy.waitForLoadState("load");
    await policy.waitForTimeout(1_000);
    expect(new URL(policy.url()).pathname).toBe("/en/privacy-policy");
    await expect(policy.locator("html")).toHaveAttribute("lang", "en");
    await expect(policy.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  });

  test("agency-pricing with contact-href=\"/en/contact\" on a partner page lands on the English contact page", async ({ page, context }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-pricing.html`);
    const start = page.locator("#pricing").getByRole("link", { name: /Get Started/ }).first();
    const href = await start.getAttribute("href");
    expect(href).toBe(`${API_ORIGIN}/en/contact?lang=en`);
    // Opened in a new tab, as a visitor on a phone often does with a link to another site.
    const tab = await context.newPage();
    await tab.goto(href!);
    await tab.waitForTimeout(1_000);
    expect(new URL(tab.url()).pathname).toBe("/en/contact");
    await expect(tab.locator("html")).toHaveAttribute("lang", "en");
    // Followed in the same tab.
    await start.click();
    await page.waitForURL(/\/en\/contact\?lang=en$/);
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe("/en/contact");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the dashboard's brand link takes an English customer to the English home page, a Dutch one to the Dutch", async ({ page, request }) => {
    for (const [language, home, title] of [
      ["en", "/en", /Pixelwerf/],
      ["nl", "/", /Pixelwerf/],
    ] as const) {
      const user = await registerUser(request, "Brand Link", language);
      await signIn(page, user);
      await page.evaluate((lang) => localStorage.setItem("preferredLanguage", lang), language);
      await page.goto("/dashboard/settings");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const brand = page.getByRole("banner").getByRole("link", { name: "Pixelwerf" });
      await expect(brand).toHaveAttribute("href", home);
      await brand.click();
      await page.waitForURL((url) => url.pathname === home);
      await page.waitForTimeout(1_000);
      expect(new URL(page.url()).pathname).toBe(home);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page).toHaveTitle(title);
      await page.context().clearCookies();
    }
  });
});
