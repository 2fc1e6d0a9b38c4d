import { readdirSync, readFileSync } from "node:fs";
import { chromium, expect, test, type Page } from "@playwright/test";
import { API_ORIGIN, EXAMPLES_ORIGIN, expectNoAxeViolations } from "./helpers";

// What partners and regulators check first, on the partner origin of the examples: Global Privacy Control, cookies
// cleared on refusal and withdrawal, embeds held until consent, the proof a visitor can quote, nothing set or sent
// before a decision, and a release pinned with Subresource Integrity.

const banner = (page: Page) => page.locator("agency-cookie-banner").getByRole("region", { name: /^(Cookies on this website|Cookies op deze website)$/ });
/** Chromium has no Global Privacy Control setting; the page sees what a browser that sends it shows. */
const sendGpc = (page: Page) =>
  page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { configurable: true, get: () => true }));
/** The decision as the banner keeps it on a partner's origin: under the elements' own key. */
const storedConsent = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("agency.cookieConsent") ?? "null") as Record<string, unknown> | null);

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    // A script the test itself evaluates in the page (axe-core, which sets inline styles while it measures) has no
    // address; what the page and the elements do has theirs.
    if (message.location().url === "") return;
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe("Global Privacy Control", () => {
  for (const locale of ["en", "nl"] as const) {
    test(`is respected and said so (${locale}): accepting leaves marketing off, Google tags get ad_* denied, the record keeps the signal`, async ({ page }) => {
      await sendGpc(page);
      await page.setExtraHTTPHeaders({ "Sec-GPC": "1" });
      await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner.html`);
      if (locale === "nl") await page.getByRole("button", { name: "Switch language" }).click();
      const text =
        locale === "en"
          ? { notice: /Your browser sends a Global Privacy Control signal, and we respect it/, accept: "Accept analytics", settings: "Cookie settings", id: "Consent ID" }
          : { notice: /Je browser stuurt een Global Privacy Control-signaal en dat respecteren we/, accept: "Analytisch accepteren", settings: "Cookie-instellingen", id: "Consent-ID" };
      await expect(banner(page).getByText(text.notice)).toBeVisible();
      await banner(page).getByRole("button", { name: text.settings }).click();
      await expect(banner(page).getByRole("checkbox", { name: "Marketing" })).not.toBeChecked();
      await expectNoAxeViolations(page, `banner with the GPC notice (${locale})`);

      const proof = page.waitForRequest((r) => r.url() === `${API_ORIGIN}/api/consent` && r.method() === "POST");
      await banner(page).getByRole("button", { name: text.accept, exact: true }).click();
      const request = await proof;
      expect(request.postDataJSON()).toMatchObject({ analytics: true, marketing: false, gpc: true });
      expect(await request.headerValue("sec-gpc")).toBe("1");
      expect((await request.response())!.status()).toBe(200);
      expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: false, gpc: true });
      await expect(page.locator("#marketing-state")).toHaveText("not run");
      await expect(page.locator("#datalayer")).toContainText('["consent","update",{"analytics_storage":"granted","ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied"}]');

      // The details now show the record the agency keeps, to name in a question.
      await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
      const id = String((await storedConsent(page))!.id);
      await expect(banner(page).getByRole("definition").filter({ hasText: id })).toBeVisible();
      await expect(banner(page).getByRole("term").filter({ hasText: text.id })).toBeVisible();
      await expectNoAxeViolations(page, `banner details with the consent record (${locale})`);

      // The visitor can still opt in themselves.
      await banner(page).getByRole("checkbox", { name: "Marketing" }).check();
      await banner(page).getByRole("button", { name: locale === "en" ? "Save preferences" : "Voorkeuren opslaan" }).click();
      await expect(page.locator("#marketing-state")).toHaveText("ran");
      expect(await storedConsent(page)).toMatchObject({ marketing: true, gpc: true });
    });
  }
});

test.describe("cookies of a refused category", () => {
  test("are deleted on the host and its parent domains at 'Only necessary' and at a later withdrawal; necessary ones stay", async () => {
    // A partner on a subdomain (www.shop.partner.test), where tags set their cookies on the widest domain.
    const port = new URL(EXAMPLES_ORIGIN).port;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.partner.test 127.0.0.1"],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const origin = `http://www.shop.partner.test:${port}`;
      const setTrackingCookies = () =>
        context.addCookies([
          { name: "_ga", value: "GA1.1.1", domain: ".partner.test", path: "/" },
          { name: "_ga_X1Y2Z3", value: "GS1.1", domain: ".partner.test", path: "/" },
          { name: "_gid", value: "GA1.2", domain: ".shop.partner.test", path: "/" },
          { name: "_gcl_au", value: "1.1", domain: ".partner.test", path: "/" },
          { name: "_fbp", value: "fb.1", url: origin },
          { name: "session", value: "keep", url: origin },
          { name: "preferred_language", value: "en", domain: ".partner.test", path: "/" },
        ]);
      const names = async () => (await context.cookies()).map((c) => c.name).sort();
      await setTrackingCookies();
      await page.goto(`${origin}/agency-cookie-banner.html`);
      await banner(page).getByRole("button", { name: "Only necessary", exact: true }).click();
      await expect.poll(names).toEqual(["preferred_language", "session"]);

      await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
      await banner(page).getByRole("checkbox", { name: "Analytics" }).check();
      await banner(page).getByRole("checkbox", { name: "Marketing" }).check();
      await banner(page).getByRole("button", { name: "Save preferences" }).click();
      await setTrackingCookies();
      await page.waitForTimeout(200);
      expect(await names()).toEqual(["_fbp", "_ga", "_ga_X1Y2Z3", "_gcl_au", "_gid", "preferred_language", "session"]);

      // Withdrawing marketing later takes Google Ads' and Meta's cookies, and leaves analytics'.
      await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
      await banner(page).getByRole("checkbox", { name: "Marketing" }).uncheck();
      await banner(page).getByRole("button", { name: "Save preferences" }).click();
      await expect.poll(names).toEqual(["_ga", "_ga_X1Y2Z3", "_gid", "preferred_language", "session"]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

test.describe("consent-gated embeds", () => {
  const VIDEO = "https://www.youtube-nocookie.com/";
  const MAP = "https://www.openstreetmap.org/";

  test("stay empty behind a placeholder naming the provider, load once or for good, and unload when withdrawn, under the strict CSP", async ({ page }) => {
    // Two axe runs, a reload and four decisions: more than the default minute on a shared machine.
    test.setTimeout(120_000);
    const violations = watchCsp(page);
    const loaded: string[] = [];
    for (const provider of [VIDEO, MAP]) {
      await page.route(`${provider}**`, (route) => {
        loaded.push(route.request().url());
        return route.fulfill({ contentType: "text/html", body: `<!doctype html><title>embed</title><p>${provider}</p>` });
      });
    }
    await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner-embeds.html`);
    const video = page.getByTitle("Our story");
    const placeholders = page.locator("[data-agency-consent-placeholder]");
    const videoPlaceholder = page.getByRole("group", { name: "Our story" });
    await expect(videoPlaceholder).toContainText("This content is provided by YouTube, which may set marketing cookies.");
    await expect(page.getByRole("group", { name: "Map of our office" })).toContainText("provided by OpenStreetMap, which may set analytics cookies");
    await expect(placeholders).toHaveCount(2);
    await expect(video).toBeHidden();
    // The placeholder holds the frame's size, so nothing moves when it loads.
    expect((await placeholders.first().boundingBox())!.height).toBeGreaterThanOrEqual(315);
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page, "embeds page with placeholders");
    expect(loaded).toEqual([]);

    await videoPlaceholder.getByRole("button", { name: "Load this once" }).click();
    await expect(video).toBeVisible();
    await expect(video).toHaveAttribute("src", /youtube-nocookie\.com\/embed\//);
    await expect.poll(() => loaded.filter((u) => u.startsWith(VIDEO)).length).toBe(1);
    expect(await storedConsent(page)).toBeNull();

    // A decision that refuses marketing unloads it; accepting marketing from the placeholder loads it for good.
    await banner(page).getByRole("button", { name: "Only necessary", exact: true }).click();
    await expect(video).toBeHidden();
    await expect(video).toHaveAttribute("src", "about:blank");
    await page.getByRole("group", { name: "Our story" }).getByRole("button", { name: "Accept marketing" }).click();
    await expect(video).toBeVisible();
    expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: true });
    await page.reload();
    // Loaded for good: the banner's code sets the frame's address again (and listens for 'Cookie settings' from then on).
    await expect(page.getByTitle("Our story")).toHaveAttribute("src", /youtube-nocookie\.com\/embed\//);
    await expect(page.getByTitle("Our story")).toBeVisible();
    await expect(page.getByRole("group", { name: "Map of our office" })).toBeVisible();

    // Withdrawn in the settings: unloaded again, the placeholder back. The frames load around the link just after a
    // reload, and a click computed before they settle can land on a frame instead: clicked again until the banner opens.
    await expect(async () => {
      await page.getByRole("link", { name: "Cookie settings" }).click({ timeout: 5_000 });
      await expect(banner(page).getByRole("checkbox", { name: "Marketing" })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await banner(page).getByRole("checkbox", { name: "Marketing" }).uncheck();
    await banner(page).getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByTitle("Our story")).toHaveAttribute("src", "about:blank");
    await expect(page.getByRole("group", { name: "Our story" })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("speak the page's language", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner-embeds.html`);
    await page.locator("agency-cookie-banner").evaluate((el) => el.setAttribute("locale", "nl"));
    const group = page.getByRole("group", { name: "Our story" });
    await expect(group).toContainText("Deze inhoud komt van YouTube, dat marketingcookies kan plaatsen.");
    await expect(group.getByRole("button", { name: "Eén keer laden" })).toBeVisible();
    await expect(group.getByRole("button", { name: "Marketing accepteren" })).toBeVisible();
    await expect(group).toHaveAttribute("lang", "nl");
  });
});

test.describe("nothing before consent", () => {
  const pages = readdirSync(new URL("../examples/", import.meta.url)).filter((f) => f.endsWith(".html"));

  test("no example page sets a cookie, stores anything but the necessary, or sends a request but to the agency, before a decision", async ({ browser }) => {
    test.setTimeout(180_000);
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const file of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      for (const frame of ["https://www.youtube-nocookie.com/**", "https://www.openstreetmap.org/**"]) {
        await page.route(frame, (route) => route.fulfill({ contentType: "text/html", body: "<p>embed</p>" }));
      }
      await page.goto(`${EXAMPLES_ORIGIN}/${file}`);
      // The banner is up where there is one, and the elements have rendered: still no decision.
      await page.waitForTimeout(1500);
      if (readFileSync(new URL(`../examples/${file}`, import.meta.url), "utf8").includes("<agency-cookie-banner")) {
        await expect(banner(page), file).toBeVisible();
      }
      expect(await context.cookies(), file).toEqual([]);
      const storage = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
      expect(storage, file).toEqual({ local: [], session: [] });
      for (const url of requests) {
        const { origin, pathname } = new URL(url);
        const allowed = origin === EXAMPLES_ORIGIN || (origin === API_ORIGIN && /^\/(widgets|api)\//.test(pathname));
        expect(allowed, `${file} requested ${url}`).toBe(true);
      }
      expect(requests.filter((u) => u.startsWith(`${API_ORIGIN}/api/consent`)), file).toEqual([]);
      await context.close();
    }
  });
});

test.describe("a release pinned with Subresource Integrity", () => {
  const { version } = JSON.parse(readFileSync(new URL("../packages/widgets/package.json", import.meta.url), "utf8")) as { version: string };

  test("the embedding guide shows the snippet, and Chromium on the partner origin loads the bundle with the published hash and refuses a wrong one", async ({ page, request }) => {
    const readme = readFileSync(new URL("../packages/widgets/README.md", import.meta.url), "utf8");
    expect(readme).toMatch(/<script type="module" src="https:\/\/your-agency\.example\/widgets\/1\.0\.0\/agency-widgets\.js"\s+integrity="sha384-[^"]*" crossorigin="anonymous"><\/script>/);

    const integrity = (await (await request.get(`${API_ORIGIN}/widgets/${version}/integrity.json`)).json()) as Record<string, string>;
    expect(Object.keys(integrity)).toEqual(expect.arrayContaining(["agency-widgets.js", "agency-login.js", "agency-subscribe.js"]));
    // A real partner page under its strict CSP that loads only agency-pricing.
    await page.goto(`${EXAMPLES_ORIGIN}/agency-pricing.html`);
    const load = (file: string, expected: string) =>
      page.evaluate(
        ({ src, hash }) =>
          new Promise<string>((resolve) => {
            const script = document.createElement("script");
            script.type = "module";
            script.src = src;
            script.integrity = hash;
            script.crossOrigin = "anonymous";
            script.addEventListener("load", () => resolve("loaded"));
            script.addEventListener("error", () => resolve("refused"));
            document.head.append(script);
          }),
        { src: `${API_ORIGIN}/widgets/${version}/${file}`, hash: expected },
      );
    expect(await page.evaluate(() => [customElements.get("agency-login"), customElements.get("agency-subscribe")].map(Boolean))).toEqual([false, false]);
    expect(await load("agency-login.js", integrity["agency-login.js"]!)).toBe("loaded");
    expect(await page.evaluate(() => Boolean(customElements.get("agency-login")))).toBe(true);

    const wrong = integrity["agency-subscribe.js"]!.replace(/^sha384-./, (s) => (s.endsWith("A") ? "sha384-B" : "sha384-A"));
    expect(await load("agency-subscribe.js", wrong)).toBe("refused");
    expect(await page.evaluate(() => Boolean(customElements.get("agency-subscribe")))).toBe(false);
  });
});
