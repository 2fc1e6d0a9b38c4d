import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { API_ORIGIN, expectNoAxeViolations, registerUser, signIn, subscribeViaTestCheckout, verifyEmail, type TestUser } from "./helpers";

/**
 * The privacy policy's promises in the portal: a customer downloads everything held about them, and deletes their
 * account (a wrong password is refused; afterwards they are signed out, the session no longer works and the site
 * goes home), in Dutch and in English.
 */

const TEXTS = {
  nl: {
    download: "Mijn gegevens downloaden",
    downloaded: "Je gegevens zijn gedownload",
    deleteAccount: "Account verwijderen",
    password: "Vul je wachtwoord in om te bevestigen",
    confirm: "Mijn account verwijderen",
    wrongPassword: "Het wachtwoord klopt niet.",
    deleted: "Je account is verwijderd",
    home: /\/$/,
    login: "Inloggen",
  },
  en: {
    download: "Download my data",
    downloaded: "Your data has been downloaded",
    deleteAccount: "Delete account",
    password: "Enter your password to confirm",
    confirm: "Delete my account",
    wrongPassword: "The password is not correct.",
    deleted: "Your account has been deleted",
    home: /\/en$/,
    login: "Login",
  },
} as const;

/** A subscriber with a verified address who also sent a quote request and made a cookie choice in this browser. */
async function customerWithData(request: APIRequestContext, name: string) {
  const customer = await registerUser(request, name);
  await verifyEmail(request, customer);
  await subscribeViaTestCheckout(request, customer);
  const quote = await request.post(`${API_ORIGIN}/api/contact`, {
    data: {
      name,
      email: customer.email,
      countryCode: "+31",
      phone: "06 12345678",
      projectType: "new-website",
      budgetRange: "1000-2000",
      timeline: "1-month",
      domainStatus: "have-domain",
      language: "nl",
      message: "Privacy test request",
    },
  });
  expect(quote.ok(), await quote.text()).toBe(true);
  const consentId = crypto.randomUUID();
  const consent = { id: consentId, necessary: true, analytics: true, marketing: false, version: 1, timestamp: new Date().toISOString() };
  const recorded = await request.post(`${API_ORIGIN}/api/consent`, { data: consent });
  expect(recorded.ok(), await recorded.text()).toBe(true);
  return { customer, consent };
}

async function openSettings(page: Page, customer: TestUser, consent: object, locale: "nl" | "en") {
  await signIn(page, customer);
  await page.addInitScript(
    ({ decision, language }) => {
      localStorage.setItem("cookieConsent", decision);
      localStorage.setItem("preferredLanguage", language);
    },
    { decision: JSON.stringify(consent), language: locale },
  );
  await page.goto("/dashboard/settings");
  await expect(page.locator("agency-settings").getByText(customer.email, { exact: true })).toBeVisible();
}

for (const locale of ["nl", "en"] as const) {
  const T = TEXTS[locale];

  test(`download my data, then delete the account (${locale})`, async ({ page, request }) => {
    const { customer, consent } = await customerWithData(request, `Privacy ${locale}`);
    await openSettings(page, customer, consent, locale);
    const settings = page.locator("agency-settings");

    // Download: a JSON file with the account, the subscription, the quote request and this browser's consent.
    const downloading = page.waitForEvent("download");
    await settings.getByRole("button", { name: T.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(data.account).toMatchObject({ email: customer.email, name: customer.name });
    expect(data.subscriptions).toEqual([expect.objectContaining({ status: "active", provider: "local" })]);
    expect(data.quote_requests).toEqual([expect.objectContaining({ email: customer.email, message: "Privacy test request" })]);
    expect(data.consent_records).toEqual([expect.objectContaining({ consent_id: (consent as { id: string }).id, analytics: true })]);
    await expect(page.getByText(T.downloaded)).toBeVisible();

    // Delete: the modal asks for the password, with focus in its field; a wrong one is refused.
    await settings.getByRole("button", { name: T.deleteAccount }).click();
    const dialog = settings.getByRole("dialog", { name: T.deleteAccount });
    const password = dialog.getByLabel(T.password);
    await expect(password).toBeFocused();
    await expectNoAxeViolations(page, `${locale} delete-account dialog`);
    await page.keyboard.type("not-my-password");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText(T.wrongPassword);
    expect((await request.get(`${API_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${customer.token}` } })).status()).toBe(200);

    await password.fill(customer.password);
    await dialog.getByRole("button", { name: T.confirm }).click();

    // Signed out with a toast, on the home page in the visitor's language.
    await expect(page.getByText(T.deleted)).toBeVisible();
    await expect(page).toHaveURL(T.home);
    await expect(page.getByRole("navigation").first().getByRole("link", { name: T.login })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);

    // The session and the account are gone on the server.
    expect((await request.get(`${API_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${customer.token}` } })).status()).toBe(401);
    const login = await request.post(`${API_ORIGIN}/api/auth/login`, { data: { email: customer.email, password: customer.password } });
    expect(login.status()).toBe(400);
  });
}

test("a signed-out visitor on the settings page goes to the login page, which leads back to it", async ({ page }) => {
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fsettings$/);
});
