import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  API_ORIGIN,
  expectNoAxeViolations,
  mailedLink,
  openMailLink,
  prepareVisitor,
  registerUser,
  signIn,
  subscribeViaTestCheckout,
  waitForHydration,
  type TestUser,
} from "./helpers";

/**
 * The accessibility gate: axe with the WCAG 2.2 AA tags. Every route in both languages is
 * scanned by host-routes.spec.ts and every example page by examples-*.spec.ts and element-factory.spec.ts; this
 * file scans what only shows after an interaction or a failure: open menus and accordions, small screens, form
 * errors and confirmations, dialogs, toasts, failure views, the server-rendered test checkout, the crash screen
 * and the portal under a preview base.
 */

type Locale = "nl" | "en";
const LOCALES: Locale[] = ["nl", "en"];
const toaster = (page: Page) => page.locator("[data-agency-toaster]");

test.describe("on a small screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const locale of LOCALES) {
    test(`the open site menu (${locale})`, async ({ page }) => {
      await prepareVisitor(page, { english: locale === "en" });
      await page.goto(locale === "en" ? "/en/pricing" : "/pricing");
      await waitForHydration(page);
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await expectNoAxeViolations(page, `${locale} pricing, small screen`);
      await menu.click();
      await expect(page.getByRole("button", { name: locale === "en" ? "Close menu" : "Menu sluiten" })).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("navigation", { name: locale === "en" ? "Main navigation" : "Hoofdnavigatie" }).getByRole("link").first()).toBeVisible();
      await expectNoAxeViolations(page, `${locale} pricing, menu open`);
    });
  }

  test("the open dashboard menu, with the settings", async ({ page, request }) => {
    const user = await registerUser(request, "Small Screen");
    await subscribeViaTestCheckout(request, user);
    await signIn(page, user);
    await prepareVisitor(page, { remembered: "en" });
    await page.goto("/dashboard/settings");
    // The address shows in the account card (and again in the company's members).
    await expect(page.locator("agency-settings").getByText(user.email, { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, "dashboard, small screen");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Dashboard menu" })).toBeVisible();
    await expectNoAxeViolations(page, "dashboard, menu open");
  });
});

test.describe("open accordions", () => {
  for (const locale of LOCALES) {
    test(`the FAQ on home and pricing, opened (${locale})`, async ({ page }) => {
      await prepareVisitor(page, { english: locale === "en" });
      for (const path of ["/", "/pricing"]) {
        await page.goto(locale === "en" ? (path === "/" ? "/en" : `/en${path}`) : path);
        // The FAQ answers a click once its island is hydrated.
        await waitForHydration(page);
        const question = page.locator(".c-faq__button").first();
        await question.click();
        await expect(question).toHaveAttribute("aria-expanded", "true");
        await expect(page.locator(`[id="${await question.getAttribute("aria-controls")}"]`)).toBeVisible();
        await expectNoAxeViolations(page, `${locale} ${path} with a FAQ answer open`);
      }
    });
  }
});

test.describe("the quote form on the contact page", () => {
  test("validation errors (nl) and the thank-you message (en)", async ({ page }) => {
    await prepareVisitor(page, { english: true });
    await page.goto("/contact");
    const form = page.locator("agency-quote-form");
    await form.getByRole("button", { name: "Vraag een gratis offerte aan" }).click();
    await expect(form.getByLabel(/^Volledige naam/)).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "nl contact with validation errors");

    await page.goto("/en/contact");
    await fillQuote(page);
    await form.getByRole("button", { name: "Request a free quote" }).click();
    await expect(form.getByText("Thank you! Your message has been sent.")).toBeVisible();
    await expectNoAxeViolations(page, "en contact after sending");
  });

  for (const locale of LOCALES) {
    test(`a server error (${locale})`, async ({ page }) => {
      await prepareVisitor(page, { english: locale === "en" });
      await page.route("**/api/contact", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
      await page.goto(locale === "en" ? "/en/contact" : "/contact");
      await fillQuote(page, locale);
      await page.locator("agency-quote-form").getByRole("button", { name: locale === "en" ? "Request a free quote" : "Vraag een gratis offerte aan" }).click();
      await expect(page.locator("agency-quote-form").getByText(locale === "en" ? "Server error - please try again later" : "Serverfout - probeer het later opnieuw")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} contact with a server error`);
    });
  }
});

async function fillQuote(page: Page, locale: Locale = "en") {
  const form = page.locator("agency-quote-form");
  const en = locale === "en";
  await form.getByLabel(en ? /^Full name/ : /^Volledige naam/).fill("Axe Visitor");
  await form.getByLabel(en ? /^Email address/ : /^E-mailadres/).fill(`axe-${Date.now()}@example.com`);
  await form.getByLabel(en ? /^Phone number/ : /^Telefoonnummer/).fill("06 12345678");
  await form.getByLabel(en ? /^Project type/ : /^Soort project/).selectOption("redesign");
  await form.getByLabel(en ? /^Budget range/ : /^Budget/).selectOption("2000-3000");
  await form.getByLabel(en ? /^Timeline/ : /^Planning/).selectOption("asap");
  await form.getByLabel(en ? /^Domain status/ : /^Domeinnaam/).selectOption("need-help");
}

test.describe("account forms", () => {
  let user: TestUser;
  test.beforeAll(async ({ request }) => {
    user = await registerUser(request, "Axe Account");
  });

  for (const locale of LOCALES) {
    test(`login error, register errors and the forgot-password confirmation (${locale})`, async ({ page }) => {
      const en = locale === "en";
      await prepareVisitor(page, { remembered: locale });
      await page.goto("/login");
      const login = page.locator("agency-login");
      await login.getByLabel(en ? "Email address" : "E-mailadres").fill(user.email);
      await login.getByLabel(en ? "Password" : "Wachtwoord", { exact: true }).fill("not-the-password");
      await login.getByRole("button", { name: en ? "Log in" : "Inloggen", exact: true }).click();
      await expect(login.getByRole("alert")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} login with an error`);

      await page.goto("/register");
      await login.getByLabel(en ? "Full name" : "Volledige naam").fill("Axe Person");
      await login.getByLabel(en ? "Email address" : "E-mailadres").fill("axe-person@example.com");
      await login.getByLabel(en ? "Password" : "Wachtwoord", { exact: true }).fill("abc");
      await login.getByLabel(en ? "Confirm password" : "Bevestig wachtwoord").fill("abd");
      await login.getByRole("button", { name: en ? "Create account" : "Account aanmaken" }).click();
      await expect(login.getByText(en ? "Password must be at least 8 characters" : "Wachtwoord moet minimaal 8 tekens bevatten").first()).toBeVisible();
      await expectNoAxeViolations(page, `${locale} register with errors`);

      await page.goto("/forgot-password");
      await login.getByLabel(en ? "Email address" : "E-mailadres").fill("nobody@example.com");
      await login.getByRole("button", { name: en ? "Send reset link" : "Herstellink versturen" }).click();
      await expect(login.getByRole("heading", { name: en ? "Check your email" : "Controleer je e-mail" })).toBeVisible();
      await expect(toaster(page).getByRole("status")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} forgot-password confirmation with its toast`);
    });
  }

  test("the reset form of a valid link, with a validation error (en)", async ({ browser, request }) => {
    const sent = await request.post(`${API_ORIGIN}/api/auth/forgot-password`, { data: { email: user.email, language: "en" } });
    expect(sent.ok()).toBe(true);
    const { page, context } = await openMailLink(browser, await mailedLink(user.email, "reset-password"));
    try {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset Your Password");
      await expectNoAxeViolations(page, "reset form");
      await page.getByLabel("New Password", { exact: true }).fill("abcdefgh");
      await page.getByLabel("Confirm New Password").fill("abcdefgi");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
      await expectNoAxeViolations(page, "reset form with an error");
    } finally {
      await context.close();
    }
  });
});

/** A checkout session of the local test provider, as the subscribe element creates it. */
async function testCheckoutUrl(request: APIRequestContext, user: TestUser, language: Locale): Promise<string> {
  const created = await request.post(`${API_ORIGIN}/api/subscriptions/create-checkout`, {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      planId: "pro",
      billingPeriod: "monthly",
      successUrl: `${API_ORIGIN}/dashboard?subscription=success`,
      cancelUrl: `${API_ORIGIN}/subscribe?subscription=cancelled`,
      language,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { checkoutUrl: string }).checkoutUrl;
}

test.describe("subscribing", () => {
  let customer: TestUser;
  test.beforeAll(async ({ request }) => {
    customer = await registerUser(request, "Axe Customer");
  });

  for (const locale of LOCALES) {
    test(`the failure view and the monthly choice on /subscribe (${locale})`, async ({ page }) => {
      const en = locale === "en";
      await signIn(page, customer);
      await prepareVisitor(page, { remembered: locale });
      const subscribe = page.locator("agency-subscribe");

      await page.route("**/api/subscriptions/plans", (route) => route.abort());
      await page.goto("/subscribe");
      await expect(subscribe.getByText(en ? "Unable to load subscription plan" : "Kan het abonnement niet laden")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} subscribe failure view`);

      await page.unroute("**/api/subscriptions/plans");
      await subscribe.getByRole("button", { name: en ? "Try Again" : "Opnieuw proberen" }).click();
      await subscribe.getByRole("radio", { name: en ? /Monthly/ : /Maandelijks/ }).check();
      await expect(subscribe.getByRole("button", { name: en ? "Start Your Monthly Plan" : "Start je maandabonnement" })).toBeVisible();
      await expectNoAxeViolations(page, `${locale} subscribe, monthly`);
    });

    test(`the server-rendered test checkout and its problem page (${locale})`, async ({ page, request }) => {
      const checkoutUrl = await testCheckoutUrl(request, customer, locale);
      await page.goto(checkoutUrl);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("button", { name: locale === "en" ? "Pay" : "Betalen" })).toBeVisible();
      await expectNoAxeViolations(page, `${locale} test checkout`);
      // The page signs nobody in, so the site sends the visitor on to /login: catch the redirect's target itself.
      const cancelled = page.waitForURL(/\/subscribe\?subscription=cancelled$/, { waitUntil: "commit" });
      await page.getByRole("button", { name: locale === "en" ? "Cancel" : "Annuleren" }).click();
      await cancelled;

      // The same session again, after it was cancelled: a problem page with a way back. Opened by its address, not
      // with the back button, which can race the site's own redirect to /login.
      await page.goto(checkoutUrl);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link").first()).toBeVisible();
      await expectNoAxeViolations(page, `${locale} test checkout problem page`);
    });
  }
});

test.describe("subscription settings", () => {
  for (const locale of LOCALES) {
    test(`the cancel dialog, the end-date notice and the toast (${locale})`, async ({ page, request }) => {
      const en = locale === "en";
      const user = await registerUser(request, `Axe Subscriber ${locale}`);
      await subscribeViaTestCheckout(request, user);
      await signIn(page, user);
      await prepareVisitor(page, { remembered: locale });
      await page.goto("/dashboard/settings");
      const settings = page.locator("agency-settings");
      await settings.getByRole("button", { name: en ? "Cancel Subscription" : "Abonnement opzeggen" }).click();
      const dialog = settings.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, `${locale} cancel dialog`);
      await dialog.getByRole("button", { name: en ? "Yes, Cancel Subscription" : "Ja, abonnement opzeggen" }).click();
      await expect(settings.getByText(en ? /Your subscription will end on/ : /Je abonnement eindigt op/)).toBeVisible();
      await expect(toaster(page)).toContainText(en ? "Subscription cancelled successfully" : "Abonnement succesvol opgezegd");
      await expectNoAxeViolations(page, `${locale} end-date notice and toast`);
    });
  }
});

test.describe("blog states", () => {
  for (const locale of LOCALES) {
    test(`page 2, a failed list and a failed article (${locale})`, async ({ page }) => {
      await prepareVisitor(page, { remembered: locale });
      await page.goto("/blog?page=2");
      await expect(page.getByRole("navigation", { name: locale === "en" ? "Blog pages" : /blog/i })).toBeVisible();
      await waitForHydration(page);
      await expectNoAxeViolations(page, `${locale} blog page 2`);

      // The server rendered page 2 with its posts; from here on the page fetches in the browser, and the API fails.
      await page.route(/\/api\/blog(\?|\/|$)/, (route) => route.abort());
      await page.locator(".post-card__title a").first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(locale === "en" ? "Article Not Found" : "Artikel niet gevonden");
      await expectNoAxeViolations(page, `${locale} blog article failure`);

      await page.getByRole("link", { name: locale === "en" ? "Back to Blog" : "Terug naar blog" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} blog list failure`);
    });
  }
});

test.describe("the cookie banner", () => {
  for (const locale of LOCALES) {
    test(`with its choices open (${locale})`, async ({ page }) => {
      if (locale === "en") {
        await page.addInitScript(() => sessionStorage.setItem("languageToggleUsed", String(Date.now())));
      }
      await page.goto(locale === "en" ? "/en/pricing" : "/pricing");
      const banner = page.locator("agency-cookie-banner");
      await banner.getByRole("button", { name: locale === "en" ? "Cookie settings" : "Cookie-instellingen" }).click();
      await expect(banner.getByRole("checkbox", { name: "Marketing" })).toBeVisible();
      await expectNoAxeViolations(page, `${locale} cookie banner with its choices open`);
    });
  }
});

test.describe("failure screens", () => {
  test("the crash screen when a page's code cannot be loaded", async ({ page }) => {
    await prepareVisitor(page);
    await page.route(/\/assets\/pricing-page-[^/]+\.js$/, (route) => route.abort());
    // A page the server sent needs none of its code to show; the app needs it to go to the page.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Hoofdnavigatie" }).getByRole("link", { name: "Prijzen" }).click();
    const crash = page.getByRole("main").getByRole("alert");
    await expect(crash.getByRole("heading")).toBeVisible();
    await expect(crash.getByRole("button")).toBeVisible();
    await expect(page).toHaveTitle("Er is iets misgegaan | Pixelwerf");
    await expectNoAxeViolations(page, "crash screen");
  });
});

test.describe("under a preview base", () => {
  test("the portal, the not-found page and the blog below /preview/a/b/", async ({ page, request }) => {
    const user = await registerUser(request, "Preview Subscriber");
    await signIn(page, user);
    await prepareVisitor(page, { remembered: "en" });
    await page.goto("/preview/a/b/subscribe");
    await expect(page.locator("agency-subscribe").getByRole("heading", { name: "Ready to get started?" })).toBeVisible();
    await expectNoAxeViolations(page, "preview subscribe");

    await subscribeViaTestCheckout(request, user);
    await page.goto("/preview/a/b/dashboard/settings");
    await expect(page.locator("agency-settings").getByText(user.email, { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, "preview settings");

    await page.goto("/preview/a/b/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "preview not-found");

    await page.goto("/preview/a/b/blog");
    await expect(page.getByRole("navigation", { name: "Blog pages" })).toBeVisible();
    await expectNoAxeViolations(page, "preview blog");
  });
});
