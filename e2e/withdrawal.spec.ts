import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { API_ORIGIN } from "../playwright.config";
import {
  ADMIN_TOKEN,
  DECIDED_COOKIES,
  expectNoAxeViolations,
  latestMail,
  prepareVisitor,
  signIn,
  subscribeViaTestCheckout,
  uniqueEmail,
  verifyEmail,
  waitForHydration,
  type TestUser,
} from "./helpers";
import { OwnServer } from "./own-server";

/**
 * The withdrawal function (Art. 11a) in a real browser, by a visitor who is not signed in (a fresh context): from
 * the footer of a page, in Dutch and in English, within the 14 days (the subscription ends, the refund is recorded,
 * the acknowledgement is in the outbox) and after them (cancelled at period end). axe on every step.
 */

const T = {
  nl: {
    footer: "Overeenkomst herroepen",
    name: "Naam",
    email: "E-mailadres van je account",
    reference: "Order- of factuurnummer (optioneel)",
    next: "Verder",
    confirm: "Herroeping bevestigen",
    received: "Je verklaring van herroeping is ontvangen",
    subject: /Subject: Bevestiging van je herroeping/,
    withdrawn: "je abonnement stopt nu",
    afterPeriod: "herroepingstermijn van 14 dagen voor deze overeenkomst is verstreken",
  },
  en: {
    footer: "Withdraw from contract",
    name: "Name",
    email: "E-mail address of your account",
    reference: "Order or invoice number (optional)",
    next: "Continue",
    confirm: "Confirm withdrawal",
    received: "Your statement of withdrawal was received",
    subject: /Subject: Confirmation of your statement of withdrawal/,
    withdrawn: "your subscription ends now",
    afterPeriod: "14-day withdrawal period of this contract ended on",
  },
} as const;

async function registerIn(request: APIRequestContext, origin: string, language: "nl" | "en"): Promise<TestUser> {
  const email = uniqueEmail("withdraw");
  const password = "correct-horse-7";
  const name = language === "nl" ? "Noor de Vries" : "Noor Baker";
  const response = await request.post(`${origin}/api/auth/register`, { data: { name, email, password, language } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { token: string; user: TestUser["user"] };
  return { email, password, name, token: body.token, user: body.user };
}

async function currentSubscription(request: APIRequestContext, origin: string, user: TestUser) {
  const res = await request.get(`${origin}/api/subscriptions/current`, { headers: { Authorization: `Bearer ${user.token}` } });
  return ((await res.json()) as { subscription: null | { status: string; cancel_at_period_end: boolean } }).subscription;
}

async function statementsOf(request: APIRequestContext, origin: string, user: TestUser) {
  const res = await request.get(`${origin}/api/admin/withdrawals`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(res.status()).toBe(200);
  const { withdrawals } = (await res.json()) as { withdrawals: { user_id: string | null; outcome: string; refund_cents: number | null; refund_reference: string | null }[] };
  return withdrawals.filter((w) => w.user_id === user.user.id);
}

/** From a page's footer to the form, both steps, as a visitor who is not signed in; the address typed in capitals. */
async function withdrawFromFooter(page: Page, locale: "nl" | "en", user: TestUser, origin: string) {
  const t = T[locale];
  await page.addInitScript((consent) => localStorage.setItem("cookieConsent", consent), DECIDED_COOKIES);
  await page.goto(`${origin}/pricing`);
  await waitForHydration(page);
  if (locale === "en") {
    // An English visitor: the language toggle, then every footer link is in English and leads to /en pages.
    await page.getByRole("group", { name: "Taal" }).getByRole("button", { name: /EN/ }).click();
    await expect(page).toHaveURL(/\/en\/pricing$/);
  }
  await page.getByRole("contentinfo").getByRole("link", { name: t.footer }).click();
  await expect(page).toHaveURL(locale === "en" ? /\/en\/withdraw$/ : /\/withdraw$/);
  await expect(page.getByRole("heading", { level: 1, name: t.footer })).toBeVisible();
  await expectNoAxeViolations(page, `${locale} withdrawal form`);

  await page.getByLabel(t.name, { exact: true }).fill(user.name);
  await page.getByLabel(t.email).fill(`  ${user.email.toUpperCase()} `);
  await page.getByLabel(t.reference).fill("FAKE-0001");
  await page.getByRole("button", { name: t.next }).click();
  await expect(page.getByRole("button", { name: t.confirm })).toBeVisible();
  await expectNoAxeViolations(page, `${locale} withdrawal confirmation`);
  await page.getByRole("button", { name: t.confirm }).click();
  await expect(page.getByRole("heading", { name: t.received })).toBeVisible();
  await expectNoAxeViolations(page, `${locale} withdrawal received`);
}

for (const locale of ["nl", "en"] as const) {
  test(`${locale}: a visitor who is not signed in withdraws within 14 days from the footer: ended, refunded, acknowledged`, async ({ browser, request }) => {
    const t = T[locale];
    const user = await registerIn(request, API_ORIGIN, locale);
    // A proven address: the acknowledgement may then repeat what the statement said (the order number).
    await verifyEmail(request, user);
    await subscribeViaTestCheckout(request, user, "yearly");
    expect(await currentSubscription(request, API_ORIGIN, user)).toMatchObject({ status: "active" });

    const context = await browser.newContext();
    const page = await context.newPage();
    await withdrawFromFooter(page, locale, user, API_ORIGIN);
    await context.close();

    const mail = await latestMail(user.email, t.subject);
    expect(mail).toContain(t.withdrawn);
    expect(mail).toContain("FAKE-0001");
    expect(mail).toMatch(/\/withdraw\/undo\?token=/);
    await expect.poll(() => currentSubscription(request, API_ORIGIN, user)).toBeNull();
    await expect.poll(async () => (await statementsOf(request, API_ORIGIN, user))[0]).toMatchObject({
      outcome: "withdrawn",
      refund_cents: expect.any(Number),
      refund_reference: expect.stringMatching(/^test_re_/),
    });

    if (locale === "nl") {
      // The owner did not send it: the mailed link asks first. The refund is paid already, so nothing is restored
      // (the customer has their money back) and the page says so.
      // The link names the mail's language, so it opens in Dutch in a browser that has never seen the site.
      const undoLink = /https?:\/\/\S+\/withdraw\/undo\?token=[A-Za-z0-9_-]+&lang=nl/.exec(mail)![0];
      const owner = await browser.newContext();
      const ownerPage = await owner.newPage();
      await ownerPage.addInitScript((consent) => localStorage.setItem("cookieConsent", consent), DECIDED_COOKIES);
      await ownerPage.goto(undoLink);
      await expect(ownerPage.getByRole("heading", { level: 1, name: "Een herroeping terugdraaien die je niet zelf hebt verstuurd" })).toBeVisible();
      await expectNoAxeViolations(ownerPage, "nl undo page");
      await ownerPage.getByRole("button", { name: "Herroeping terugdraaien" }).click();
      await expect(ownerPage.getByRole("heading", { level: 1, name: "Niets terug te draaien" })).toBeVisible();
      await expect(ownerPage.getByText("wat je betaald hebt is terugbetaald")).toBeVisible();
      await owner.close();
      expect(await currentSubscription(request, API_ORIGIN, user)).toBeNull();
    }
  });
}

test("en: signed in, the form is filled in with the account and says what confirming will do", async ({ page, request }) => {
  const user = await registerIn(request, API_ORIGIN, "en");
  await subscribeViaTestCheckout(request, user, "monthly");
  await signIn(page, user);
  await prepareVisitor(page, { english: true });
  await page.goto("/en/withdraw");
  await expect(page.getByLabel(T.en.email)).toHaveValue(user.email);
  await expect(page.getByLabel(T.en.name, { exact: true })).toHaveValue(user.name);
  await page.getByRole("button", { name: T.en.next }).click();
  await expect(page.getByText(/subscription is within its withdrawal period \(until .+\): confirming ends it at once, and you are refunded/)).toBeVisible();
  await expect(page.getByRole("button", { name: T.en.confirm })).toBeVisible();
  await expectNoAxeViolations(page, "en signed-in withdrawal confirmation");
});

test("nl: after 14 days the same page cancels at period end instead", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const server = new OwnServer(Number(new URL(API_ORIGIN).port) + 5, { env: { REGISTER_RATE_LIMIT: "1000", ADMIN_TOKEN } });
  try {
    await server.start();
    const user = await registerIn(request, server.origin, "nl");
    const created = await request.post(`${server.origin}/api/subscriptions/create-checkout`, {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { planId: "pro", billingPeriod: "yearly", successUrl: `${server.origin}/dashboard`, cancelUrl: `${server.origin}/subscribe` },
    });
    const checkoutUrl = ((await created.json()) as { checkoutUrl: string }).checkoutUrl;
    expect((await request.post(`${checkoutUrl}/pay`, { form: { country: "NL", vat_number: "" }, maxRedirects: 0 })).status()).toBe(303);

    // Twenty days later: the contract started, and its period runs, twenty days earlier.
    await server.stop();
    await server.sql(
      `UPDATE subscriptions SET started_at = started_at - interval '20 days', created_at = created_at - interval '20 days',
              current_period_start = current_period_start - interval '20 days', current_period_end = current_period_end - interval '20 days',
              billing_anchor = billing_anchor - interval '20 days'
        WHERE user_id = $1`,
      [user.user.id],
    );
    await server.start();

    const context = await browser.newContext();
    const page = await context.newPage();
    await withdrawFromFooter(page, "nl", user, server.origin);
    await context.close();

    await expect.poll(() => currentSubscription(request, server.origin, user)).toMatchObject({ status: "active", cancel_at_period_end: true });
    await expect.poll(async () => (await statementsOf(request, server.origin, user))[0]).toMatchObject({ outcome: "cancelled_at_period_end", refund_cents: null });
    await expect.poll(() => server.mails(user.email).find((m) => T.nl.subject.test(m)) ?? "").toContain(T.nl.afterPeriod);
  } finally {
    await server.close();
  }
});
