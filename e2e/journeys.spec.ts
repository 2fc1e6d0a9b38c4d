import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  API_ORIGIN,
  mailedLink,
  openMailLink,
  prepareVisitor,
  registerUser,
  signIn,
  storedQuoteRequests,
  subscribeViaTestCheckout,
  uniqueEmail,
  waitForHydration,
} from "./helpers";

/**
 * Whole-product journeys, in Chromium through the host site: what a visitor, a customer and a
 * returning customer do from the first page to the database and back. Each journey asserts what the person sees.
 */

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The URL of `path` (no leading slash) under `base`, as a regular expression anchored at both ends. */
const at = (base: string, path: string) => new RegExp(`^${escapeRegExp(`${API_ORIGIN}${base}${path}`)}$`);

const toast = (page: Page) => page.locator("[data-agency-toaster]");

// --- Journey 1 (and 8): a visitor requests a quote ------------------------------------------------------------

const QUOTE_TEXTS = {
  nl: {
    pricing: "Prijzen",
    nav: "Hoofdnavigatie",
    getStarted: "Begin Nu",
    name: /^Volledige naam/,
    email: /^E-mailadres/,
    phone: /^Telefoonnummer/,
    projectType: /^Soort project/,
    budget: /^Budget/,
    timeline: /^Planning/,
    domain: /^Domeinnaam/,
    submit: "Vraag een gratis offerte aan",
    thanks: "Bedankt! Je bericht is verzonden.",
    contactHeading: "Laten we je website bouwen",
  },
  en: {
    pricing: "Pricing",
    nav: "Main navigation",
    getStarted: "Get Started",
    name: /^Full name/,
    email: /^Email address/,
    phone: /^Phone number/,
    projectType: /^Project type/,
    budget: /^Budget range/,
    timeline: /^Timeline/,
    domain: /^Domain status/,
    submit: "Request a free quote",
    thanks: "Thank you! Your message has been sent.",
    contactHeading: "Let's Build Your Website",
  },
} as const;

async function quoteJourney(page: Page, request: APIRequestContext, locale: "nl" | "en", base = "/") {
  const errors = collectPageErrors(page);
  const texts = QUOTE_TEXTS[locale];
  const prefix = locale === "en" ? "en/" : "";
  await prepareVisitor(page);

  await page.goto(base);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  if (locale === "en") {
    await waitForHydration(page);
    await page.getByRole("group", { name: "Taal" }).getByRole("button", { name: /EN/ }).click();
    await expect(page).toHaveURL(at(base, "en"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }

  await page.getByRole("navigation", { name: texts.nav }).getByRole("link", { name: texts.pricing, exact: true }).click();
  await expect(page).toHaveURL(at(base, `${prefix}pricing`));
  const pricing = page.locator("agency-pricing");
  await expect(pricing.getByRole("link", { name: texts.getStarted })).toHaveCount(3);
  // The Professional package.
  await pricing.getByRole("link", { name: texts.getStarted }).nth(1).click();

  await expect(page).toHaveURL(at(base, `${prefix}contact`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.contactHeading);
  const form = page.locator("agency-quote-form");
  const email = uniqueEmail(`journey-${locale}`);
  await form.getByLabel(texts.name).fill(`Journey ${locale.toUpperCase()}`);
  await form.getByLabel(texts.email).fill(email);
  await form.getByLabel(texts.phone).fill("06 12345678");
  await form.getByLabel(texts.projectType).selectOption("new-website");
  await form.getByLabel(texts.budget).selectOption("1000-2000");
  await form.getByLabel(texts.timeline).selectOption("1-month");
  await form.getByLabel(texts.domain).selectOption("have-domain");

  const sent = page.waitForResponse((r) => r.url() === `${API_ORIGIN}${base}api/contact` && r.request().method() === "POST");
  await form.getByRole("button", { name: texts.submit }).click();
  expect((await sent).ok()).toBe(true);
  await expect(form.getByText(texts.thanks)).toBeVisible();

  const stored = (await storedQuoteRequests(request)).find((r) => r.email === email);
  expect(stored, "the quote request is in the database").toBeTruthy();
  expect(stored).toMatchObject({
    name: `Journey ${locale.toUpperCase()}`,
    language: locale,
    project_type: "new-website",
    budget_range: "1000-2000",
    timeline: "1-month",
    domain_status: "have-domain",
    country_code: "+31",
  });
  expect(errors).toEqual([]);
}

// --- Journey 2 (and 8): a customer subscribes, cancels and resumes -------------------------------------------

async function customerJourney(page: Page, base = "/") {
  const errors = collectPageErrors(page);
  await prepareVisitor(page);
  const email = uniqueEmail("customer");

  await page.goto(`${base}register`);
  // An English-speaking customer: the toggle on a page without /en twin keeps the page and remembers English.
  await waitForHydration(page);
  await page.getByRole("group", { name: "Taal" }).getByRole("button", { name: /EN/ }).click();
  await expect(page).toHaveURL(at(base, "register"));
  const login = page.locator("agency-login");
  await expect(login.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await login.getByLabel("Full name").fill("Journey Customer");
  await login.getByLabel("Email address").fill(email);
  await login.getByLabel("Password", { exact: true }).fill("correct-horse-7");
  await login.getByLabel("Confirm password").fill("correct-horse-7");
  await login.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(at(base, "subscribe"));
  await expect(toast(page)).toContainText("Registration successful!");
  const subscribe = page.locator("agency-subscribe");
  await expect(subscribe.getByRole("heading", { name: "Ready to get started?" })).toBeVisible();
  await subscribe.getByRole("radio", { name: /Annual/ }).check();
  await expect(subscribe.getByText("Save 20%")).toBeVisible();
  const checkout = page.waitForRequest((r) => r.url() === `${API_ORIGIN}${base}api/subscriptions/create-checkout`);
  await subscribe.getByRole("button", { name: "Start Your Annual Plan" }).click();
  expect((await checkout).postDataJSON()).toMatchObject({ billingPeriod: "yearly" });

  // The local test checkout, served under the same base as the site.
  await page.waitForURL(new RegExp(`^${escapeRegExp(`${API_ORIGIN}${base}api/subscriptions/test-checkout/`)}`));
  await expect(page).toHaveTitle(/Test payment/);
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(at(base, "dashboard/settings"));
  await expect(toast(page)).toContainText("Subscription successful!");
  const settings = page.locator("agency-settings");
  await expect(settings.getByText("Pro Plan")).toBeVisible();
  await expect(settings.getByText("Active", { exact: true })).toBeVisible();
  // The account card's address (the Team card, once loaded, lists it among the members too).
  await expect(settings.locator("[part=account]").getByText(email, { exact: true })).toBeVisible();
  const nextBilling = settings.locator("dt", { hasText: "Next billing date" }).locator("xpath=following-sibling::dd");
  // A yearly plan bought today renews a year from now (US long format, e.g. "March 14, 2027").
  await expect(nextBilling).toHaveText(new RegExp(`^[A-Z][a-z]+ \\d{1,2}, ${new Date().getFullYear() + 1}$`));
  const endDate = (await nextBilling.textContent())!;

  await settings.getByRole("button", { name: "Cancel Subscription" }).click();
  const dialog = settings.getByRole("dialog", { name: "Cancel Subscription" });
  await expect(dialog).toContainText(endDate);
  await dialog.getByRole("button", { name: "Yes, Cancel Subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(settings.getByText(`Your subscription will end on ${endDate}`)).toBeVisible();
  await expect(toast(page)).toContainText("Subscription cancelled successfully");
  await expect(settings.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);

  await settings.getByRole("button", { name: "Resume subscription" }).click();
  await expect(settings.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
  await expect(settings.getByText(/Your subscription will end on/)).toHaveCount(0);
  await expect(settings.getByText("Active", { exact: true })).toBeVisible();

  // The resumed subscription survives a reload: it is the server's state, not the page's.
  await page.reload();
  await expect(settings.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
  await expect(settings.getByText(/Your subscription will end on/)).toHaveCount(0);
  expect(errors).toEqual([]);
}

test.describe("journeys", () => {
  test("1. a visitor requests a quote, in Dutch: home → pricing → Begin Nu → contact", async ({ page, request }) => {
    await quoteJourney(page, request, "nl");
  });

  test("1. a visitor requests a quote, in English: home → pricing → Get Started → contact", async ({ page, request }) => {
    await quoteJourney(page, request, "en");
  });

  test("2. a customer registers, subscribes yearly, cancels and resumes", async ({ page }) => {
    await customerJourney(page);
  });

  test("3. forgot password → mail → reset → log in with the new password; the old link is then invalid", async ({ browser, page, request }) => {
    const errors = collectPageErrors(page);
    const user = await registerUser(request, "Forgetful Customer");
    await prepareVisitor(page);

    await page.goto("/login");
    // The toggle works once the header's island is hydrated.
    await waitForHydration(page);
    await page.getByRole("group", { name: "Taal" }).getByRole("button", { name: /EN/ }).click();
    const login = page.locator("agency-login");
    await login.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(at("/", "forgot-password"));
    await login.getByLabel("Email address").fill(user.email);
    await login.getByRole("button", { name: "Send reset link" }).click();
    await expect(login.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(login.getByText(user.email)).toBeVisible();

    const link = await mailedLink(user.email, "reset-password");
    expect(link).toMatch(new RegExp(`^${API_ORIGIN}/reset-password\\?token=[\\w-]+&lang=en$`));

    // The mail is read on a phone: a browser without a session or a remembered language. The page speaks the mail's.
    const phone = await openMailLink(browser, link);
    const mobile = phone.page;
    const phoneErrors = collectPageErrors(mobile);
    try {
      await expect(mobile.getByRole("heading", { level: 1 })).toHaveText("Reset Your Password");
      await expect(mobile.getByText(user.email)).toBeVisible();
      const newPassword = "brand-new-secret-9";
      await mobile.getByLabel("New Password", { exact: true }).fill(newPassword);
      await mobile.getByLabel("Confirm New Password").fill(newPassword);
      await mobile.getByRole("button", { name: "Reset Password" }).click();
      await expect(toast(mobile)).toContainText("Password reset successfully!");
      // To the login page after 2 seconds, still in English.
      await expect(mobile).toHaveURL(at("/", "login"), { timeout: 5_000 });

      // The old password no longer works; the new one does.
      const phoneLogin = mobile.locator("agency-login");
      await phoneLogin.getByLabel("Email address").fill(user.email);
      await phoneLogin.getByLabel("Password", { exact: true }).fill(user.password);
      await phoneLogin.getByRole("button", { name: "Log in" }).click();
      await expect(phoneLogin.getByRole("alert")).toBeVisible();
      await phoneLogin.getByLabel("Password", { exact: true }).fill(newPassword);
      await phoneLogin.getByRole("button", { name: "Log in" }).click();
      await expect(toast(mobile)).toContainText("Login successful!");
      // Logged in without a subscription: the dashboard's settings page, which every signed-in customer may see.
      await expect(mobile).toHaveURL(at("/", "dashboard/settings"));
      expect(phoneErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }

    // The link works once: in the first browser too, it is now invalid.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid Reset Link");
    await expect(page.getByRole("link", { name: "Request New Link" })).toHaveAttribute("href", "/forgot-password");
    expect(errors).toEqual([]);
  });

  test("4. the blog: page 1 → Next → an article → Back to Blog; a bad id shows Article Not Found", async ({ page }) => {
    const errors = collectPageErrors(page);
    await prepareVisitor(page, { remembered: "en" });
    await page.goto("/blog");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Insights & Updates");
    const pages = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(pages.getByRole("button", { name: "Previous" })).toBeDisabled();
    const firstPageTitles = await page.locator(".post-card__title").allTextContents();
    expect(firstPageTitles).toHaveLength(6);

    await pages.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(pages.getByRole("button", { name: "Previous" })).toBeEnabled();
    const article = page.locator(".post-card__title a").first();
    const title = (await article.textContent())!;
    expect(firstPageTitles).not.toContain(title);
    await article.click();

    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(/^\d+ min read$/)).toBeVisible();
    await expect(page.getByText("Enjoyed this article?")).toBeVisible();
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(at("/", "blog"));
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();

    await page.goto("/blog/no-such-article");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
    await expect(page.getByText("Blog post not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    // Home in the visitor's language (the remembered English visitor gets /en).
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", /^\/(en)?$/);
    expect(errors).toEqual([]);
  });

  test("5. the toggle keeps the page and switches the language; a cold /en visit lands on the Dutch page", async ({ page, browser }) => {
    await prepareVisitor(page);
    await page.goto("/services");
    await waitForHydration(page);
    const heading = page.getByRole("heading", { level: 1 });
    const dutchHeading = (await heading.textContent())!;
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");

    await page.getByRole("group", { name: "Taal" }).getByRole("button", { name: /EN/ }).click();
    await expect(page).toHaveURL(at("/", "en/services"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(heading).not.toHaveText(dutchHeading);
    await expect(page.getByRole("group", { name: "Language" }).getByRole("button", { name: /EN/ })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: /NL/ }).click();
    await expect(page).toHaveURL(at("/", "services"));
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(heading).toHaveText(dutchHeading);

    // A cold visit (a new browser session, no toggle used): the English URL is replaced by the Dutch page.
    const context = await browser.newContext();
    try {
      const cold = await context.newPage();
      await cold.goto("/en/pricing");
      await expect(cold).toHaveURL(at("/", "pricing"));
      await expect(cold.locator("html")).toHaveAttribute("lang", "nl");
      await expect(cold.locator("agency-pricing").getByRole("link", { name: "Begin Nu" })).toHaveCount(3);
    } finally {
      await context.close();
    }
  });

  test("6. a session revoked on the server ends on the login page with no stored token", async ({ page, request }) => {
    const user = await registerUser(request, "Revoked Customer");
    await subscribeViaTestCheckout(request, user);
    await signIn(page, user);
    await page.goto("/dashboard/settings");
    await expect(page.locator("agency-settings").getByText(user.email, { exact: true }).first()).toBeVisible();
    // The settings' panels load after its first screen; the reload below is what must meet the revoked session.
    await page.waitForLoadState("networkidle");

    const logout = await request.post(`${API_ORIGIN}/api/auth/logout`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(logout.ok(), await logout.text()).toBe(true);
    const me = await request.get(`${API_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(me.status()).toBe(401);

    const refused = page.waitForResponse((r) => r.url().startsWith(`${API_ORIGIN}/api/`) && r.status() === 401);
    await page.reload();
    await refused;
    await expect(page).toHaveURL(at("/", "login"));
    await expect(page.locator("agency-login").getByRole("button", { name: /^(Inloggen|Log in)$/ })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
  });

  test("7. the cookie banner appears, saves the choice, stays away after a reload and reopens from the footer", async ({ page }) => {
    const banner = page.locator("agency-cookie-banner").getByRole("region", { name: "Cookies op deze website" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Its one second after the page's load event is timed in the page itself, in cookie-banner-timing.spec.ts: timed
    // from here, a busy machine's late return from goto() would make it look early.
    await expect(banner).toBeVisible({ timeout: 5_000 });

    await banner.getByRole("button", { name: "Alles accepteren" }).click();
    await expect(banner).toBeHidden();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "null"));
    expect(saved).toMatchObject({ necessary: true, analytics: true, marketing: true });

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Longer than the banner's delay: it had its chance to come back.
    await page.waitForTimeout(1_500);
    await expect(banner).toBeHidden();

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-instellingen" }).click();
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Alleen noodzakelijk", exact: true }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "null"))).toMatchObject({
      analytics: false,
      marketing: false,
    });
  });

  test("8. journey 1 under /preview/a/b/", async ({ page, request }) => {
    await quoteJourney(page, request, "nl", "/preview/a/b/");
  });

  test("8. journey 2 under /preview/a/b/", async ({ page }) => {
    await customerJourney(page, "/preview/a/b/");
  });
});
