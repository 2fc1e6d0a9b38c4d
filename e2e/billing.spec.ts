import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, latestMail, prepareVisitor, registerUser, signIn } from "./helpers";

/**
 * Billing self-service with test payments, in Chromium, in Dutch (1280 px) and English (a 375 px phone): subscribe
 * yearly (with a Dutch billing address, so the invoice carries 21% VAT: every price says it excludes VAT, and the
 * checkout's total, the start mail and the invoice all say the amount charged, € 566,28), open 'Manage billing' (the
 * test portal), switch to monthly, see both invoices on the settings page, cancel (the end date shown once), resume.
 * axe on the settings page and the portal.
 */

const texts = {
  nl: {
    annual: /Jaarlijks/,
    start: "Start je jaarabonnement",
    country: "Land",
    pay: "Betalen",
    subscribed: "Abonnement gestart!",
    manage: "Facturatie beheren",
    portalBadge: "Testportaal voor facturatie — er wordt niets afgeschreven",
    toMonthly: "Overstappen op maandelijks betalen",
    switched: "Je abonnement wordt nu maandelijks gefactureerd.",
    back: "Terug naar je account",
    invoices: "Facturen",
    firstInvoice: /€\s566,28/,
    withVat: /Met een factuuradres in Nederland betaal je €\s566,28 per jaar, inclusief 21% btw\./,
    checkoutTotal: /€\s566,28, inclusief €\s98,28 btw \(21%\)/,
    startMail: /actief: €\s566,28 \(inclusief €\s98,28 btw\) per jaar\./,
    paid: "Betaald",
    nextBilling: "Volgende factuurdatum",
    cancel: "Abonnement opzeggen",
    confirm: "Ja, abonnement opzeggen",
    endsOn: "Je abonnement eindigt op",
    resume: "Abonnement hervatten",
  },
  en: {
    annual: /Annual/,
    start: "Start Your Annual Plan",
    country: "Country",
    pay: "Pay",
    subscribed: "Subscription successful!",
    manage: "Manage billing",
    portalBadge: "Test billing portal — no money is charged",
    toMonthly: "Switch to monthly billing",
    switched: "Your subscription is now billed monthly.",
    back: "Back to your account",
    invoices: "Invoices",
    firstInvoice: /€566\.28/,
    withVat: /With a billing address in the Netherlands you pay €566\.28 per year, including 21% VAT\./,
    checkoutTotal: /€566\.28, including €98\.28 VAT \(21%\)/,
    startMail: /active: €566\.28 \(including €98\.28 VAT\) per year\./,
    paid: "Paid",
    nextBilling: "Next billing date",
    cancel: "Cancel Subscription",
    confirm: "Yes, Cancel Subscription",
    endsOn: "Your subscription will end on",
    resume: "Resume subscription",
  },
};

const toast = (page: Page) => page.locator("[data-agency-toaster]");

for (const locale of ["nl", "en"] as const) {
  test(`billing (${locale}): subscribe yearly, manage billing, switch to monthly, two invoices, cancel, resume`, async ({ page, request }) => {
    // A long journey with three axe runs: room for a shared, busy machine.
    test.slow();
    const T = texts[locale];
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    if (locale === "en") await page.setViewportSize({ width: 375, height: 740 });
    const customer = await registerUser(request, `Billing ${locale.toUpperCase()}`, locale);
    await signIn(page, customer);
    await prepareVisitor(page);

    await page.goto(locale === "en" ? "/subscribe?lang=en" : "/subscribe");
    const subscribe = page.locator("agency-subscribe");
    await subscribe.getByRole("radio", { name: T.annual }).check();
    await expect(subscribe.getByText(T.withVat)).toBeVisible();
    await subscribe.getByRole("button", { name: T.start }).click();

    // The test checkout asks for the billing address, as Stripe Checkout does, and says what each one is charged.
    await page.waitForURL(/\/api\/subscriptions\/test-checkout\//);
    await expect(page.getByText(T.checkoutTotal)).toBeVisible();
    await page.getByLabel(T.country).selectOption("NL");
    await page.getByRole("button", { name: T.pay, exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(toast(page)).toContainText(T.subscribed);
    const settings = page.locator("agency-settings");
    const invoices = settings.getByRole("table", { name: T.invoices });
    await expect(invoices.getByRole("row")).toHaveCount(2);
    await expect(invoices.getByRole("row").nth(1)).toContainText(T.firstInvoice);
    await expect(invoices.getByRole("row").nth(1)).toContainText(T.paid);
    expect(await latestMail(customer.email, T.startMail)).toMatch(T.startMail);
    await expectNoAxeViolations(page, `settings (${locale})`);

    // 'Manage billing': the test portal, clearly labelled, in the customer's language.
    await settings.getByRole("button", { name: T.manage }).click();
    await page.waitForURL(/\/api\/subscriptions\/test-portal\//);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByText(T.portalBadge)).toBeVisible();
    await expectNoAxeViolations(page, `test portal (${locale})`);
    await page.getByRole("button", { name: T.toMonthly }).click();
    await expect(page.getByRole("status")).toHaveText(T.switched);
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);
    await page.getByRole("link", { name: T.back }).click();

    // Back on the settings page: both invoices, the newest (the switch, crediting the unused year) first.
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(invoices.getByRole("row")).toHaveCount(3);
    await expect(invoices.getByRole("row").nth(2)).toContainText(T.firstInvoice);
    const pdf = await request.get(await invoices.getByRole("link").first().getAttribute("href").then((href) => href!));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).toString("latin1")).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\s*$/);

    // Cancel: the end date once, in the notice; no next billing date beside it. Then resume.
    await expect(settings.locator("dt", { hasText: T.nextBilling })).toBeVisible();
    await settings.getByRole("button", { name: T.cancel }).click();
    await settings.getByRole("dialog", { name: T.cancel }).getByRole("button", { name: T.confirm }).click();
    await expect(settings.getByText(new RegExp(`^${T.endsOn} `))).toBeVisible();
    await expect(settings.locator("dt", { hasText: T.nextBilling })).toHaveCount(0);
    await expectNoAxeViolations(page, `settings after cancelling (${locale})`);
    await settings.getByRole("button", { name: T.resume }).click();
    await expect(settings.getByRole("button", { name: T.cancel })).toBeVisible();
    await expect(settings.locator("dt", { hasText: T.nextBilling })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test("a bookmarked /subscription/success confirms no payment: the settings page, without a success toast", async ({ page, request }) => {
  const customer = await registerUser(request, "Bookmark");
  await signIn(page, customer);
  await prepareVisitor(page);
  for (const address of ["/subscription/success", "/dashboard?subscription=success", "/subscription/success?checkout=local_not_mine"]) {
    await page.goto(address);
    // No subscription, so the settings page's guard goes on to /subscribe; what matters is what was not said.
    await expect(page).toHaveURL(/\/(dashboard\/settings|subscribe)$/);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: "Je betaling wordt bevestigd…" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Betaling ontvangen" })).toHaveCount(0);
    await expect(page.getByText("Abonnement gestart!")).toHaveCount(0);
  }
});
