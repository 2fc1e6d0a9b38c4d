import { expect, test, type Page } from "@playwright/test";
import { AUTH_PATHS, BILINGUAL_PATHS, PUBLIC_PATHS, SINGLE_LANGUAGE_PATHS } from "../host/src/lib/site-pages";
import { API_ORIGIN, articlePaths, prepareVisitor, registerUser, signIn, waitForHydration } from "./helpers";

/**
 * What stands between a request and the first paint of a public page, and what the browser does with the page
 * afterwards: no script is requested before the first contentful paint (the HTML and its inline CSS make it);
 * the islands then hydrate without changing a character of the served markup and without a console error or
 * warning (React reports a hydration mismatch there); and the first navigation hydrates the whole page with the
 * app and goes on to the next page without loading a new document.
 */

type Window = { servedMarkup?: string | null; servedAt?: number; sameDocument?: boolean };

/** Collects console errors and warnings and uncaught errors, each with the page it happened on. */
function collectProblems(page: Page): { problems: string[]; on: (path: string) => void } {
  const problems: string[] = [];
  let current = "";
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${current}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${current}: ${error.message}`));
  return { problems, on: (path) => (current = path) };
}

test("no public page requests a script before its first paint, and its islands hydrate without changing the served HTML", async ({ page, request }) => {
  test.setTimeout(300_000);
  const { problems, on } = collectProblems(page);
  // English pages are shown after the toggle (the guard sends a fresh visit to the Dutch page).
  await prepareVisitor(page, { english: true });
  // The markup of #root as the parser built it from the server's HTML, before any of the page's scripts ran.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      (window as Window).servedMarkup = document.getElementById("root")?.innerHTML ?? null;
      (window as Window).servedAt = performance.now();
    });
  });
  for (const path of [...PUBLIC_PATHS, ...(await articlePaths(request)), ...AUTH_PATHS]) {
    on(path);
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const seen = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd }));
      const { servedMarkup, servedAt } = window as Window;
      return { paint, scripts, servedMarkup, servedAt, markup: document.getElementById("root")?.innerHTML };
    });
    expect(seen.paint, `${path}: first contentful paint`).not.toBeNull();
    expect(seen.scripts.length, `${path}: scripts after the paint`).toBeGreaterThan(0);
    expect(seen.scripts.filter((script) => script.start < seen.paint!).map((script) => script.name), `${path}: scripts requested before the first paint`).toEqual([]);
    // Taken before any script had arrived, so it is the server's markup.
    expect(seen.servedAt!, path).toBeLessThan(Math.min(...seen.scripts.map((script) => script.end)));
    expect(seen.markup, `${path}: the markup after hydration`).toBe(seen.servedMarkup);
  }
  expect(problems).toEqual([]);
});

test("the first navigation from a public page hydrates it as served, without a warning, and needs no new document", async ({ page, request }) => {
  test.setTimeout(240_000);
  const { problems, on } = collectProblems(page);
  await prepareVisitor(page, { english: true });
  const [article] = await articlePaths(request);
  const english = (path: string) => (path === "/" ? "/en" : `/en${path}`);
  const paths = [...BILINGUAL_PATHS, ...BILINGUAL_PATHS.map(english), ...SINGLE_LANGUAGE_PATHS, ...(article ? [article] : []), ...AUTH_PATHS];
  for (const path of paths) {
    on(path);
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => ((window as Window).sameDocument = true));
    // The footer's link to the blog (to the home page from the blog itself), a plain link of the server's HTML.
    const quickLinks = page.getByRole("contentinfo").getByRole("navigation", { name: /Snelle links|Quick links/ });
    const onBlog = path === "/blog";
    await quickLinks.getByRole("link", { name: onBlog ? "Home" : "Blog", exact: true }).click();
    await expect(page, path).toHaveURL(onBlog ? `${API_ORIGIN}/` : `${API_ORIGIN}/blog`);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeFocused();
    expect(await page.evaluate(() => (window as Window).sameDocument), `${path}: the same document`).toBe(true);
  }
  expect(problems).toEqual([]);
});

test.describe("before the page's script has arrived", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // A visitor's page hydrates its islands; a signed-in visitor's is hydrated by the whole app at once.
  for (const visitor of ["visitor", "signed-in customer"] as const) {
    test(`a click on an island's button is not lost: it takes effect, once, when the page is hydrated (${visitor})`, async ({ page, request }) => {
      if (visitor === "signed-in customer") await signIn(page, await registerUser(request, "Early Click"));
      await prepareVisitor(page);
      // The site's entry module is held back until the visitor has clicked.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/pricing", { waitUntil: "domcontentloaded" });
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      await menu.click();
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

      release();
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: "Menu sluiten" })).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("navigation", { name: "Hoofdnavigatie" }).getByRole("link", { name: "Prijzen" })).toBeVisible();
    });
  }
});

test("the login page leaves the register and forgot-password views until the visitor shows intent", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const views = () => requested.filter((path) => /\/(register|forgot)-view-[\w-]+\.js$/.test(path));
  await prepareVisitor(page);
  await page.goto("/login");
  const login = page.locator("agency-login");
  await expect(login.locator("input[type=email]")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(views(), "fetched with the page's load").toEqual([]);
  // A pointer over the element fetches both; the register link then switches without waiting.
  await login.locator("input[type=email]").hover();
  await expect.poll(() => views().length).toBe(2);
  await login.getByRole("link", { name: "Maak er een aan" }).click();
  await expect(login.getByLabel("Volledige naam")).toBeVisible();
});

test("no public page makes an Intl formatter as it loads: prices, budgets and countries are written without one", async ({ page, request }) => {
  test.setTimeout(240_000);
  // The first Intl formatter a page makes costs it tens of milliseconds of main thread, while it loads its locale data.
  await prepareVisitor(page, { english: true });
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as { intlMade?: string[] }).intlMade = made;
    for (const name of ["NumberFormat", "DateTimeFormat", "DisplayNames", "Collator", "RelativeTimeFormat", "ListFormat"] as const) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
        construct: (target, args) => (made.push(`Intl.${name}`), Reflect.construct(target, args) as object),
      });
    }
    for (const [type, method] of [[Number, "toLocaleString"], [Date, "toLocaleString"], [Date, "toLocaleDateString"], [Date, "toLocaleTimeString"]] as const) {
      const original = (type.prototype as unknown as Record<string, (...args: unknown[]) => string>)[method]!;
      (type.prototype as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        made.push(`${type.name}.${method}`);
        return original.apply(this, args);
      };
    }
  });
  for (const path of [...PUBLIC_PATHS, ...(await articlePaths(request)), ...AUTH_PATHS]) {
    await page.goto(path);
    await waitForHydration(page);
    // Elements render as they come near the viewport.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as { intlMade?: string[] }).intlMade), path).toEqual([]);
  }
  // What they write instead: the prices in each site's currency, the quote form's budgets and countries.
  await page.goto("/pricing");
  await expect(page.locator("agency-pricing")).toContainText("€\u00a0499");
  await page.goto("/en/pricing");
  await expect(page.locator("agency-pricing")).toContainText("$599");
  await page.goto("/contact");
  const form = page.locator("agency-quote-form");
  await expect(form.getByLabel(/^Landcode/).locator("option:checked")).toHaveText("Nederland (+31)");
  await expect(form.getByLabel(/^Budget/).locator("option").nth(2)).toHaveText("€\u00a0800 - €\u00a01.600");
  expect(await page.evaluate(() => (window as { intlMade?: string[] }).intlMade)).toEqual([]);
});

test("the site follows the visitor's colour scheme from the first paint: the served CSS holds both, no script decides", async ({ browser }) => {
  for (const [scheme, page, text] of [
    ["dark", "rgb(31, 41, 55)", "rgb(249, 250, 251)"],
    ["light", "rgb(255, 255, 255)", "rgb(17, 24, 39)"],
  ] as const) {
    // Without JavaScript: what is painted is the HTML and its inline CSS alone.
    const context = await browser.newContext({ colorScheme: scheme, javaScriptEnabled: false });
    try {
      const tab = await context.newPage();
      await tab.goto(`${API_ORIGIN}/pricing`);
      await expect(tab.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "light dark");
      const painted = await tab.evaluate(() => {
        const body = getComputedStyle(document.body);
        return { scheme: getComputedStyle(document.documentElement).colorScheme, background: body.backgroundColor, color: body.color };
      });
      expect(painted, scheme).toEqual({ scheme, background: page, color: text });
    } finally {
      await context.close();
    }
  }
});
