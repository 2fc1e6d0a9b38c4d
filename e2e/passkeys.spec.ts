import { expect, test } from "@playwright/test";
import { totpCode, totpStep } from "../packages/server/src/auth-factors/totp";
import { API_ORIGIN } from "../playwright.config";
import { expectNoAxeViolations, uniqueEmail } from "./helpers";
import { OwnServer } from "./own-server";

/**
 * Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain: a platform
 * authenticator that keeps discoverable credentials and verifies the user), on the production build: a customer adds
 * a passkey in the settings, signs out, and signs in with it on /login (through the e-mail field's passkey autofill,
 * which the virtual authenticator answers at once); then turns on two-step verification confirming with the passkey
 * in place of the password.
 *
 * WebAuthn refuses a relying party that is an IP address, and the shared test server's PUBLIC_URL is 127.0.0.1, so
 * this test starts a production server of its own whose PUBLIC_URL is http://localhost (the RP ID is its host name).
 */

test("nl: a passkey added in the settings signs in on /login after signing out, and confirms a new way in", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const server = new OwnServer(Number(new URL(API_ORIGIN).port) + 6, { host: "localhost" });
  try {
    await server.start();
    const email = uniqueEmail("passkey");
    const password = "correct-horse-7";
    const registered = await request.post(`http://127.0.0.1:${server.port}/api/auth/register`, { data: { name: "Pia Passkey", email, password, language: "nl" } });
    expect(registered.ok(), await registered.text()).toBe(true);
    // Only an account whose address is proven takes a passkey: the owner follows the mailed link first.
    await expect.poll(() => server.mails(email).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const verifyToken = /verify-email\?token=([\w-]+)/.exec(server.mails(email).join("\n"))![1];
    expect((await request.post(`http://127.0.0.1:${server.port}/api/auth/verify-email`, { data: { token: verifyToken } })).ok()).toBe(true);

    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    // Signed in with the password, as the account began.
    await page.goto(`${server.origin}/login`);
    const login = page.locator("agency-login");
    await login.getByLabel("E-mailadres").fill(email);
    await login.getByLabel("Wachtwoord", { exact: true }).fill(password);
    await login.getByRole("button", { name: "Inloggen", exact: true }).click();
    await page.waitForURL(`${server.origin}/dashboard/settings`);

    // A passkey added in the settings: the password first, however fresh the session, then the browser's prompt.
    const settings = page.locator("agency-settings");
    const card = settings.locator("[part=passkeys]");
    await expect(card.getByText("Je hebt nog geen toegangssleutels.")).toBeVisible();
    await card.getByRole("button", { name: "Toegangssleutel toevoegen" }).click();
    const dialog = settings.getByRole("dialog", { name: "Bevestig je wachtwoord" });
    await dialog.getByLabel("Wachtwoord", { exact: true }).fill(password);
    await dialog.getByRole("button", { name: "Doorgaan" }).click();
    await expect(card.locator("[part=passkey]")).toHaveCount(1);
    // The owner is mailed at once, with the link that removes it again.
    await expect.poll(() => server.mails(email).some((mail) => /Subject: Er is een toegangssleutel aan je account toegevoegd/.test(mail))).toBe(true);
    await expect(card.locator("[part=passkey]")).toContainText(/Chrome (on|op) Linux/);
    await expect(card.locator("[part=passkey]")).toContainText("Nog nooit gebruikt");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: "localhost" })]);
    await expectNoAxeViolations(page, "settings with a passkey");

    // Signed out, then in again with the passkey alone. Logout lands on /login, whose e-mail field asks for passkey
    // autofill (autocomplete="username webauthn", conditional mediation), and the virtual authenticator would answer
    // that at once: it holds back until the sign-out is seen, as a person looks before picking a suggestion.
    await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: false });
    await page.getByRole("button", { name: "Uitloggen" }).first().click();
    await page.waitForURL(`${server.origin}/login`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // Now the authenticator answers the login view's autofill with its one passkey, as a person picks it.
    await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: true });
    await page.goto(`${server.origin}/login`);
    await page.waitForURL(`${server.origin}/dashboard/settings`);
    await expect(page.locator("agency-settings").locator("[part=passkey]")).toContainText("Laatst gebruikt");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();

    // Adding a way in asks for the password, or the passkey in its place: the authenticator answers the prompt.
    const signedIn = page.locator("agency-settings");
    await signedIn.getByRole("button", { name: "Tweestapsverificatie aanzetten" }).click();
    const secret = (await signedIn.locator("code[data-secret]").getAttribute("data-secret"))!;
    await signedIn.getByLabel("Code uit je authenticator-app").fill(totpCode(secret, totpStep()));
    await signedIn.getByRole("button", { name: "Gebruik een toegangssleutel" }).click();
    await expect(signedIn.getByRole("heading", { name: "Bewaar je herstelcodes" })).toBeFocused();
    await expect(signedIn.getByRole("list", { name: "Herstelcodes" }).getByRole("listitem")).toHaveCount(10);
    await expect.poll(() => server.mails(email).some((mail) => /Subject: Tweestapsverificatie is aangezet/.test(mail))).toBe(true);
    await context.close();
  } finally {
    await server.close();
  }
});
