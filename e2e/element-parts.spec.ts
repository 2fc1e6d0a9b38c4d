import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { API_ORIGIN, DECIDED_COOKIES, EXAMPLES_ORIGIN } from "./helpers";

// Every element, in each of its views, on its example page: each `part` it renders must be declared in the
// built custom-elements.json, and every declared part must show up in one of the views. The API is stubbed
// with page.route, so each view is reached on purpose.

interface Manifest {
  modules: Array<{ declarations: Array<{ tagName: string; cssParts: Array<{ name: string }> }> }>;
}
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../packages/widgets/dist/custom-elements.json"), "utf8")) as Manifest;
const declaredParts = new Map(manifest.modules.flatMap((m) => m.declarations).map((d) => [d.tagName, d.cssParts.map((p) => p.name).sort()]));

// Not verified yet, so the settings show the verification notice and its button.
const user = { id: "u1", email: "ann@example.com", name: "Ann", created_at: "2026-01-01T00:00:00Z", email_verified: false };
const plan = {
  id: "pro",
  name: "Pro",
  description: "For growing teams",
  price_monthly: 49,
  price_yearly: 468,
  currency: "EUR",
  features: ["Unlimited pages"],
};
const subscription = {
  plan_name: "Pro Plan",
  status: "active",
  current_period_end: "2027-01-15T12:00:00Z",
  cancel_at_period_end: false,
};

/** The part names rendered right now inside `tag`'s shadow root. */
function renderedParts(page: Page, tag: string): Promise<string[]> {
  return page.locator(tag).evaluate((el) => Array.from(el.shadowRoot?.querySelectorAll("[part]") ?? [], (node) => [...node.part]).flat());
}

/** Checks what is rendered now against the manifest and adds it to `seen`. */
async function checkView(page: Page, tag: string, seen: Set<string>, view: string): Promise<void> {
  const parts = await renderedParts(page, tag);
  expect(parts.length, `${tag} (${view}) renders parts`).toBeGreaterThan(0);
  const undeclared = parts.filter((part) => !declaredParts.get(tag)!.includes(part));
  expect(undeclared, `${tag} (${view}) renders parts custom-elements.json does not declare`).toEqual([]);
  for (const part of parts) seen.add(part);
}

function expectAllSeen(tag: string, seen: Set<string>): void {
  expect([...seen].sort(), `${tag}: declared parts never rendered`).toEqual(declaredParts.get(tag));
}

async function signedIn(page: Page): Promise<void> {
  await page.addInitScript(
    ({ account, consent }) => {
      // On a partner's origin the elements keep their storage under their own prefix.
      localStorage.setItem("agency.token", "e2e-token");
      localStorage.setItem("agency.user", JSON.stringify(account));
      localStorage.setItem("agency.cookieConsent", consent);
    },
    { account: user, consent: DECIDED_COOKIES },
  );
}

const invoice = {
  id: "in_1",
  number: "TEST-000001",
  created_at: "2027-01-15T10:00:00.000Z",
  total: 566.28,
  currency: "EUR",
  status: "paid",
  pdf_url: `${API_ORIGIN}/api/subscriptions/test-invoices/one.pdf`,
};

/** This device and one other, so 'Sign out everywhere else' has something to do. */
const sessions = [
  { id: "00000000-0000-4000-8000-000000000001", browser: "Chrome", os: "macOS", created_at: "2027-01-10T09:00:00.000Z", last_used_at: "2027-01-15T10:00:00.000Z", current: true },
  { id: "00000000-0000-4000-8000-000000000002", browser: "Firefox", os: "Windows", created_at: "2027-01-02T09:00:00.000Z", last_used_at: "2027-01-12T10:00:00.000Z", current: false },
];

const json = (body: unknown, status = 200) => ({ status, contentType: "application/json", body: JSON.stringify(body) });

/** The signed-in visitor's company: as its owner (with a colleague and an invitation), or as a member. */
const teamAs = (role: "owner" | "member") => ({
  team: { id: "00000000-0000-4000-8000-0000000000c1", name: "Bakkerij Parts", vatId: null, kvkNumber: null },
  role,
  members: [
    { id: role === "owner" ? user.id : "00000000-0000-4000-8000-0000000000b2", name: role === "owner" ? user.name : "Bert", email: role === "owner" ? user.email : "bert@example.com", role: "owner" },
    { id: role === "owner" ? "00000000-0000-4000-8000-0000000000b2" : user.id, name: role === "owner" ? "Bert" : user.name, email: role === "owner" ? "bert@example.com" : user.email, role: "member" },
  ],
  invitations: role === "owner" ? [{ id: "00000000-0000-4000-8000-0000000000d1", email: "dora@example.com", role: "billing", expiresAt: "2027-01-22T10:00:00.000Z" }] : [],
});

test.describe("CSS parts", () => {
  test("manifest declares parts for all six elements", () => {
    expect([...declaredParts.keys()]).toEqual([
      "agency-quote-form",
      "agency-pricing",
      "agency-login",
      "agency-subscribe",
      "agency-settings",
      "agency-cookie-banner",
    ]);
    expect([...declaredParts.values()].flat()).toHaveLength(72);
  });

  test("agency-quote-form: empty, invalid, sent", async ({ page }) => {
    const tag = "agency-quote-form";
    const seen = new Set<string>();
    await page.route(`${API_ORIGIN}/api/contact`, (route) => route.fulfill(json({ success: true, message: "Thank you! Your message has been sent." })));
    await page.goto(`${EXAMPLES_ORIGIN}/agency-quote-form.html`);
    const form = page.locator(tag);
    await expect(form.getByRole("button", { name: "Request a free quote" })).toBeVisible();
    await checkView(page, tag, seen, "empty");
    await form.getByRole("button", { name: "Request a free quote" }).click();
    await expect(form.getByLabel(/^Full name/)).toHaveAttribute("aria-invalid", "true");
    await checkView(page, tag, seen, "invalid");
    await form.getByLabel(/^Full name/).fill("Part Tester");
    await form.getByLabel(/^Email address/).fill("parts@example.com");
    await form.getByLabel(/^Phone number/).fill("0612345678");
    await form.getByLabel(/^Project type/).selectOption("landing-page");
    await form.getByLabel(/^Budget range/).selectOption({ index: 1 });
    await form.getByLabel(/^Timeline/).selectOption("flexible");
    await form.getByLabel(/^Domain status/).selectOption("need-domain");
    await form.getByRole("button", { name: "Request a free quote" }).click();
    await expect(form.getByText("Thank you! Your message has been sent.")).toBeVisible();
    await checkView(page, tag, seen, "sent");
    expectAllSeen(tag, seen);
  });

  test("agency-pricing: with the What's Included block", async ({ page }) => {
    const tag = "agency-pricing";
    const seen = new Set<string>();
    await page.goto(`${EXAMPLES_ORIGIN}/agency-pricing.html`);
    await expect(page.locator(tag).getByRole("heading", { name: "What's Included" })).toBeVisible();
    await checkView(page, tag, seen, "show-included");
    expectAllSeen(tag, seen);
  });

  test("agency-login: login, register, forgot password, reset link sent", async ({ page }) => {
    const tag = "agency-login";
    const seen = new Set<string>();
    await page.route(`${API_ORIGIN}/api/auth/forgot-password`, (route) => route.fulfill(json({ success: true, message: "sent" })));
    // A partner whose origin browsers accept for the site's passkeys (this one, an IP address, is not).
    await page.route(`${API_ORIGIN}/api/auth/passkey/available`, (route) => route.fulfill(json({ available: true })));
    await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html`);
    const login = page.locator(tag);
    for (const view of ["login", "register", "forgot"]) {
      await login.evaluate((el, name) => el.setAttribute("view", name), view);
      await expect(login.locator("form")).toBeVisible();
      await expect(login.locator(".login__view")).toHaveCount(1);
      // Chromium has WebAuthn: the login view offers 'Sign in with a passkey'.
      if (view === "login") await expect(login.locator("[part=passkey]")).toBeVisible();
      await checkView(page, tag, seen, view);
    }
    await login.getByLabel(/^Email/).fill("parts@example.com");
    await login.getByRole("button", { name: "Send reset link" }).click();
    await expect(login.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await checkView(page, tag, seen, "sent");
    // An account with two-step verification: the code step after the password.
    await page.route(`${API_ORIGIN}/api/auth/login`, (route) =>
      route.fulfill(json({ secondFactorRequired: true, signInToken: "e2e-sign-in", expiresAt: "2027-01-15T10:05:00.000Z" })),
    );
    await login.evaluate((el) => el.setAttribute("view", "login"));
    await login.getByLabel(/^Email/).fill("parts@example.com");
    await login.getByLabel(/^Password/).fill("correct-horse-7");
    await login.getByRole("button", { name: "Log in" }).click();
    await expect(login.getByRole("heading", { name: "Two-step verification" })).toBeFocused();
    await checkView(page, tag, seen, "code step");
    // An invitation's page: the invitation above the views; signed in (its acceptance refused here), its one button.
    await page.route(`${API_ORIGIN}/api/team-invitations*`, (route) =>
      route.fulfill(json({ teamName: "Bakkerij Parts", invitedBy: "Bert", email: user.email, role: "member" })),
    );
    await page.route(`${API_ORIGIN}/api/team-invitations/accept`, (route) =>
      route.fulfill(json({ error: "Leave your company first.", code: "team.leave_company_first" }, 409)),
    );
    await page.route(`${API_ORIGIN}/api/auth/login`, (route) => route.fulfill(json({ user, token: "e2e-token" })));
    await page.goto(`${EXAMPLES_ORIGIN}/agency-login.html`);
    await login.evaluate((el) => el.setAttribute("invitation-token", "e2e-invitation"));
    await expect(login.locator("[part=invitation]").getByRole("heading", { name: "Join Bakkerij Parts" })).toBeVisible();
    await checkView(page, tag, seen, "invitation");
    await login.getByLabel(/^Email/).fill(user.email);
    await login.getByLabel(/^Password/).fill("correct-horse-7");
    await login.getByRole("button", { name: "Log in" }).click();
    await expect(login.locator("[part=accept]")).toBeVisible();
    await checkView(page, tag, seen, "invitation, signed in");
    expectAllSeen(tag, seen);
  });

  test("agency-subscribe: the plan after a cancelled checkout, and the failure view", async ({ page }) => {
    const tag = "agency-subscribe";
    const seen = new Set<string>();
    await signedIn(page);
    let plansFail = false;
    await page.route(`${API_ORIGIN}/api/subscriptions/plans`, (route) =>
      route.fulfill(plansFail ? json({ error: "Server error" }, 500) : json({ plans: [plan] })),
    );
    await page.route(`${API_ORIGIN}/api/subscriptions/current`, (route) => route.fulfill(json({ subscription: null })));
    let role: "owner" | "member" = "owner";
    await page.route(`${API_ORIGIN}/api/account/team`, (route) => route.fulfill(json(teamAs(role))));
    await page.goto(`${EXAMPLES_ORIGIN}/agency-subscribe.html?subscription=cancelled`);
    const subscribe = page.locator(tag);
    await expect(subscribe.getByRole("article")).toBeVisible();
    await checkView(page, tag, seen, "plan, cancelled notice");
    plansFail = true;
    await page.goto(`${EXAMPLES_ORIGIN}/agency-subscribe.html`);
    await expect(subscribe.getByRole("alert")).toBeVisible();
    await checkView(page, tag, seen, "failure");
    // A member who may not buy: who in the company can.
    role = "member";
    await page.reload();
    await expect(subscribe.locator("[part=buyers]")).toBeVisible();
    await checkView(page, tag, seen, "buyers");
    expectAllSeen(tag, seen);
  });

  test("agency-settings: an active subscription, then one that ends, then one whose renewal failed", async ({ page }) => {
    const tag = "agency-settings";
    const seen = new Set<string>();
    await signedIn(page);
    let current: Record<string, unknown> = subscription;
    await page.route(`${API_ORIGIN}/api/subscriptions/current`, (route) => route.fulfill(json({ subscription: current })));
    await page.route(`${API_ORIGIN}/api/subscriptions/invoices`, (route) => route.fulfill(json({ invoices: [invoice] })));
    let role: "owner" | "member" = "owner";
    await page.route(`${API_ORIGIN}/api/account/team`, (route) => route.fulfill(json(teamAs(role))));
    await page.route(`${API_ORIGIN}/api/account/sessions*`, (route) => route.fulfill(json({ sessions, page: 1, pages: 1, total: sessions.length })));
    await page.route(`${API_ORIGIN}/api/account/two-factor`, (route) => route.fulfill(json({ enabled: true, recoveryCodesLeft: 10 })));
    await page.route(`${API_ORIGIN}/api/account/two-factor/recovery-codes`, (route) =>
      route.fulfill(json({ recoveryCodes: Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JKLM-NPQ${i}`) })),
    );
    await page.route(`${API_ORIGIN}/api/account/passkeys`, (route) =>
      route.fulfill(json({ passkeys: [{ id: "44444444-4444-4444-8444-444444444444", name: "Laptop", created_at: "2026-03-05T10:00:00Z", last_used_at: null }] })),
    );
    // A partner whose origin browsers accept for the site's passkeys (this one, an IP address, is not): 'Add a passkey'.
    await page.route(`${API_ORIGIN}/api/auth/passkey/available`, (route) => route.fulfill(json({ available: true })));
    // The company's requests: the month's minutes and one request, which opens in place (the example page routes nothing).
    const request = { id: "55555555-5555-4555-8555-555555555555", reference: "R-7KQ2MX", kind: "content", subject: "New opening hours", status: "open" };
    const dates = { priority: true, createdAt: "2027-01-05T09:00:00.000Z", lastMessageAt: "2027-01-05T09:00:00.000Z" };
    const allowance = { includedMinutes: 120, usedMinutes: 45, periodStart: "2026-12-31T23:00:00.000Z", periodEnd: "2027-01-31T23:00:00.000Z", period: "2027-01", hourlyRateCents: 7500, currency: "EUR" };
    await page.route(`${API_ORIGIN}/api/requests`, (route) => route.fulfill(json({ entitled: true, requests: [{ ...request, ...dates }], allowance, extraTime: [] })));
    await page.route(`${API_ORIGIN}/api/requests/${request.id}`, (route) =>
      route.fulfill(json({ request: { ...request, ...dates }, messages: [{ from: "customer", authorName: "Ann", body: "Please.", createdAt: dates.createdAt, minutes: null }], allowance, entitled: true })),
    );
    await page.goto(`${EXAMPLES_ORIGIN}/agency-settings.html`);
    const settings = page.locator(tag);
    await expect(settings.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
    await expect(settings.getByRole("button", { name: "Manage billing" })).toBeVisible();
    await expect(settings.getByRole("table")).toBeVisible();
    await expect(settings.getByRole("button", { name: "Resend verification e-mail" })).toBeVisible();
    await expect(settings.getByRole("button", { name: "Sign out everywhere else" })).toBeEnabled();
    await expect(settings.locator("[part=passkey]")).toBeVisible();
    await expect(settings.locator("[part=invite]")).toBeVisible();
    await checkView(page, tag, seen, "active");
    current = { ...subscription, cancel_at_period_end: true };
    await page.reload();
    await expect(settings.getByRole("button", { name: "Resume subscription" })).toBeVisible();
    await checkView(page, tag, seen, "ending");
    // A renewal that failed: the payment notice with its one button.
    current = { ...subscription, status: "past_due", payment_issue: "failed", access_until: "2027-01-22T12:00:00Z" };
    await page.reload();
    await expect(settings.locator("[part=pay]")).toBeVisible();
    await checkView(page, tag, seen, "payment owed");
    // New recovery codes, shown once.
    await settings.getByRole("button", { name: "New recovery codes" }).click();
    await settings.getByLabel("Password", { exact: true }).fill("correct-horse-7");
    await settings.getByRole("button", { name: "Make new codes" }).click();
    await expect(settings.getByRole("list", { name: "Recovery codes" })).toBeVisible();
    await checkView(page, tag, seen, "recovery codes");
    await settings.getByRole("link", { name: "New opening hours" }).click();
    await expect(settings.locator("[part=request-thread]")).toBeVisible();
    await checkView(page, tag, seen, "a request");
    // The Team card as a member sees it: roles to read, and the way to leave.
    role = "member";
    await page.reload();
    await expect(settings.locator("[part=leave]")).toBeVisible();
    await checkView(page, tag, seen, "a member's team");
    expectAllSeen(tag, seen);
  });

  test("agency-cookie-banner: the banner and its choices", async ({ page }) => {
    const tag = "agency-cookie-banner";
    const seen = new Set<string>();
    await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner.html`);
    const banner = page.locator(tag).getByRole("region", { name: "Cookies on this website" });
    await expect(banner).toBeVisible();
    await checkView(page, tag, seen, "banner");
    await banner.getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner.getByRole("checkbox", { name: "Analytics" })).toBeVisible();
    await checkView(page, tag, seen, "choices");
    expectAllSeen(tag, seen);
  });
});
