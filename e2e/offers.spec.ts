import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { API_ORIGIN, DECIDED_COOKIES, expectNoAxeViolations, latestMail, mailedLink, uniqueEmail } from "./helpers";
import { totp } from "./totp";

/**
 * A package sold online, the whole sale as its people do it, in Dutch at a desktop's width and in English at 375 px:
 * staff make an offer in the desk; the customer opens the mailed link in a browser that has never seen the site,
 * signs it and pays the deposit with iDEAL at the test bank; staff mark it delivered; the customer pays the balance
 * from the delivery mail's link, chooses a password with the welcome mail's link, and finds the package on the
 * settings page, where the first month's fee is collected (played in the test portal) and invoiced. axe on each new
 * screen. The rules and refusals are server tests (packages/server/test/offers).
 */
test.describe.configure({ mode: "serial" });

const STAFF = "offers-staff@agency.test";
const PASSWORD = "offers-pass-4-staff";
const STATE_FILE = join(import.meta.dirname, `../test-results/e2e-desk-offers-state-${new URL(API_ORIGIN).port}.json`);

/**
 * The desk session of the offers' staff member, enrolled from the link the e2e server kept when it started. A link
 * works once, so the session is kept with the link it came from: the second test, or a retry, signs in with it.
 */
async function deskToken(request: APIRequestContext): Promise<string> {
  const printed = readFileSync(join(import.meta.dirname, `../test-results/e2e-desk-offers-${new URL(API_ORIGIN).port}.txt`), "utf8");
  const token = /\/desk\/enrol\?token=([\w-]+)/.exec(printed)?.[1];
  expect(token, `the staff CLI printed an enrolment link:\n${printed}`).toBeTruthy();
  const kept = existsSync(STATE_FILE) ? (JSON.parse(readFileSync(STATE_FILE, "utf8")) as { link: string; token: string }) : null;
  if (kept && kept.link === token) return kept.token;
  const enrolment = await request.get(`${API_ORIGIN}/api/desk/enrolment?token=${token}`);
  const { totpSecret } = (await enrolment.json()) as { totpSecret: string };
  const step = Math.floor(Date.now() / 30_000);
  const enrolled = await request.post(`${API_ORIGIN}/api/desk/enrolment`, { data: { token, password: PASSWORD, code: totp(totpSecret, step) } });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  const login = await request.post(`${API_ORIGIN}/api/desk/login`, { data: { email: STAFF, password: PASSWORD, code: totp(totpSecret, step + 1) } });
  expect(login.ok(), await login.text()).toBe(true);
  const session = ((await login.json()) as { token: string }).token;
  writeFileSync(STATE_FILE, JSON.stringify({ link: token, token: session }));
  return session;
}

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** A browser of its own: staff's with their desk session, or the customer's with nothing but a cookie decision. */
async function browserOf(browser: Browser, phone: boolean, desk?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(phone ? PHONE : {});
  await context.addInitScript(
    ({ consent, token }) => {
      localStorage.setItem("cookieConsent", consent);
      if (token) localStorage.setItem("deskToken", token);
    },
    { consent: DECIDED_COOKIES, token: desk ?? null },
  );
  return { context, page: await context.newPage() };
}

const TEXT = {
  nl: {
    newOffer: "Nieuwe offerte",
    email: "E-mailadres",
    name: "Naam",
    company: "Bedrijf (optioneel)",
    package: "Pakket",
    language: "Taal van de offerte en de e-mail",
    addLine: "Regel toevoegen",
    lineDescription: "Omschrijving van regel 1",
    lineAmount: "Bedrag van regel 1 in euro, excl. btw",
    send: "Offerte maken en versturen",
    sent: "Verstuurd",
    accepted: "Geaccepteerd",
    delivered: "Opgeleverd",
    markDelivered: "Als opgeleverd markeren",
    yesDelivered: "Ja, het is opgeleverd",
    offer: /^Offerte OFF-\d{4}-\d{4}$/,
    oneTimeTotal: /€\s785,29/,
    signature: "Je naam, als handtekening",
    agree: /Ik accepteer deze offerte/,
    acceptAndPay: /^Accepteren en de aanbetaling van €\s392,65 betalen$/,
    ideal: "iDEAL | Wero (testbank)",
    card: "Testkaart",
    pay: /betalen$/,
    bank: "Je bank",
    toBank: "Verder naar je bank",
    testBank: "TESTBANK — ING",
    approve: "Goedkeuren (test)",
    received: "Bedankt, we hebben je betaling ontvangen.",
    ordered: /Bedankt voor je opdracht/,
    balanceMail: /Je website is opgeleverd: factuur/,
    payBalance: "Restbetaling betalen",
    resetHeading: "Stel je wachtwoord opnieuw in",
    newPassword: "Nieuw wachtwoord",
    confirmPassword: "Bevestig nieuw wachtwoord",
    resetButton: "Wachtwoord opnieuw instellen",
    resetDone: "Wachtwoord succesvol opnieuw ingesteld!",
    yourPackage: "Je pakket",
    active: "Actief",
    manage: "Facturatie beheren",
    collect: "Test: volgende betaling nu innen",
    collected: "Er is een testverlenging gespeeld: de volgende betaling is geïnd en gefactureerd.",
    back: "Terug naar je account",
    invoices: "Facturen",
    monthly: /€\s78,65/,
  },
  en: {
    newOffer: "New offer",
    email: "E-mail address",
    name: "Name",
    company: "Company (optional)",
    package: "Package",
    language: "Language of the offer and its mail",
    addLine: "Add a line",
    lineDescription: "Description of line 1",
    lineAmount: "Amount of line 1 in euro, excl. VAT",
    send: "Make and send the offer",
    sent: "Sent",
    accepted: "Accepted",
    delivered: "Delivered",
    markDelivered: "Mark delivered",
    yesDelivered: "Yes, it is delivered",
    offer: /^Offer OFF-\d{4}-\d{4}$/,
    oneTimeTotal: /€785\.29/,
    signature: "Your name, as your signature",
    agree: /I accept this offer/,
    acceptAndPay: /^Accept and pay the deposit of €392\.65$/,
    ideal: "iDEAL | Wero (test bank)",
    card: "Test card",
    pay: /^Pay /,
    bank: "Your bank",
    toBank: "Continue to your bank",
    testBank: "TEST BANK — ING",
    approve: "Approve (test)",
    received: "Thank you, your payment was received.",
    ordered: /Thank you for your order/,
    balanceMail: /Your website is delivered: invoice/,
    payBalance: "Pay the balance",
    resetHeading: "Reset Your Password",
    newPassword: "New Password",
    confirmPassword: "Confirm New Password",
    resetButton: "Reset Password",
    resetDone: "Password reset successfully!",
    yourPackage: "Your package",
    active: "Active",
    manage: "Manage billing",
    collect: "Test: collect the next payment now",
    collected: "A test renewal was played: the next payment was collected and invoiced.",
    back: "Back to your account",
    invoices: "Invoices",
    monthly: /€78\.65/,
  },
} as const;

for (const [locale, phone] of [
  ["nl", false],
  ["en", true],
] as const) {
  test(`the whole sale (${locale}${phone ? ", 375 px" : ""}): desk, offer in a fresh browser, test bank, delivery, the first monthly invoice`, async ({ browser, request }) => {
    // Two browsers, four payments and eight axe runs: room for a shared, busy machine.
    test.slow();
    const T = TEXT[locale];
    const root = locale === "en" ? "/en" : "";
    const email = uniqueEmail(`offer-${locale}`);
    const staff = await browserOf(browser, phone, await deskToken(request));
    const errors: string[] = [];

    // The desk: a Starter offer with one extra line, mailed in the customer's language.
    const desk = staff.page;
    desk.on("pageerror", (error) => errors.push(error.message));
    await desk.goto(`${root}/desk/offers/new`);
    await expect(desk.getByRole("heading", { level: 1, name: T.newOffer })).toBeVisible();
    await desk.getByLabel(T.email, { exact: true }).fill(email);
    await desk.getByLabel(T.name, { exact: true }).fill("Jan Bakker");
    await desk.getByLabel(T.company).fill("Bakkerij Bakker");
    await desk.getByLabel(T.package).selectOption("starter");
    await desk.getByLabel(T.language).selectOption(locale);
    await desk.getByRole("button", { name: T.addLine }).click();
    await desk.getByLabel(T.lineDescription).fill(locale === "en" ? "Extra landing page" : "Extra landingspagina");
    await desk.getByLabel(T.lineAmount).fill("150");
    await expectNoAxeViolations(desk, `desk: new offer (${locale})`);
    await desk.getByRole("button", { name: T.send }).click();
    await desk.waitForURL(/\/desk\/offers\/[0-9a-f-]{36}$/);
    await expect(desk.getByTestId("offer-status")).toHaveText(T.sent);
    await expectNoAxeViolations(desk, `desk: the offer (${locale})`);

    // The customer opens the mail's link in a browser that has never seen the site.
    const mail = await latestMail(email, /offer\?token=/);
    const link = new RegExp(`https?://\\S+${root}/offer\\?token=[\\w-]+&lang=${locale}`).exec(mail)?.[0];
    expect(link, "the offer's link, in the mail's language").toBeTruthy();
    const customer = await browserOf(browser, phone);
    const page = customer.page;
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: T.offer })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("table").getByText(T.oneTimeTotal)).toBeVisible();
    await expectNoAxeViolations(page, `the offer (${locale})`);
    await expect(page.getByLabel(T.signature)).toHaveValue("Jan Bakker");
    await page.getByRole("checkbox", { name: T.agree }).check();
    await page.getByRole("button", { name: T.acceptAndPay }).click();

    // The deposit: iDEAL at the test bank, which also gives the direct debit mandate for the monthly fee.
    await page.waitForURL(/\/api\/payments\/test-checkout\//);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page.getByRole("radio", { name: T.ideal }).check();
    await expectNoAxeViolations(page, `test checkout of the deposit (${locale})`);
    await page.getByRole("button", { name: T.pay }).click();
    await page.waitForURL(/\/ideal$/);
    await page.getByLabel(T.bank).selectOption("ING");
    await page.getByRole("button", { name: T.toBank }).click();
    await expect(page.getByRole("heading", { level: 1, name: T.testBank })).toBeVisible();
    await page.getByRole("button", { name: T.approve }).click();
    await page.waitForURL(/\/offer\?token=.*&paid=deposit$/);
    await expect(page.getByText(T.received)).toBeVisible();
    await expect(page.getByText(T.ordered)).toBeVisible();
    await expectNoAxeViolations(page, `the order after the deposit (${locale})`);

    // Staff see it accepted and mark it delivered.
    await desk.reload();
    await expect(desk.getByTestId("offer-status")).toHaveText(T.accepted);
    await desk.getByRole("button", { name: T.markDelivered }).click();
    await desk.getByRole("dialog").getByRole("button", { name: T.yesDelivered }).click();
    await expect(desk.getByTestId("offer-status")).toHaveText(T.delivered);

    // The delivery mail's link leads to the balance, paid by card.
    const balanceMail = await latestMail(email, T.balanceMail);
    expect(balanceMail).toContain(new URL(link!).search.split("&")[0]);
    await page.goto(link!);
    await page.getByRole("button", { name: T.payBalance }).click();
    await page.waitForURL(/\/api\/payments\/test-checkout\//);
    await page.getByRole("radio", { name: T.card }).check();
    await page.getByRole("button", { name: T.pay }).click();
    await page.waitForURL(/&paid=balance$/);
    await expect(page.getByText(T.received)).toBeVisible();
    await expect(page.getByRole("button", { name: T.payBalance })).toHaveCount(0);

    // The account made with the order: a password chosen with the welcome mail's link, then the settings page.
    await page.goto(await mailedLink(email, "reset-password"));
    await expect(page.getByRole("heading", { level: 1, name: T.resetHeading })).toBeVisible();
    const password = "bakkerij-horse-42";
    await page.getByLabel(T.newPassword, { exact: true }).fill(password);
    await page.getByLabel(T.confirmPassword).fill(password);
    await page.getByRole("button", { name: T.resetButton }).click();
    await expect(page.getByText(T.resetDone, { exact: true })).toBeVisible();
    const login = await request.post(`${API_ORIGIN}/api/auth/login`, { data: { email, password } });
    expect(login.ok(), await login.text()).toBe(true);
    const session = (await login.json()) as { token: string; user: unknown };
    await page.evaluate(({ token, user }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("user", JSON.stringify(user));
    }, session);
    await page.goto(locale === "en" ? "/dashboard/settings?lang=en" : "/dashboard/settings");
    await expect(page.getByRole("heading", { level: 2, name: T.yourPackage })).toBeVisible();
    const settings = page.locator("agency-settings");
    await expect(settings.locator("[part=status]")).toHaveText(T.active);

    // The first of the month, played in the test portal: the first monthly invoice, collected by direct debit.
    await settings.getByRole("button", { name: T.manage }).click();
    await page.waitForURL(/\/api\/subscriptions\/test-portal\//);
    await page.getByRole("button", { name: T.collect }).click();
    await expect(page.getByRole("status")).toHaveText(T.collected);
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: T.monthly })).toHaveCount(1);
    await expectNoAxeViolations(page, `test portal with the monthly invoice (${locale})`);
    await page.getByRole("link", { name: T.back }).click();
    const invoices = settings.getByRole("table", { name: T.invoices });
    // Deposit, balance and the first month.
    await expect(invoices.getByRole("row")).toHaveCount(4);
    await expect(invoices.getByRole("row").nth(1)).toContainText(T.monthly);
    await expectNoAxeViolations(page, `settings with the package (${locale})`);

    expect(errors).toEqual([]);
    await staff.context.close();
    await customer.context.close();
  });
}
