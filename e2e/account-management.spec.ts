import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { API_ORIGIN, expectNoAxeViolations, mailedLink, openMailLink, registerUser, signIn, type TestUser } from "./helpers";

/**
 * Accounts every signed-in visitor can manage, subscribed or not, in Dutch and in English: the verification link
 * mailed through the outbox, the data download and account deletion without a subscription, logout from the public
 * header (desktop and the mobile menu), the password change, and signing out everywhere else.
 */

const TEXTS = {
  nl: {
    verify: "Bevestig je e-mailadres",
    resend: "Bevestigingsmail opnieuw versturen",
    verifiedPage: "E-mailadres bevestigd",
    confirmLink: "E-mailadres bevestigen",
    verified: "Bevestigd",
    noSubscription: "Geen actief abonnement",
    subscribe: "Kies een abonnement",
    download: "Mijn gegevens downloaden",
    unverifiedNote: "horen bij je gegevens zodra je het adres bevestigt",
    deleteAccount: "Account verwijderen",
    confirmPassword: "Vul je wachtwoord in om te bevestigen",
    confirmDelete: "Mijn account verwijderen",
    deleted: "Je account is verwijderd",
    nav: "Hoofdnavigatie",
    logout: "Uitloggen",
    login: "Inloggen",
    menu: "Menu",
    loggedOut: "Succesvol uitgelogd",
    passwordCard: "Wachtwoord wijzigen",
    current: "Huidig wachtwoord",
    sessionEnded: "Je sessie is beëindigd, bijvoorbeeld omdat je op een ander apparaat hebt uitgelogd. Log opnieuw in; een wijziging die je aan het maken was, is niet opgeslagen.",
    welcomeBack: "Welkom terug",
    next: "Nieuw wachtwoord",
    confirm: "Bevestig nieuw wachtwoord",
    passwordChanged: "Je wachtwoord is gewijzigd. Alle andere apparaten zijn uitgelogd.",
    devices: "Ingelogde apparaten",
    thisDevice: "Dit apparaat",
    thisBrowser: "Chrome op Linux",
    emailField: "E-mailadres",
    passwordField: "Wachtwoord",
    logIn: "Inloggen",
    phone: "Safari op iOS",
    laptop: "Firefox op Windows",
    everywhere: "Overal anders uitloggen",
    signedOutOthers: "3 andere apparaten zijn uitgelogd",
  },
  en: {
    verify: "Verify your e-mail address",
    resend: "Resend verification e-mail",
    verifiedPage: "E-mail address verified",
    confirmLink: "Confirm e-mail address",
    verified: "Verified",
    noSubscription: "No active subscription",
    subscribe: "Choose a plan",
    download: "Download my data",
    unverifiedNote: "become part of your data once you verify the address",
    deleteAccount: "Delete account",
    confirmPassword: "Enter your password to confirm",
    confirmDelete: "Delete my account",
    deleted: "Your account has been deleted",
    nav: "Main navigation",
    logout: "Logout",
    login: "Login",
    menu: "Menu",
    loggedOut: "Logged out successfully",
    passwordCard: "Change password",
    current: "Current password",
    sessionEnded: "Your session has ended, for example because you signed out on another device. Log in again; a change you were making was not saved.",
    welcomeBack: "Welcome back",
    next: "New password",
    confirm: "Confirm new password",
    passwordChanged: "Your password has been changed. Every other device has been signed out.",
    devices: "Signed-in devices",
    thisDevice: "This device",
    thisBrowser: "Chrome on Linux",
    emailField: "Email address",
    passwordField: "Password",
    logIn: "Log in",
    phone: "Safari on iOS",
    laptop: "Firefox on Windows",
    everywhere: "Sign out everywhere else",
    signedOutOthers: "3 other devices have been signed out",
  },
} as const;

const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** Signed in, with the site remembering the visitor's language (pages without an /en twin use it). */
async function signInIn(page: Page, user: TestUser, locale: "nl" | "en") {
  await signIn(page, user);
  await page.addInitScript((language) => localStorage.setItem("preferredLanguage", language), locale);
}

/** Another device's login (its own token), as a phone or a laptop would make it. */
async function loginElsewhere(request: APIRequestContext, user: TestUser, userAgent: string, password = user.password): Promise<string> {
  const res = await request.post(`${API_ORIGIN}/api/auth/login`, { data: { email: user.email, password }, headers: { "User-Agent": userAgent } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get(`${API_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status();

for (const locale of ["nl", "en"] as const) {
  const T = TEXTS[locale];

  test(`the verification link from the outbox verifies the address (${locale})`, async ({ browser, page, request }) => {
    // Signed up in the same language, so the sign-up's link and the one asked for again open alike.
    const user = await registerUser(request, `Vera ${locale}`, locale);
    await signInIn(page, user, locale);
    await page.goto("/dashboard/settings");
    const settings = page.locator("agency-settings");
    await expect(settings.getByRole("heading", { name: T.verify })).toBeVisible();
    await expectNoAxeViolations(page, `${locale} settings with the verification notice`);

    // Asked again: a second mail; either link works.
    await settings.getByRole("button", { name: T.resend }).click();
    await expect(settings.getByRole("status").filter({ hasText: user.email })).toBeVisible();
    const link = await mailedLink(user.email, "verify-email");
    expect(new URL(link).origin).toBe(API_ORIGIN);

    // Opened where the mail is read (another browser, no session): one click confirms.
    const phone = await openMailLink(browser, link);
    try {
      await phone.page.getByRole("button", { name: T.confirmLink }).click();
      await expect(phone.page.getByRole("heading", { level: 1, name: T.verifiedPage })).toBeVisible();
      await expect(phone.page.getByText(user.email)).toBeVisible();
      await expectNoAxeViolations(phone.page, `${locale} verify-email page`);
    } finally {
      await phone.context.close();
    }
    // The signed-in browser's settings say so on their next load.
    await page.reload();
    await expect(settings.getByText(T.verified, { exact: true })).toBeVisible();
    await expect(settings.getByRole("heading", { name: T.verify })).toHaveCount(0);
  });

  test(`a visitor without a subscription downloads their data and deletes their account (${locale})`, async ({ page, request }) => {
    const user = await registerUser(request, `Nora ${locale}`);
    await signInIn(page, user, locale);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    const settings = page.locator("agency-settings");
    await expect(settings.getByText(T.noSubscription)).toBeVisible();
    await expect(settings.getByRole("link", { name: T.subscribe })).toHaveAttribute("href", "/subscribe");
    await expect(settings.getByText(T.unverifiedNote, { exact: false })).toBeVisible();

    const downloading = page.waitForEvent("download");
    await settings.getByRole("button", { name: T.download }).click();
    const data = JSON.parse(readFileSync((await (await downloading).path())!, "utf8"));
    expect(data.account).toMatchObject({ email: user.email, email_verified: false });
    expect(data.subscriptions).toEqual([]);
    expect(data.quote_requests).toEqual([]);
    expect(data.quote_requests_note).toContain(user.email);

    await settings.getByRole("button", { name: T.deleteAccount }).click();
    const dialog = settings.getByRole("dialog", { name: T.deleteAccount });
    await dialog.getByLabel(T.confirmPassword).fill(user.password);
    await expectNoAxeViolations(page, `${locale} delete dialog without a subscription`);
    await dialog.getByRole("button", { name: T.confirmDelete }).click();
    await expect(page.getByText(T.deleted)).toBeVisible();
    await expect(page).toHaveURL(locale === "en" ? /\/en$/ : /\/$/);
    expect(await meStatus(request, user.token)).toBe(401);
  });

  for (const [viewport, width] of [
    ["desktop", 1280],
    ["mobile menu", 375],
  ] as const) {
    test(`logout from the public header, ${viewport} (${locale})`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const user = await registerUser(request, `Lou ${locale}`);
      await signIn(page, user);
      // An English visitor reaches /en pages through the language toggle (the marker it leaves).
      if (locale === "en") await page.addInitScript(() => sessionStorage.setItem("languageToggleUsed", String(Date.now())));
      const path = locale === "en" ? "/en/pricing" : "/pricing";
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      const nav = page.getByRole("navigation", { name: T.nav });
      if (width < 900) await page.getByRole("button", { name: T.menu }).click();
      await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
      await expectNoAxeViolations(page, `${locale} ${viewport} header signed in`);
      await nav.getByRole("button", { name: T.logout }).click();
      await expect(page.locator("[data-agency-toaster]")).toContainText(T.loggedOut);
      if (width < 900) {
        // The menu's work is done: it closes, and focus goes to its button.
        await expect(page.getByRole("button", { name: T.menu, exact: true })).toBeFocused();
        await expect(page.getByRole("button", { name: T.menu, exact: true })).toHaveAttribute("aria-expanded", "false");
      } else {
        await expect(nav.getByRole("link", { name: T.login })).toBeFocused();
      }
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
      expect(await meStatus(request, user.token)).toBe(401);
    });
  }

  test(`change password: this device stays signed in, the others are signed out (${locale})`, async ({ page, request }) => {
    const user = await registerUser(request, `Pax ${locale}`);
    const phone = await loginElsewhere(request, user, SAFARI_IPHONE);
    await signInIn(page, user, locale);
    await page.goto("/dashboard/settings");
    const card = page.locator("agency-settings").getByRole("region", { name: T.passwordCard });
    await card.getByLabel(T.current).fill(user.password);
    await card.getByLabel(T.next, { exact: true }).fill("a-brand-new-pass-9");
    await card.getByLabel(T.confirm).fill("a-brand-new-pass-9");
    await expectNoAxeViolations(page, `${locale} change password`);
    await card.getByRole("button", { name: T.passwordCard }).click();
    await expect(page.locator("[data-agency-toaster]")).toContainText(T.passwordChanged);

    expect(await meStatus(request, user.token)).toBe(200);
    expect(await meStatus(request, phone)).toBe(401);
    await loginElsewhere(request, user, FIREFOX_WINDOWS, "a-brand-new-pass-9");
    const notice = await request.post(`${API_ORIGIN}/api/auth/login`, { data: { email: user.email, password: user.password } });
    expect(notice.status()).toBe(400);
  });

  test(`signed out everywhere else from another device, a change here goes to the login page, which says the session ended (${locale})`, async ({ page, request }) => {
    if (locale === "nl") await page.setViewportSize({ width: 375, height: 740 });
    const user = await registerUser(request, `Sven ${locale}`);
    await signInIn(page, user, locale);
    await page.goto("/dashboard/settings");
    const card = page.locator("agency-settings").getByRole("region", { name: T.passwordCard });
    await card.getByLabel(T.current).fill(user.password);
    await card.getByLabel(T.next, { exact: true }).fill("a-brand-new-pass-9");
    await card.getByLabel(T.confirm).fill("a-brand-new-pass-9");
    // Meanwhile, on a phone, the owner signs out everywhere else: this browser's session ends.
    const phone = await loginElsewhere(request, user, SAFARI_IPHONE);
    const ended = await request.delete(`${API_ORIGIN}/api/account/sessions`, { headers: { Authorization: `Bearer ${phone}` } });
    expect(ended.ok(), await ended.text()).toBe(true);
    await card.getByRole("button", { name: T.passwordCard }).click();
    await expect(page).toHaveURL(/\/login$/);
    const login = page.locator("agency-login");
    await expect(login.getByRole("status")).toHaveText(T.sessionEnded);
    // Until the next login: logged in again and out, the login page is an ordinary one.
    await login.getByLabel(T.emailField).fill(user.email);
    await login.getByLabel(T.passwordField, { exact: true }).fill(user.password);
    await login.getByRole("button", { name: T.logIn, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await page.evaluate(() => localStorage.clear());
    await page.goto("/login");
    await expect(login.getByRole("heading", { name: T.welcomeBack })).toBeVisible();
    await expect(login.getByText(T.sessionEnded)).toHaveCount(0);
  });

  test(`sign out everywhere else (${locale})`, async ({ page, request }) => {
    const user = await registerUser(request, `Sami ${locale}`);
    const phone = await loginElsewhere(request, user, SAFARI_IPHONE);
    const laptop = await loginElsewhere(request, user, FIREFOX_WINDOWS);
    // This device logs in through the site, so its session is the browser's own.
    await page.addInitScript((language) => {
      localStorage.setItem("preferredLanguage", language);
      localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: 1 }));
    }, locale);
    await page.goto("/login");
    const login = page.locator("agency-login");
    await login.getByLabel(T.emailField).fill(user.email);
    await login.getByLabel(T.passwordField, { exact: true }).fill(user.password);
    await login.getByRole("button", { name: T.logIn, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    const browserToken = (await page.evaluate(() => localStorage.getItem("token")))!;
    const card = page.locator("agency-settings").getByRole("region", { name: T.devices });
    const rows = card.getByRole("listitem");
    // The sign-up's own session, the phone, the laptop and this browser (Debian's Chromium: Chrome on Linux).
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText(T.thisBrowser);
    await expect(rows.first()).toContainText(T.thisDevice);
    await expect(card).toContainText(T.phone);
    await expect(card).toContainText(T.laptop);
    await expectNoAxeViolations(page, `${locale} signed-in devices`);

    await card.getByRole("button", { name: T.everywhere }).click();
    await expect(page.locator("[data-agency-toaster]")).toContainText(T.signedOutOthers);
    await expect(rows).toHaveCount(1);
    await expect(card.getByRole("button", { name: T.everywhere })).toBeDisabled();
    expect(await meStatus(request, phone)).toBe(401);
    expect(await meStatus(request, laptop)).toBe(401);
    expect(await meStatus(request, user.token)).toBe(401);
    expect(await meStatus(request, browserToken)).toBe(200);
  });
}
