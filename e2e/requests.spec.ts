import { createHmac } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { API_ORIGIN, DECIDED_COOKIES, expectNoAxeViolations, latestMail, openMailLink, registerUser, signIn, subscribeViaTestCheckout } from "./helpers";

/**
 * The loop the monthly fee pays for, as both sides live it on the production build: a subscribed customer files a
 * content update in the portal, a staff member answers it from the desk's queue and logs 45 minutes, and the reply
 * mail's link, opened in a browser that has never seen the site, asks for the sign-in first and then shows the
 * request with the agency's answer and the month's minutes, in the mail's language.
 */

const STAFF = "desk-requests@agency.test";
const PASSWORD = "desk-pass-4-requests";
const STATE_FILE = join(import.meta.dirname, `../test-results/e2e-desk-requests-staff-state-${new URL(API_ORIGIN).port}.json`);

/** RFC 6238 (HMAC-SHA-1, 30-second steps, six digits) of a base32 secret, as an authenticator app computes it. */
function totp(secret: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/[\s=]/g, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * The staff member the e2e server made for this test (scripts/e2e-server.mjs), enrolled through the API from the
 * printed link; each sign-in uses a recovery code. The link works once, so a retry goes on with the codes kept.
 */
async function staffRecoveryCode(request: APIRequestContext): Promise<string> {
  // Only a retry of this run goes on with the codes kept: a new run has a new database (and a new link).
  const retry = test.info().retry > 0 && existsSync(STATE_FILE);
  let state: { codes: string[]; used: number } | null = retry ? JSON.parse(readFileSync(STATE_FILE, "utf8")) : null;
  if (!state) {
    const printed = readFileSync(join(import.meta.dirname, `../test-results/e2e-desk-requests-staff-${new URL(API_ORIGIN).port}.txt`), "utf8");
    const token = /\/desk\/enrol\?token=([\w-]+)/.exec(printed)?.[1];
    expect(token, `the staff CLI printed an enrolment link:\n${printed}`).toBeTruthy();
    const enrolment = await request.get(`${API_ORIGIN}/api/desk/enrolment?token=${token}`);
    expect(enrolment.ok(), await enrolment.text()).toBe(true);
    const { totpSecret } = (await enrolment.json()) as { totpSecret: string };
    const enrolled = await request.post(`${API_ORIGIN}/api/desk/enrolment`, { data: { token, password: PASSWORD, code: totp(totpSecret) } });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
    state = { codes: ((await enrolled.json()) as { recoveryCodes: string[] }).recoveryCodes, used: 0 };
  }
  const code = state.codes[state.used++]!;
  writeFileSync(STATE_FILE, JSON.stringify(state));
  return code;
}

test("a customer files a request, the desk answers with its minutes, and the mail's link opens it after signing in (en)", async ({ browser, page, request }) => {
  const customer = await registerUser(request, "Robin Requester", "en");
  await subscribeViaTestCheckout(request, customer, "monthly");

  // The customer files a content update from the portal.
  await signIn(page, customer);
  await page.goto("/dashboard/requests?lang=en");
  const card = page.locator("agency-settings");
  await expect(card.getByText("You have used 0 of 120 minutes this month.")).toBeVisible();
  await card.getByLabel("Subject").fill("New opening hours");
  await card.getByLabel("Message").fill("Please change the opening hours on the contact page:\nMon–Fri 9–17 <b>not bold</b>");
  await card.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/dashboard\/requests\/[0-9a-f-]{36}$/);
  const id = /\/dashboard\/requests\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(card.getByRole("heading", { level: 3, name: "New opening hours" })).toBeVisible();
  await expect(card.getByText("Mon–Fri 9–17 <b>not bold</b>", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, "a request in the portal");
  const confirmation = await latestMail(customer.email, /We received your request R-/);
  expect(confirmation).toContain(`${API_ORIGIN}/dashboard/requests/${id}?lang=en`);

  // A staff member answers it from the queue, logging 45 minutes.
  const staffContext = await browser.newContext();
  await staffContext.addInitScript((cookies) => localStorage.setItem("cookieConsent", cookies), DECIDED_COOKIES);
  const desk = await staffContext.newPage();
  try {
    await desk.goto("/en/desk/requests");
    await desk.getByLabel("E-mail address", { exact: true }).fill(STAFF);
    await desk.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await desk.getByLabel("Code", { exact: true }).fill(await staffRecoveryCode(request));
    await desk.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(desk.getByRole("heading", { level: 1, name: "Requests" })).toBeVisible();
    const row = desk.getByRole("row").filter({ has: desk.getByRole("link", { name: "New opening hours" }) });
    await expect(row).toContainText("Pro plan");
    await expect(row).toContainText("Priority");
    await expect(row.getByRole("cell").nth(3)).toHaveText("120");
    await expectNoAxeViolations(desk, "the desk's request queue");
    await row.getByRole("link", { name: "New opening hours" }).click();
    await expect(desk.getByRole("heading", { level: 1, name: "New opening hours" })).toBeVisible();
    await desk.getByLabel("Answer", { exact: true }).fill("The opening hours are updated.");
    await desk.getByLabel("Minutes spent").fill("45");
    await desk.getByRole("button", { name: "Send answer" }).click();
    await expect(desk.getByText("45 of 120 minutes used")).toBeVisible();
    await expect(desk.locator(".desk-thread__message--agency")).toContainText("The opening hours are updated.");
    await expectNoAxeViolations(desk, "a request in the desk");
  } finally {
    await staffContext.close();
  }

  // The reply mail names the minutes and links to the request, in the customer's language.
  const reply = await latestMail(customer.email, /answered your request/);
  expect(reply).toContain("The opening hours are updated.");
  expect(reply).toContain("You have used 45 of 120 minutes this month.");
  const link = new RegExp(`${API_ORIGIN}/dashboard/requests/${id}\\?lang=en`).exec(reply)?.[0];
  expect(link, "the reply mail links to the request").toBeTruthy();

  // Opened on a phone that has never seen the site: sign in first, then the request.
  const { page: phone, context } = await openMailLink(browser, link!);
  try {
    await expect(phone).toHaveURL(/\/login\?next=/);
    await expect(phone.locator("html")).toHaveAttribute("lang", "en");
    const login = phone.locator("agency-login");
    await login.getByLabel("Email address").fill(customer.email);
    await login.getByLabel("Password", { exact: true }).fill(customer.password);
    await login.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(phone).toHaveURL(new RegExp(`/dashboard/requests/${id}`));
    const thread = phone.locator("agency-settings");
    await expect(thread.getByRole("heading", { level: 3, name: "New opening hours" })).toBeVisible();
    await expect(thread.getByText("The opening hours are updated.")).toBeVisible();
    await expect(thread.getByText("You have used 45 of 120 minutes this month.")).toBeVisible();
    await expect(thread.getByText("45 minutes", { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
