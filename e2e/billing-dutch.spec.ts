import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, latestMail, prepareVisitor, registerUser, signIn, subscribeViaTestCheckout } from "./helpers";

/**
 * Billing the Dutch way with test payments, in Chromium: paying with iDEAL in the test checkout (a bank choice, then
 * the test bank approves, which sets up a test SEPA mandate), then a renewal that fails, played from the test
 * portal, which shows the notice on the settings page with until when the plan stays, and is paid from it; in nl (on
 * a 375 px phone) and en (1280 px) with axe on every new screen. Every amount the customer is asked for or told of is
 * what is charged, VAT included: € 59,29 at the test bank, in the start mail, in the failed-payment mail and on the
 * pay page. And a renewal the bank wants confirmed, confirmed through the mail's link.
 */

const texts = {
  nl: {
    monthly: /Maandelijks/,
    start: "Start je maandabonnement",
    country: "Land",
    ideal: "iDEAL | Wero (testbank)",
    pay: "Betalen",
    bank: "Je bank",
    toBank: "Verder naar je bank",
    testBank: "TESTBANK — ING",
    bankAsk: /De iDEAL-betaling van €\s59,29 aan /,
    startMail: /actief: €\s59,29 \(inclusief €\s10,29 btw\) per maand\./,
    failedMail: /We konden de betaling van €\s59,29 \(inclusief €\s10,29 btw\) voor je Pro-abonnement niet innen\./,
    approve: "Goedkeuren (test)",
    subscribed: "Abonnement gestart!",
    manage: "Facturatie beheren",
    mandate: /SEPA-incasso van ING, rekening eindigend op \d{4} \(testmachtiging TEST-MANDATE-\d{9}/,
    fail: "Test: verlenging mislukt",
    played: "Er is een testverlenging gespeeld: de betaling ervan wacht nu op jou.",
    back: "Terug naar je account",
    failed: "We konden de betaling voor je Pro-abonnement niet afschrijven.",
    keep: /Je houdt je Pro-abonnement tot \d{1,2} \w+ \d{4}\./,
    payNow: "Nu betalen",
    payInvoice: /^€\s59,29 betalen \(test\)$/,
    active: "Actief",
  },
  en: {
    monthly: /Monthly/,
    start: "Start Your Monthly Plan",
    country: "Country",
    ideal: "iDEAL | Wero (test bank)",
    pay: "Pay",
    bank: "Your bank",
    toBank: "Continue to your bank",
    testBank: "TEST BANK — ING",
    bankAsk: /Approve the iDEAL payment of €59\.29 to /,
    startMail: /active: €59\.29 \(including €10\.29 VAT\) per month\./,
    failedMail: /We could not collect the payment of €59\.29 \(including €10\.29 VAT\) for your Pro Plan subscription\./,
    approve: "Approve (test)",
    subscribed: "Subscription successful!",
    manage: "Manage billing",
    mandate: /SEPA Direct Debit from ING, account ending in \d{4} \(test mandate TEST-MANDATE-\d{9}/,
    fail: "Test: renewal fails",
    played: "A test renewal was played: its payment now needs you.",
    back: "Back to your account",
    failed: "We could not collect the payment for your Pro Plan.",
    keep: /You keep Pro Plan until \w+ \d{1,2}, \d{4}\./,
    payNow: "Pay now",
    payInvoice: /^Pay €59\.29 \(test\)$/,
    active: "Active",
  },
};

const toast = (page: Page) => page.locator("[data-agency-toaster]");

for (const locale of ["nl", "en"] as const) {
  test(`iDEAL and a failed renewal (${locale}): pay with iDEAL at the test bank, then the notice pays the failed renewal`, async ({ page, request }) => {
    // A long journey with five axe runs: room for a shared, busy machine.
    test.slow();
    const T = texts[locale];
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    if (locale === "nl") await page.setViewportSize({ width: 375, height: 740 });
    const customer = await registerUser(request, `iDEAL ${locale.toUpperCase()}`, locale);
    await signIn(page, customer);
    await prepareVisitor(page);

    await page.goto("/subscribe");
    if (locale === "en") await page.getByRole("group", { name: "Taal" }).getByRole("button", { name: /EN/ }).click();
    const subscribe = page.locator("agency-subscribe");
    await subscribe.getByRole("radio", { name: T.monthly }).check();
    await subscribe.getByRole("button", { name: T.start }).click();

    // The test checkout: card or iDEAL. iDEAL goes to a bank choice, then to a page labelled as a test bank.
    await page.waitForURL(/\/api\/subscriptions\/test-checkout\//);
    await page.getByLabel(T.country).selectOption("NL");
    await page.getByRole("radio", { name: T.ideal }).check();
    await expectNoAxeViolations(page, `test checkout (${locale})`);
    await page.getByRole("button", { name: T.pay, exact: true }).click();
    await page.waitForURL(/\/ideal$/);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expectNoAxeViolations(page, `iDEAL bank choice (${locale})`);
    await page.getByLabel(T.bank).selectOption("ING");
    await page.getByRole("button", { name: T.toBank }).click();
    await expect(page.getByRole("heading", { level: 1, name: T.testBank })).toBeVisible();
    await expect(page.getByText(T.bankAsk)).toBeVisible();
    await expectNoAxeViolations(page, `test bank (${locale})`);
    await page.getByRole("button", { name: T.approve }).click();

    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(toast(page)).toContainText(T.subscribed);
    const settings = page.locator("agency-settings");
    await expect(settings.locator("[part=status]")).toHaveText(T.active);
    expect(await latestMail(customer.email, T.startMail)).toMatch(T.startMail);

    // The test portal shows the SEPA mandate iDEAL set up, and plays the next renewal as one that fails.
    await settings.getByRole("button", { name: T.manage }).click();
    await page.waitForURL(/\/api\/subscriptions\/test-portal\//);
    await expect(page.getByText(T.mandate)).toBeVisible();
    await page.getByRole("button", { name: T.fail }).click();
    await expect(page.getByRole("status")).toHaveText(T.played);
    await page.getByRole("link", { name: T.back }).click();

    // The notice: what happened, until when the plan stays, and the one button that pays it.
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    const notice = settings.locator("[part=payment-notice]");
    await expect(notice).toContainText(T.failed);
    await expect(notice).toContainText(T.keep);
    await expectNoAxeViolations(page, `settings with the payment notice (${locale})`);
    const failedMail = await latestMail(customer.email, /billing\?pay=1/);
    expect(failedMail).toContain(`/billing?pay=1&lang=${locale}`);
    expect(failedMail).toMatch(T.failedMail);

    await notice.getByRole("button", { name: T.payNow }).click();
    await page.waitForURL(/\/test-portal\/[^/]+\/pay$/);
    await expectNoAxeViolations(page, `test pay page (${locale})`);
    await page.getByRole("button", { name: T.payInvoice }).click();

    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(settings.locator("[part=status]")).toHaveText(T.active);
    await expect(notice).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test("a renewal the bank wants confirmed: the mail's link opens the confirmation, which puts the subscription in order", async ({ page, request }) => {
  test.slow();
  const customer = await registerUser(request, "Klant Bevestiging", "nl");
  await subscribeViaTestCheckout(request, customer, "monthly");
  await signIn(page, customer);
  await prepareVisitor(page);

  await page.goto("/dashboard/settings");
  const settings = page.locator("agency-settings");
  await settings.getByRole("button", { name: "Facturatie beheren" }).click();
  await page.waitForURL(/\/api\/subscriptions\/test-portal\//);
  await page.getByRole("button", { name: "Test: verlenging vraagt om bevestiging" }).click();
  await page.getByRole("link", { name: "Terug naar je account" }).click();

  const notice = settings.locator("[part=payment-notice]");
  await expect(notice).toContainText("Je bank vraagt je de betaling voor je Pro-abonnement te bevestigen.");
  await expect(notice.getByRole("button", { name: "Betaling bevestigen" })).toBeVisible();

  // The mail says to confirm, and links to the same place as the notice's button.
  // Its own text, not the greeting: a mail to an address nobody has proven greets without the account's name.
  const mail = await latestMail(customer.email, /Bevestig de betaling hier/);
  const link = /https?:\/\/\S+\/billing\?pay=1/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.waitForURL(/\/test-portal\/[^/]+\/pay$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bevestig je betaling (test)" })).toBeVisible();
  await page.getByRole("button", { name: /^Betaling van €\s59,29 bevestigen \(test\)$/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(settings.locator("[part=status]")).toHaveText("Actief");
  await expect(notice).toHaveCount(0);
});
