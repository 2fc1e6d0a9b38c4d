import { expect, test, type Page } from "@playwright/test";
import { API_ORIGIN, mailedLink, openMailLink, prepareVisitor, registerUser, signIn, subscribeViaTestCheckout } from "./helpers";

/**
 * Dutch pages never show English server texts: errors are translated from their code in the browser, and the plan
 * comes from the server in the request's language. Each test reads the Dutch page a Dutch visitor sees.
 */

const toaster = (page: Page) => page.locator("[data-agency-toaster]");

test.describe("Dutch pages, Dutch texts", () => {
  test("a wrong password on /login reads in Dutch, even when the server answers in English", async ({ page, request }) => {
    await prepareVisitor(page);
    const user = await registerUser(request);
    // The element asks in Dutch; this forces the server's own text to English, so only the code can make it Dutch.
    let serverText = "";
    await page.route("**/api/auth/login", async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), "accept-language": "en" } });
      serverText = ((await response.json()) as { error: string }).error;
      await route.fulfill({ response });
    });
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    const login = page.locator("agency-login");
    await login.getByLabel("E-mailadres").fill(user.email);
    await login.getByLabel("Wachtwoord", { exact: true }).fill("not-the-password");
    await login.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect(login.getByRole("alert")).toHaveText("Onjuist e-mailadres of wachtwoord");
    await expect(toaster(page)).toContainText("Onjuist e-mailadres of wachtwoord");
    expect(serverText).toBe("Invalid email or password");
  });

  test("an expired reset link says so in Dutch", async ({ page }) => {
    await prepareVisitor(page);
    // A link expires after 24 hours, longer than a test waits: the answer is the server's own for an expired token
    // (packages/server/test/routes/api/contract.test.ts asserts it), in English.
    await page.route("**/api/auth/verify-reset-token", (route) =>
      route.fulfill({
        status: 400,
        json: { valid: false, error: "This reset link has expired. Request a new one.", code: "auth.reset_expired" },
      }),
    );
    await page.goto("/reset-password?token=an-expired-token");
    await expect(page.getByRole("heading", { level: 1, name: "Ongeldige resetlink" })).toBeVisible();
    await expect(page.getByText("Deze resetlink is verlopen. Vraag een nieuwe aan.").first()).toBeVisible();
    await expect(page.getByText(/expired/)).toHaveCount(0);
  });

  test("a reset link used before says so in Dutch (a real link, used through the API)", async ({ browser, request }) => {
    const user = await registerUser(request);
    const asked = await request.post(`${API_ORIGIN}/api/auth/forgot-password`, { data: { email: user.email, language: "nl" } });
    expect(asked.ok()).toBe(true);
    const link = await mailedLink(user.email, "reset-password");
    const reset = await request.post(`${API_ORIGIN}/api/auth/reset-password`, {
      data: { token: new URL(link).searchParams.get("token"), newPassword: "another-horse-8" },
      headers: { "accept-language": "en" },
    });
    expect(reset.ok()).toBe(true);

    const { page, context } = await openMailLink(browser, link);
    try {
      await expect(page.getByRole("heading", { level: 1, name: "Ongeldige resetlink" })).toBeVisible();
      await expect(page.getByText("Deze resetlink is al gebruikt. Vraag een nieuwe aan.").first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("/subscribe shows the plan in Dutch", async ({ page, request }) => {
    const user = await registerUser(request);
    await signIn(page, user);
    await prepareVisitor(page);
    await page.goto("/subscribe");
    const subscribe = page.locator("agency-subscribe");
    await expect(subscribe.getByRole("heading", { name: "Klaar om te beginnen?" })).toBeVisible();
    await expect(subscribe.getByRole("heading", { name: "Pro-abonnement" })).toBeVisible();
    await expect(subscribe.getByText("Alles wat je team nodig heeft om online te groeien.")).toBeVisible();
    await expect(subscribe.getByText("Onbeperkt aantal teamleden")).toBeVisible();
    await expect(subscribe.getByText("Volledige API-toegang")).toBeVisible();
    await expect(subscribe.getByText(/Pro Plan|Unlimited team members/)).toHaveCount(0);
  });

  test("the settings page shows the plan and its date in Dutch", async ({ page, request }) => {
    const user = await registerUser(request);
    await subscribeViaTestCheckout(request, user, "yearly");
    await signIn(page, user);
    await prepareVisitor(page);
    await page.goto("/dashboard/settings");
    const settings = page.locator("agency-settings");
    await expect(settings.getByText("Pro-abonnement")).toBeVisible();
    const nextBilling = settings.locator("dt", { hasText: "Volgende factuurdatum" }).locator("xpath=following-sibling::dd");
    // "5 maart 2027": the way the Dutch mails write it too.
    await expect(nextBilling).toHaveText(new RegExp(`^\\d{1,2} [a-z]+ ${new Date().getFullYear() + 1}$`));
  });
});
