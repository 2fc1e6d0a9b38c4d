import { expect, test, type APIRequestContext } from "@playwright/test";
import { API_ORIGIN, expectNoAxeViolations, mailedLink, openMailLink, registerUser, signIn, uniqueEmail, type TestUser } from "./helpers";

/**
 * Every link the site mails, opened as people open them: on the production build, in a browser that has never
 * seen the site (no session, no remembered language), in the mail's language. The pages that links open change
 * nothing on loading (a mail scanner or a prefetch loads them too); one click confirms.
 */

const TEXTS = {
  nl: {
    confirmHeading: "Bevestig je e-mailadres",
    confirm: "E-mailadres bevestigen",
    changeHeading: "Bevestig je nieuwe e-mailadres",
    change: "E-mailadres wijzigen",
    verified: "E-mailadres bevestigd",
    logIn: "Inloggen",
    resetHeading: "Stel je wachtwoord opnieuw in",
    newPassword: "Nieuw wachtwoord",
    confirmPassword: "Bevestig nieuw wachtwoord",
    resetButton: "Wachtwoord opnieuw instellen",
    resetDone: "Wachtwoord succesvol opnieuw ingesteld!",
  },
  en: {
    confirmHeading: "Confirm your e-mail address",
    confirm: "Confirm e-mail address",
    changeHeading: "Confirm your new e-mail address",
    change: "Change e-mail address",
    verified: "E-mail address verified",
    logIn: "Log in",
    resetHeading: "Reset Your Password",
    newPassword: "New Password",
    confirmPassword: "Confirm New Password",
    resetButton: "Reset Password",
    resetDone: "Password reset successfully!",
  },
} as const;

const me = async (request: APIRequestContext, user: TestUser) => {
  const res = await request.get(`${API_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { user: { email: string; email_verified: boolean; pending_email: string | null } }).user;
};

for (const locale of ["nl", "en"] as const) {
  const T = TEXTS[locale];

  test(`the sign-up's verification link works in another browser, and only on a click (${locale})`, async ({ browser, request }) => {
    const user = await registerUser(request, `Mila ${locale}`, locale);
    const link = await mailedLink(user.email, "verify-email");
    expect(link).toContain(`&lang=${locale}`);

    const { page, context } = await openMailLink(browser, link);
    try {
      await expect(page.getByRole("heading", { level: 1, name: T.confirmHeading })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByText(user.email)).toBeVisible();
      // Loading the page, as a mail scanner would, verified nothing.
      expect(await me(request, user)).toMatchObject({ email_verified: false });
      await expectNoAxeViolations(page, `${locale} verification link, before the click`);

      await page.getByRole("button", { name: T.confirm }).click();
      await expect(page.getByRole("heading", { level: 1, name: T.verified })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: T.verified })).toBeFocused();
      expect(await me(request, user)).toMatchObject({ email_verified: true });
      // No session in this browser: the way on is to log in.
      await expect(page.getByRole("link", { name: T.logIn, exact: true }).last()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test(`the e-mail change link works in another browser, and only on a click (${locale})`, async ({ browser, request }) => {
    const user = await registerUser(request, `Max ${locale}`, locale);
    const newEmail = uniqueEmail("moved");
    const asked = await request.post(`${API_ORIGIN}/api/account/email`, {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { newEmail, password: user.password, language: locale },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    const link = await mailedLink(newEmail, "verify-email");

    const { page, context } = await openMailLink(browser, link);
    try {
      await expect(page.getByRole("heading", { level: 1, name: T.changeHeading })).toBeVisible();
      await expect(page.getByText(newEmail)).toBeVisible();
      expect(await me(request, user)).toMatchObject({ email: user.email, pending_email: newEmail });
      await expectNoAxeViolations(page, `${locale} e-mail change link, before the click`);

      await page.getByRole("button", { name: T.change }).click();
      await expect(page.getByRole("heading", { level: 1, name: T.verified })).toBeVisible();
      expect(await me(request, user)).toMatchObject({ email: newEmail, email_verified: true, pending_email: null });
    } finally {
      await context.close();
    }
  });

  test(`the reset link works in another browser (${locale})`, async ({ browser, request }) => {
    const user = await registerUser(request, `Rik ${locale}`, locale);
    const asked = await request.post(`${API_ORIGIN}/api/auth/forgot-password`, { data: { email: user.email, language: locale } });
    expect(asked.ok()).toBe(true);
    const link = await mailedLink(user.email, "reset-password");
    expect(link).toContain(`&lang=${locale}`);

    const { page, context } = await openMailLink(browser, link);
    try {
      await expect(page.getByRole("heading", { level: 1, name: T.resetHeading })).toBeVisible();
      await expect(page.getByText(user.email)).toBeVisible();
      const newPassword = "a-new-horse-42";
      await page.getByLabel(T.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(T.confirmPassword).fill(newPassword);
      await page.getByRole("button", { name: T.resetButton }).click();
      await expect(page.getByText(T.resetDone, { exact: true })).toBeVisible();
      const login = await request.post(`${API_ORIGIN}/api/auth/login`, { data: { email: user.email, password: newPassword } });
      expect(login.ok(), await login.text()).toBe(true);
    } finally {
      await context.close();
    }
  });

  test(`the verification link in the browser that signed up: the app starts at once, with no error in the console (${locale})`, async ({ page, request }) => {
    const user = await registerUser(request, `Mia ${locale}`, locale);
    const link = await mailedLink(user.email, "verify-email");
    // Signed in, the site starts its app with the page instead of waiting for a first navigation.
    await signIn(page, user);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${message.text()} ${message.location().url}`);
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: T.confirmHeading })).toBeVisible();
    await page.getByRole("button", { name: T.confirm }).click();
    await expect(page.getByRole("heading", { level: 1, name: T.verified })).toBeVisible();
    expect(await me(request, user)).toMatchObject({ email_verified: true });
    expect(problems).toEqual([]);
  });
}

/**
 * The failed-payment mail's 'pay now' link, as the mail writes it (/billing?pay=1&lang=…): in a browser without a
 * session it asks to log in, in the mail's language, and goes on to the page the link meant; signed in it opens that
 * page at once, which says when nothing is owed. Dutch on a phone, English on a desktop.
 */
const BILLING = {
  nl: { width: 375, logIn: "Inloggen", email: "E-mailadres", password: "Wachtwoord", heading: "Facturatie beheren", nothing: "Er hoeft nu niets betaald te worden." },
  en: { width: 1280, logIn: "Log in", email: "Email address", password: "Password", heading: "Manage billing", nothing: "There is no payment to make right now." },
} as const;

for (const locale of ["nl", "en"] as const) {
  const B = BILLING[locale];
  test(`the failed-payment mail's pay link asks to log in, then opens its page, in the mail's language (${locale}, ${B.width} px)`, async ({ browser, request }) => {
    const user = await registerUser(request, `Betaal ${locale}`, locale);
    const link = `${API_ORIGIN}/billing?pay=1&lang=${locale}`;
    const { page, context } = await openMailLink(browser, link, { phone: B.width === 375 });
    try {
      await expect(page.getByRole("heading", { level: 1, name: B.logIn })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const login = page.locator("agency-login");
      await login.getByLabel(B.email).fill(user.email);
      await login.getByLabel(B.password, { exact: true }).fill(user.password);
      await login.getByRole("button", { name: B.logIn, exact: true }).click();
      await expect(page).toHaveURL(/\/billing\?pay=1&lang=/);
      await expect(page.getByRole("heading", { level: 1, name: B.heading })).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: B.nothing })).toBeVisible();
    } finally {
      await context.close();
    }

    // Signed in already: straight to the page, never by way of the login page.
    const signedIn = await browser.newContext(B.width === 375 ? { viewport: { width: 375, height: 740 }, isMobile: true } : {});
    try {
      const tab = await signedIn.newPage();
      await signIn(tab, user);
      const visited: string[] = [];
      tab.on("framenavigated", (frame) => {
        if (frame === tab.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await tab.goto(link);
      await expect(tab.getByRole("alert").filter({ hasText: B.nothing })).toBeVisible();
      await expect(tab.locator("html")).toHaveAttribute("lang", locale);
      expect(visited).not.toContain("/login");
    } finally {
      await signedIn.close();
    }
  });
}
