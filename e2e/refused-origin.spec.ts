import { expect, test } from "@playwright/test";
import { EXAMPLES_ORIGIN } from "./helpers";

/**
 * A partner page whose origin the agency's server does not allow (ALLOWED_ORIGINS): the browser hides the CORS
 * refusal as a network error, and the element says what is wrong, in its language, instead of 'Login failed'. The
 * examples server answers at localhost too, an origin the test server does not allow (it allows 127.0.0.1).
 */
const refusedOrigin = EXAMPLES_ORIGIN.replace("127.0.0.1", "localhost");
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
];
const TEXTS = {
  en: { email: "Email address", password: "Password", submit: "Log in", refused: "This page's address (ORIGIN) is not allowed to use the agency's service.", failed: "Login failed" },
  nl: { email: "E-mailadres", password: "Wachtwoord", submit: "Inloggen", refused: "Het adres van deze pagina (ORIGIN) mag de dienst van het bureau niet gebruiken.", failed: "Inloggen mislukt" },
};

for (const viewport of VIEWPORTS) {
  for (const locale of ["en", "nl"] as const) {
    test(`a login from a page whose origin is not allowed says so (${locale}, ${viewport.name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${refusedOrigin}/agency-login.html`);
      const login = page.locator("#login");
      await login.evaluate((element, lang) => element.setAttribute("locale", lang), locale);
      const text = TEXTS[locale];
      await login.getByLabel(text.email).fill("someone@example.com");
      await login.getByLabel(text.password, { exact: true }).fill("correct-horse-7");
      await login.getByRole("button", { name: text.submit, exact: true }).click();
      const alert = login.getByRole("alert");
      await expect(alert).toContainText(text.refused.replace("ORIGIN", refusedOrigin));
      await expect(alert).toContainText("ALLOWED_ORIGINS");
      await expect(alert).not.toContainText(text.failed);
    });
  }
}

test("an API that cannot be reached at all is no refused origin: the element names the network problem", async ({ page }) => {
  await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html`);
  await page.context().route(/\/api\//, (route) => route.abort("internetdisconnected"));
  const login = page.locator("#login");
  await login.getByLabel("Email address").fill("someone@example.com");
  await login.getByLabel("Password", { exact: true }).fill("correct-horse-7");
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  const alert = login.getByRole("alert");
  await expect(alert).toContainText("Network error - check your internet connection");
  await expect(alert).not.toContainText("not allowed");
});

test("the quote form on a refused origin says so instead of blaming the visitor's connection", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${refusedOrigin}/agency-quote-form.html`);
  const form = page.locator("#quote");
  await form.getByLabel(/^Full name/).fill("Jan Bakker");
  await form.getByLabel(/^Email address/).fill("jan@example.com");
  await form.getByLabel(/^Phone number/).fill("0612345678");
  await form.getByLabel(/^Project type/).selectOption("redesign");
  await form.getByLabel(/^Budget range/).selectOption("3000-4000");
  await form.getByLabel(/^Timeline/).selectOption("flexible");
  await form.getByLabel(/^Domain status/).selectOption("need-help");
  await form.getByRole("button", { name: "Request a free quote" }).click();
  await expect(form.getByRole("alert").first()).toContainText(`This page's address (${refusedOrigin}) is not allowed`);
});
