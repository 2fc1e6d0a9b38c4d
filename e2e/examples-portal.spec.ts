import { expect, test, type Page } from "@playwright/test";
import { API_ORIGIN, EXAMPLES_ORIGIN, expectNoAxeViolations, registerUser, uniqueEmail } from "./helpers";

// The three portal elements on their example pages: served from a partner origin, talking to the API on the
// agency's origin, under hostile page CSS. The pages route the elements' agency-navigate events to each other,
// the way a partner site would route them to its own pages.

const HOTPINK = "rgb(255, 105, 180)";
const PAGE_RED = "rgb(139, 0, 0)";

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("portal example pages", () => {
  test("register, subscribe yearly through the test checkout, then cancel and resume in settings", async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = uniqueEmail("portal");

    // --- agency-login: the register view, reached through the link of the login view.
    await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html`);
    const login = page.locator("agency-login");
    await expect(login.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    const submit = login.getByRole("button", { name: "Log in" });
    expect(await submit.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(HOTPINK);
    expect(await login.getByRole("heading", { name: "Welcome back" }).evaluate((h) => getComputedStyle(h).color)).not.toBe(PAGE_RED);
    await expectNoAxeViolations(page, "on the login view");

    await login.getByRole("link", { name: "Create one" }).click();
    await expect(login.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.locator("#log")).toContainText('agency-navigate {"to":"/register"');
    await expectNoAxeViolations(page, "on the register view");

    await login.getByLabel("Full name").fill("Portal Tester");
    await login.getByLabel("Email address").fill(email);
    await login.getByLabel("Password", { exact: true }).fill("correct-horse-7");
    await login.getByLabel("Confirm password").fill("correct-horse-7");
    const registered = page.waitForResponse((r) => r.url() === `${API_ORIGIN}/api/auth/register`);
    await login.getByRole("button", { name: "Create account" }).click();
    expect((await registered).status()).toBe(201);

    // --- agency-subscribe: the page routes /subscribe here.
    await page.waitForURL(`${EXAMPLES_ORIGIN}/agency-subscribe.html`);
    const subscribe = page.locator("agency-subscribe");
    await expect(subscribe.getByRole("heading", { name: "Ready to get started?" })).toBeVisible();
    await expect(subscribe.getByRole("radio", { name: /Annual/ })).toBeChecked();
    await expect(subscribe.getByText("Save 20%")).toBeVisible();
    await expect(subscribe.getByText("Save €120 per year (20% off)")).toBeVisible();
    await expect(subscribe.getByText("Billed annually (€468 per year)")).toBeVisible();
    await expect(subscribe.getByRole("heading", { name: "Pro Plan" })).toBeVisible();
    await expectNoAxeViolations(page, "on the subscribe page");

    // Cancelling on the test checkout comes back with ?subscription=cancelled.
    await subscribe.getByRole("button", { name: "Start Your Annual Plan" }).click();
    await page.waitForURL(/\/api\/subscriptions\/test-checkout\//);
    await expect(page).toHaveTitle(/Test payment/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${EXAMPLES_ORIGIN}/agency-subscribe.html?subscription=cancelled`);
    await expect(subscribe.getByText("No payment was made.", { exact: false })).toBeVisible();

    // Paying activates the subscription and returns to the success-url: the settings page.
    const checkout = page.waitForRequest((r) => r.url() === `${API_ORIGIN}/api/subscriptions/create-checkout`);
    await subscribe.getByRole("button", { name: "Start Your Annual Plan" }).click();
    expect((await checkout).postDataJSON()).toMatchObject({
      planId: "pro",
      billingPeriod: "yearly",
      successUrl: `${EXAMPLES_ORIGIN}/agency-settings.html?subscription=success`,
      cancelUrl: `${EXAMPLES_ORIGIN}/agency-subscribe.html?subscription=cancelled`,
      language: "en",
    });
    await page.waitForURL(/\/api\/subscriptions\/test-checkout\//);
    await page.getByRole("button", { name: "Pay" }).click();
    // The provider adds the checkout's id, which a page can ask the server about (GET /subscriptions/checkouts/{id}).
    await page.waitForURL(new RegExp(`^${EXAMPLES_ORIGIN.replace(/[.]/g, "\\.")}/agency-settings\\.html\\?subscription=success&checkout=local_[\\w-]+$`));

    // --- agency-settings: the active Pro plan, cancel, the end-date notice, resume.
    const settings = page.locator("agency-settings");
    await expect(settings.getByText("Pro Plan")).toBeVisible();
    await expect(settings.getByText("Active", { exact: true })).toBeVisible();
    // The account card's (the Team card, once loaded, lists the name and address among the members too).
    const account = settings.locator("[part=account]");
    await expect(account.getByText(email, { exact: true })).toBeVisible();
    await expect(account.getByText("Portal Tester")).toBeVisible();
    const nextBilling = settings.locator("dt", { hasText: "Next billing date" }).locator("xpath=following-sibling::dd");
    const endDate = (await nextBilling.textContent()) ?? "";
    // A yearly plan bought today renews next year.
    expect(endDate).toContain(String(new Date().getFullYear() + 1));
    await expectNoAxeViolations(page, "on the settings page");

    await settings.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = settings.getByRole("dialog", { name: "Cancel Subscription" });
    await expect(dialog).toContainText(endDate);
    await expectNoAxeViolations(page, "with the cancel dialog open");
    await dialog.getByRole("button", { name: "Yes, Cancel Subscription" }).click();
    await expect(dialog).toBeHidden();
    await expect(settings.getByText(`Your subscription will end on ${endDate}`)).toBeVisible();
    // The end date once: no next billing date beside it.
    await expect(settings.getByText("Next billing date")).toHaveCount(0);
    await expect(page.locator("[data-agency-toaster]").getByText("Subscription cancelled successfully")).toBeVisible();
    await expect(settings.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
    await expect(page.locator("#log")).toContainText('"cancel_at_period_end":true');
    await expectNoAxeViolations(page, "with the end-date notice");

    await settings.getByRole("button", { name: "Resume subscription" }).click();
    await expect(settings.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
    await expect(settings.getByText(/Your subscription will end on/)).toHaveCount(0);
    await expect(page.locator("#log")).toContainText("agency-subscription-resume");

    expect(errors).toEqual([]);
  });

  test("logs in from the partner page, and sends the logged-in visitor on to the dashboard page", async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const user = await registerUser(request, "Returning Customer");
    await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html`);
    const login = page.locator("agency-login");
    await login.getByLabel("Email address").fill(user.email);
    await login.getByLabel("Password", { exact: true }).fill("wrong-password");
    await login.getByRole("button", { name: "Log in" }).click();
    await expect(login.getByRole("alert")).toContainText("Invalid email or password");

    await login.getByLabel("Password", { exact: true }).fill(user.password);
    await login.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${EXAMPLES_ORIGIN}/agency-settings.html`);
    const settings = page.locator("agency-settings");
    await expect(settings.getByText("Returning Customer")).toBeVisible();
    await expect(settings.getByText("No active subscription")).toBeVisible();

    // Back on the login page, a logged-in visitor is sent on at once.
    await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html`);
    await page.waitForURL(`${EXAMPLES_ORIGIN}/agency-settings.html`);
    expect(errors).toEqual([]);
  });

  test("the forgot-password view confirms the address and goes back to the form, in Dutch", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html`);
    const login = page.locator("agency-login");
    await page.locator("#switch").click();
    await login.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
    await login.getByRole("button", { name: "Herstellink versturen" }).click();
    await expect(login.getByText("Vul je e-mailadres in", { exact: true })).toBeVisible();
    await login.getByLabel("E-mailadres").fill("nobody@example.com");
    await login.getByRole("button", { name: "Herstellink versturen" }).click();
    await expect(login.getByRole("heading", { name: "Controleer je e-mail" })).toBeVisible();
    await expect(login.getByText("nobody@example.com")).toBeVisible();
    await expectNoAxeViolations(page, "on the forgot-password confirmation");
    await login.getByRole("button", { name: "Ander e-mailadres proberen" }).click();
    await expect(login.getByLabel("E-mailadres")).toHaveValue("");
  });
});
