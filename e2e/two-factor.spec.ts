import { expect, test } from "@playwright/test";
import { totpCode, totpStep } from "../packages/server/src/auth-factors/totp";
import { API_ORIGIN, expectNoAxeViolations, latestMail, mailedLink, openMailLink, registerUser, signIn, verifyEmail } from "./helpers";

// A customer's second factor and the new-sign-in alert, on the production build: turning on an authenticator in the
// settings (its code computed here from the key the page shows, with the server's own TOTP code, and the password),
// then signing in with the password and a code; and the alert's 'this wasn't me' link opened in a browser without a
// session, which secures the account and mails the reset link.

const me = (request: import("@playwright/test").APIRequestContext, token: string) =>
  request.get(`${API_ORIGIN}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

test("turn on two-step verification in the settings, sign out, sign in with the password and a code", async ({ page, request }) => {
  const account = await registerUser(request, "Tessa Totp");
  // Only an account whose address is proven turns it on.
  await verifyEmail(request, account);
  await signIn(page, account);
  await page.goto(`${API_ORIGIN}/dashboard/settings`);
  const settings = page.locator("agency-settings");
  await settings.getByRole("button", { name: "Tweestapsverificatie aanzetten" }).click();
  await expect(settings.getByRole("heading", { name: "Stel je authenticator-app in" })).toBeFocused();
  await expect(settings.getByRole("img", { name: "QR-code voor je authenticator-app" })).toBeVisible();
  await expectNoAxeViolations(page, "the settings' authenticator set-up");

  const secret = (await settings.locator("code[data-secret]").getAttribute("data-secret"))!;
  const enableStep = totpStep();
  await settings.getByLabel("Code uit je authenticator-app").fill(totpCode(secret, enableStep));
  await settings.getByLabel("Wachtwoord", { exact: true }).fill(account.password);
  await settings.getByRole("button", { name: "Aanzetten", exact: true }).click();
  await expect(settings.getByRole("heading", { name: "Bewaar je herstelcodes" })).toBeFocused();
  await expect(settings.getByRole("list", { name: "Herstelcodes" }).getByRole("listitem")).toHaveCount(10);
  await settings.getByRole("button", { name: "Ik heb mijn codes bewaard" }).click();
  await expect(settings.getByRole("heading", { name: "Tweestapsverificatie staat aan" })).toBeVisible();

  await page.getByRole("button", { name: "Uitloggen" }).first().click();
  await expect(page).toHaveURL(/\/(login)?$/);
  await page.goto(`${API_ORIGIN}/login`);
  const login = page.locator("agency-login");
  await login.getByLabel("E-mailadres").fill(account.email);
  await login.getByLabel("Wachtwoord", { exact: true }).fill(account.password);
  await login.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(login.getByRole("heading", { name: "Tweestapsverificatie" })).toBeFocused();
  // No session yet: the password alone signed nobody in.
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  await expectNoAxeViolations(page, "the login's code step");

  await login.getByLabel("Verificatiecode").fill(totpCode(secret, Math.max(enableStep + 1, totpStep())));
  await login.getByRole("button", { name: "Verifiëren" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect((await me(request, token!)).status()).toBe(200);
});

test("the new-sign-in alert's link, opened without a session, ends every session and mails the link to a new password", async ({ browser, page, request }) => {
  const account = await registerUser(request, "Alex Alert", "en");
  // A sign-in from this browser, new to the account, mails the alert.
  await page.goto(`${API_ORIGIN}/login`);
  const login = page.locator("agency-login");
  await login.getByLabel("E-mailadres").fill(account.email);
  await login.getByLabel("Wachtwoord", { exact: true }).fill(account.password);
  await login.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(page).toHaveURL(/\/(dashboard|subscribe)/);
  const browserToken = (await page.evaluate(() => localStorage.getItem("token")))!;
  const link = await mailedLink(account.email, "secure-account");
  expect(link).toMatch(/&lang=en$/);

  const { page: reader, context } = await openMailLink(browser, link);
  try {
    await expect(reader.getByRole("heading", { level: 1, name: "Wasn't this you?" })).toBeFocused();
    await expect(reader.getByText(new RegExp(`The account ${account.email.replace(/[.+]/g, "\\$&")} was signed in to from Chrome on Linux`))).toBeVisible();
    // Loading the page changed nothing.
    expect((await me(request, account.token)).status()).toBe(200);
    expect((await me(request, browserToken)).status()).toBe(200);
    await expectNoAxeViolations(reader, "the 'this wasn't me' page");

    await reader.getByRole("button", { name: "Secure my account" }).click();
    await expect(reader.getByRole("heading", { level: 1, name: "Your account is secured" })).toBeFocused();
    await expectNoAxeViolations(reader, "the secured account page");
    expect((await me(request, account.token)).status()).toBe(401);
    expect((await me(request, browserToken)).status()).toBe(401);
  } finally {
    await context.close();
  }
  // The way on is in the mailbox, not on the page: the reset link opens the new-password form.
  await latestMail(account.email, /Subject: Choose a new password/);
  const { page: resetPage, context: resetContext } = await openMailLink(browser, await mailedLink(account.email, "reset-password"));
  try {
    await expect(resetPage.getByText(account.email)).toBeVisible();
    await expect(resetPage.getByRole("textbox", { name: "New Password", exact: true })).toBeVisible();
  } finally {
    await resetContext.close();
  }
});
