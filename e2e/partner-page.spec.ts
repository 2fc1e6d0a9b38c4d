import { expect, test, type Page } from "@playwright/test";
import { countMails, EXAMPLES_ORIGIN, expectNoAxeViolations, registerUser, verifyEmail } from "./helpers";

// The elements on a partner's page of another origin (the examples server), as a partner drops them in: their look
// in the light and the dark theme and in the visitor's own scheme, their storage beside the page's own, and one
// new-sign-in alert per browser although no cookie of the agency's reaches a call from there.

const LIGHT_CARD = "rgb(255, 255, 255)";
const DARK_CARD = "rgb(31, 41, 55)";
/** The login card's background: what each theme colours first. */
const loginCard = (page: Page) => page.locator("agency-login").locator(".login").evaluate((card) => getComputedStyle(card).backgroundColor);

/** themes.html: every element rendered, the cookie banner up. */
async function everyElementShown(page: Page): Promise<void> {
  await expect(page.locator("agency-login").getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.locator("agency-pricing").getByRole("heading", { level: 3 }).first()).toBeVisible();
  await expect(page.locator("agency-subscribe").getByRole("heading", { name: "Ready to get started?" })).toBeVisible();
  await expect(page.locator("agency-settings").getByText("You are not logged in.")).toBeVisible();
  await expect(page.locator("agency-quote-form").getByRole("button", { name: "Request a free quote" })).toBeVisible();
  await expect(page.locator("agency-cookie-banner").getByRole("region", { name: "Cookies on this website" })).toBeVisible();
}

test("every element is axe-clean in the light and the dark theme, and auto follows an emulated dark scheme", async ({ browser }) => {
  test.setTimeout(120_000);
  const light = await browser.newContext({ colorScheme: "light" });
  try {
    const page = await light.newPage();
    await page.goto(`${EXAMPLES_ORIGIN}/themes.html`);
    await everyElementShown(page);
    expect(await loginCard(page)).toBe(LIGHT_CARD);
    await expectNoAxeViolations(page, "every element, light theme");

    // The page's switch calls AgencyWidgets.configure({ theme: "dark" }): every element follows at once.
    await page.getByLabel("Theme").selectOption("dark");
    await expect.poll(() => loginCard(page)).toBe(DARK_CARD);
    await expectNoAxeViolations(page, "every element, dark theme");
  } finally {
    await light.close();
  }

  const dark = await browser.newContext({ colorScheme: "dark" });
  try {
    const page = await dark.newPage();
    await page.goto(`${EXAMPLES_ORIGIN}/themes.html?theme=auto`);
    await everyElementShown(page);
    expect(await loginCard(page)).toBe(DARK_CARD);
    await expectNoAxeViolations(page, "every element, auto in a dark scheme");
    // The visitor's scheme turns light: auto follows without a reload.
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => loginCard(page)).toBe(LIGHT_CARD);
  } finally {
    await dark.close();
  }
});

test("a partner's own token survives sign-ins and sign-outs through the elements; three sign-ins from one browser mail one alert", async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = await registerUser(request, "Pat Partner", "en");
  await verifyEmail(request, account);
  // The partner's page keeps a session of its own under the plain names.
  const own = { token: "the-partner's-own-token", user: JSON.stringify({ shopper: 7 }) };
  await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html?theme=dark`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("token", token);
    localStorage.setItem("user", user);
  }, own);
  const stored = () => page.evaluate(() => ({ token: localStorage.getItem("token"), user: localStorage.getItem("user"), agency: localStorage.getItem("agency.token"), device: localStorage.getItem("agency.device") }));

  const devices = new Set<string | null>();
  for (let round = 1; round <= 3; round++) {
    if (round > 1) await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html`);
    const login = page.locator("agency-login");
    await login.getByLabel("Email address").fill(account.email);
    await login.getByLabel("Password", { exact: true }).fill(account.password);
    await login.getByRole("button", { name: "Log in", exact: true }).click();
    // The example routes /dashboard to its settings page.
    await page.waitForURL(`${EXAMPLES_ORIGIN}/agency-settings.html`);
    const settings = page.locator("agency-settings");
    await expect(settings.getByText(account.email).first()).toBeVisible();
    const signedIn = await stored();
    expect(signedIn).toMatchObject({ token: own.token, user: own.user, agency: expect.stringMatching(/\S{20,}/) });
    devices.add(signedIn.device);
    // The theme chosen on the login page holds for the tab: the signed-in settings in the dark theme.
    if (round === 1) {
      await expect(settings.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
      await expectNoAxeViolations(page, "the signed-in settings, dark theme");
    }

    await settings.getByRole("button", { name: "Sign out this device" }).click();
    await page.waitForURL(`${EXAMPLES_ORIGIN}/agency-login.html`);
    expect(await stored()).toEqual({ token: own.token, user: own.user, agency: null, device: signedIn.device });
  }
  expect([...devices]).toEqual([expect.stringMatching(/^[\w-]{43}$/)]);

  // The first sign-in from this browser was new to the account; the two after it were not.
  await expect.poll(() => countMails(account.email, /secure-account/)).toBe(1);
  await page.waitForTimeout(1500);
  expect(countMails(account.email, /secure-account/)).toBe(1);
});
