import { expect, test, type Locator, type Page } from "@playwright/test";
import { API_ORIGIN, EXAMPLES_ORIGIN, expectNoAxeViolations, storedQuoteRequests, uniqueEmail } from "./helpers";

// The three marketing elements on their example pages: served from a partner origin, talking to the API on the
// agency's origin, under hostile page CSS.

const HOTPINK = "rgb(255, 105, 180)";
const PAGE_RED = "rgb(139, 0, 0)";

async function fillQuote(form: Locator, email: string) {
  await form.getByLabel(/^Full name/).fill("Partner Test");
  await form.getByLabel(/^Email address/).fill(email);
  await form.getByLabel(/^Company name/).fill("Bakery B.V.");
  await form.getByLabel(/^Country code/).selectOption({ label: "Germany (+49)" });
  await form.getByLabel(/^Phone number/).fill("030 1234567");
  await form.getByLabel(/^Project type/).selectOption("landing-page");
  await form.getByLabel(/^Budget range/).selectOption({ label: "$1,000 - $2,000" });
  await form.getByLabel(/^Timeline/).selectOption("flexible");
  await form.getByLabel(/^Domain status/).selectOption("need-domain");
  await form.getByRole("checkbox", { name: "Online booking" }).check();
  await form.getByLabel(/^Message/).fill("Sent from the examples page");
}

test.describe("agency-quote-form example", () => {
  test("stores a quote submitted from the partner origin, with source, language and UTM", async ({ page, request }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${EXAMPLES_ORIGIN}/agency-quote-form.html?utm_source=e2e&utm_campaign=examples`);
    const form = page.locator("agency-quote-form");
    const email = uniqueEmail("quote");
    await fillQuote(form, email);

    const sent = page.waitForRequest((r) => r.url() === `${API_ORIGIN}/api/contact` && r.method() === "POST");
    await form.getByRole("button", { name: "Request a free quote" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      email,
      countryCode: "+49",
      budgetRange: "1000-2000",
      features: ["online-booking"],
      biggestChallenge: "",
      language: "en",
      source: "example-partner-site",
      utm: { utm_source: "e2e", utm_campaign: "examples" },
      website_url: "",
    });
    expect(body.pageUrl).toContain(`${EXAMPLES_ORIGIN}/agency-quote-form.html`);

    await expect(form.getByText("Thank you! Your message has been sent.")).toBeVisible();
    // The form is reset, and the country code is back to +31.
    await expect(form.getByLabel(/^Full name/)).toHaveValue("");
    await expect(form.getByLabel(/^Country code/)).toHaveValue("NL");
    await expect(page.locator("#log")).toContainText(`agency-quote-submitted {"name":"Partner Test","email":"${email}"`);

    const stored = (await storedQuoteRequests(request)).find((r) => r.email === email);
    expect(stored, "the quote request is in the database").toBeTruthy();
    expect(stored).toMatchObject({ name: "Partner Test", source: "example-partner-site", language: "en" });
    expect(JSON.stringify(stored)).toContain("examples");
    expect(errors).toEqual([]);
  });

  test("validates inline, in Dutch after a language switch, without sending anything", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-quote-form.html`);
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/contact")) posted = true;
    });
    await page.getByRole("button", { name: "Switch language" }).click();
    const form = page.locator("agency-quote-form");
    await form.getByRole("button", { name: "Vraag een gratis offerte aan" }).click();
    const name = form.getByLabel(/^Volledige naam/);
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Vul je naam in");
    await expect(name).toBeFocused();
    await expect(form.getByLabel(/^Budget/)).toHaveAccessibleDescription("Kies een budget");
    await expect(form.getByRole("option", { name: "€ 400 - € 800" })).toHaveCount(1);
    await expectNoAxeViolations(page, "on agency-quote-form.html with validation errors");
    expect(posted).toBe(false);
  });

  test("is not restyled by the page's CSS", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-quote-form.html`);
    const form = page.locator("agency-quote-form");
    const submit = form.getByRole("button", { name: "Request a free quote" });
    await expect(submit).toBeVisible();
    await expect(submit).not.toHaveCSS("background-color", HOTPINK);
    await expect(submit).not.toHaveCSS("font-size", "40px");
    await expect(form.getByLabel(/^Full name/)).not.toHaveCSS("border-top-style", "dotted");
    await expect(form.locator("label").first()).toHaveCSS("text-transform", "none");
    await expect(form.locator("label").first()).not.toHaveCSS("color", PAGE_RED);
    // The page's own button still gets the page's CSS: the element's styles do not leak out either.
    await expect(page.getByRole("button", { name: "Switch language" })).toHaveCSS("background-color", HOTPINK);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-quote-form.html`);
    await expect(page.locator("agency-quote-form").getByRole("button", { name: "Request a free quote" })).toBeVisible();
    await expectNoAxeViolations(page, "on agency-quote-form.html");
  });
});

test.describe("agency-pricing example", () => {
  test("shows the packages in dollars, and in euro after a language switch", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-pricing.html`);
    const pricing = page.locator("agency-pricing");
    await expect(pricing.locator(".package__amount")).toHaveText(["$599", "$1,199", "$2,400"]);
    await expect(pricing.locator(".package__monthly")).toHaveText(["+ $69 per month", "+ $129 per month", "+ $259 per month"]);
    await expect(pricing.getByText("Recommended")).toBeVisible();
    await expect(pricing.getByRole("heading", { name: "What's Included" })).toBeVisible();
    await page.getByRole("button", { name: "Switch language" }).click();
    await expect(pricing.locator(".package__amount")).toHaveText(["€ 499", "€ 999", "€ 1.999"]);
    await expect(pricing.getByRole("link", { name: "Begin Nu" })).toHaveCount(3);
  });

  test("emits agency-package-select, then leaves through agency-navigate to the contact page", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-pricing.html?stay`);
    const pricing = page.locator("agency-pricing");
    await pricing.getByRole("link", { name: "Get Started" }).nth(1).click();
    const log = page.locator("#log");
    await expect(log).toContainText(
      'agency-package-select {"id":"professional","name":"Professional","startupFee":1199,"monthlyFee":129,"currency":"USD"}',
    );
    await expect(log).toContainText(`agency-navigate {"to":"${API_ORIGIN}/en/contact"`);
    expect((await log.textContent())!.indexOf("agency-package-select")).toBeLessThan((await log.textContent())!.indexOf("agency-navigate"));
    expect(page.url()).toContain("/agency-pricing.html");

    await page.goto(`${EXAMPLES_ORIGIN}/agency-pricing.html`);
    await pricing.getByRole("link", { name: "Get Started" }).first().click();
    // The English element's link says its language, so the site's /en guard keeps the English contact page.
    await page.waitForURL(new RegExp(`^${API_ORIGIN}/en/contact\\?lang=en$`));
  });

  test("is not restyled by the page's CSS", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-pricing.html`);
    const pricing = page.locator("agency-pricing");
    const heading = pricing.getByRole("heading", { name: "Starter" });
    await expect(heading).toBeVisible();
    await expect(heading).not.toHaveCSS("font-size", "64px");
    await expect(heading).not.toHaveCSS("color", PAGE_RED);
    const cta = pricing.getByRole("link", { name: "Get Started" }).first();
    await expect(cta).not.toHaveCSS("background-color", HOTPINK);
    await expect(cta).not.toHaveCSS("font-size", "40px");
    await expect(pricing.locator(".package__features").first()).toHaveCSS("list-style-type", "none");
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-pricing.html`);
    await expect(page.locator("agency-pricing").getByRole("heading", { name: "Enterprise" })).toBeVisible();
    await expectNoAxeViolations(page, "on agency-pricing.html");
  });
});

test.describe("agency-cookie-banner example", () => {
  const banner = (page: Page) => page.locator("agency-cookie-banner").getByRole("region", { name: "Cookies on this website" });

  test("appears after a second, records 'Accept all' as proof and runs the held scripts", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner.html`, { waitUntil: "domcontentloaded" });
    await expect(banner(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    await expect(page.locator("#analytics-state")).toHaveText("not run");

    const proof = page.waitForResponse((r) => r.url() === `${API_ORIGIN}/api/consent` && r.request().method() === "POST");
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    expect((await proof).status()).toBe(200);
    await expect(banner(page)).toBeHidden();
    await expect(page.locator("#analytics-state")).toHaveText("ran");
    await expect(page.locator("#marketing-state")).toHaveText("ran");
    await expect(page.locator("#log")).toContainText('agency-consent-change {"id":');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("agency.cookieConsent") ?? "null"));
    expect(stored).toMatchObject({ necessary: true, analytics: true, marketing: true, version: 1 });

    // The decision holds: no banner after a reload, and the scripts run at load.
    await page.reload();
    await expect(page.locator("#analytics-state")).toHaveText("ran");
    await page.waitForTimeout(1500);
    await expect(banner(page)).toBeHidden();
  });

  test("'Only necessary' runs nothing; the footer link reopens the choices to change them", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner.html`);
    await banner(page).getByRole("button", { name: "Only necessary", exact: true }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator("#analytics-state")).toHaveText("not run");

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Cookie settings" })).toHaveAttribute("aria-expanded", "true");
    await expect(banner(page).getByRole("checkbox", { name: "Necessary" })).toBeChecked();
    await expect(banner(page).getByRole("checkbox", { name: "Necessary" })).toBeDisabled();
    const analytics = banner(page).getByRole("checkbox", { name: "Analytics" });
    await expect(analytics).not.toBeChecked();
    await expect(analytics).toBeFocused();
    await analytics.check();
    await banner(page).getByRole("button", { name: "Save preferences" }).click();
    await expect(page.locator("#analytics-state")).toHaveText("ran");
    await expect(page.locator("#marketing-state")).toHaveText("not run");
    await expect(page.locator("#consent")).toContainText('"analytics":true,"marketing":false');
  });

  test("is not restyled by the page's CSS and stays fixed at the bottom", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner.html`);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toHaveCSS("position", "fixed");
    const accept = banner(page).getByRole("button", { name: "Accept all" });
    await expect(accept).not.toHaveCSS("background-color", HOTPINK);
    await expect(accept).not.toHaveCSS("font-size", "40px");
    await expect(banner(page).getByRole("heading")).not.toHaveCSS("letter-spacing", /px/);
    const box = await banner(page).boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 40);
  });

  test("has no accessibility violations, with the details open", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner.html`);
    await banner(page).getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner(page).getByRole("checkbox", { name: "Marketing" })).toBeVisible();
    await expectNoAxeViolations(page, "on agency-cookie-banner.html");
  });
});

test("every example page fits a 375 px phone: its code and tables wrap, the page is no wider than the screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const pages = ["agency-login", "agency-pricing", "agency-quote-form", "agency-settings", "agency-subscribe", "agency-cookie-banner", "agency-cookie-banner-embeds"];
    for (const name of pages) {
      await page.goto(`${EXAMPLES_ORIGIN}/${name}.html`);
      await expect(page.locator("pre").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}.html`).toBeLessThanOrEqual(375);
    }
  } finally {
    await context.close();
  }
});
