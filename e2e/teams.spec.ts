import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import {
  API_ORIGIN,
  expectNoAxeViolations,
  mailedLink,
  openMailLink,
  prepareVisitor,
  registerUser,
  signIn,
  subscribeViaTestCheckout,
  uniqueEmail,
  verifyEmail,
  type TestUser,
} from "./helpers";

/**
 * Company accounts in the browser: an owner invites a colleague from the settings' Team card; the colleague opens the
 * mailed link in a browser that has never seen the site, registers through it, joins, and sees the company's
 * subscription. Then the Team card on a phone (375 px) in Dutch and English, for the owner and for a member.
 */

const api = (request: APIRequestContext, user: TestUser) => ({
  get: (path: string) => request.get(`${API_ORIGIN}/api${path}`, { headers: { Authorization: `Bearer ${user.token}` } }),
  send: (method: "POST" | "PATCH", path: string, data: unknown) =>
    request.fetch(`${API_ORIGIN}/api${path}`, { method, headers: { Authorization: `Bearer ${user.token}` }, data }),
});

/** An owner with a verified address, a running subscription and a company of the given name. */
async function owner(request: APIRequestContext, name: string, locale: "nl" | "en", company: string): Promise<TestUser> {
  const user = await registerUser(request, name, locale);
  await verifyEmail(request, user);
  await subscribeViaTestCheckout(request, user, "monthly");
  expect((await api(request, user).send("PATCH", "/account/team", { name: company })).ok()).toBe(true);
  return user;
}

const TEXTS = {
  nl: {
    team: "Team",
    email: "E-mailadres",
    role: "Rol",
    send: "Uitnodiging versturen",
    sent: (to: string) => `We hebben een uitnodiging gestuurd naar ${to}`,
    roleOf: (name: string) => `Rol van ${name}`,
    remove: (name: string) => `${name} verwijderen`,
    leave: (company: string) => `${company} verlaten`,
    withdraw: (to: string) => `De uitnodiging aan ${to} intrekken`,
    handOver: "Eigenaarschap overdragen",
    member: "Lid",
  },
  en: {
    team: "Team",
    email: "E-mail address",
    role: "Role",
    send: "Send invitation",
    sent: (to: string) => `We sent an invitation to ${to}`,
    roleOf: (name: string) => `Role of ${name}`,
    remove: (name: string) => `Remove ${name}`,
    leave: (company: string) => `Leave ${company}`,
    withdraw: (to: string) => `Withdraw the invitation to ${to}`,
    handOver: "Hand ownership over",
    member: "Member",
  },
} as const;

test("an invitation, opened in a browser that has never seen the site: register through it, join, see the company's subscription", async ({ page, browser, request }) => {
  test.slow();
  const boss = await owner(request, "Bea Boss", "en", "Bakkerij Journey B.V.");
  await signIn(page, boss);
  await prepareVisitor(page, { remembered: "en" });
  await page.goto("/dashboard/settings");
  const team = page.locator("agency-settings").getByRole("region", { name: "Team" });
  const colleague = uniqueEmail("colleague");
  await team.getByRole("textbox", { name: TEXTS.en.email }).fill(colleague);
  await team.getByRole("combobox", { name: TEXTS.en.role, exact: true }).selectOption("billing");
  await team.getByRole("button", { name: TEXTS.en.send }).click();
  await expect(page.getByText(TEXTS.en.sent(colleague))).toBeVisible();
  await expect(team.getByRole("button", { name: TEXTS.en.withdraw(colleague) })).toBeVisible();

  const link = await mailedLink(colleague, "en/join");
  expect(link).toMatch(/\/en\/join\?token=[\w-]+&lang=en$/);
  // A mail scanner fetches the page first: nothing is used up.
  expect((await request.get(link, { headers: { accept: "text/html" } })).ok()).toBe(true);

  const { page: invitee, context } = await openMailLink(browser, link);
  try {
    const login = invitee.locator("agency-login");
    await expect(login.getByRole("heading", { level: 2, name: "Join Bakkerij Journey B.V." })).toBeVisible();
    await expect(login.getByText(`Bea Boss invites you to join Bakkerij Journey B.V. as Billing. The invitation is for ${colleague}.`)).toBeVisible();
    await expect(invitee.locator("html")).toHaveAttribute("lang", "en");
    await expectNoAxeViolations(invitee, "the invitation's page");

    await login.getByRole("link", { name: "Create one" }).click();
    await login.getByLabel("Full name").fill("Cas Colleague");
    await login.getByLabel("Email address").fill(colleague);
    await login.getByLabel("Password", { exact: true }).fill("correct-horse-7");
    await login.getByLabel("Confirm password").fill("correct-horse-7");
    await login.getByRole("button", { name: "Create account" }).click();

    // Joined, and on to the settings: the company's subscription, and the company with Cas in it.
    await expect(invitee).toHaveURL(/\/dashboard\/settings$/);
    const settings = invitee.locator("agency-settings");
    await expect(settings.getByRole("region", { name: "Subscription" }).getByText("Pro Plan")).toBeVisible();
    const card = settings.getByRole("region", { name: "Team" });
    await expect(card.getByText("Your role in Bakkerij Journey B.V.: Billing.", { exact: false })).toBeVisible();
    await expect(card.getByText("Bea Boss")).toBeVisible();
    await expect(settings.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
  } finally {
    await context.close();
  }
  // The link is spent; the owner sees Cas among the members.
  expect((await request.get(`${API_ORIGIN}/api/team-invitations?token=${new URL(link).searchParams.get("token")}`)).status()).toBe(410);
  const members = ((await (await api(request, boss).get("/account/team")).json()) as { members: { email: string; role: string }[] }).members;
  expect(members).toContainEqual(expect.objectContaining({ email: colleague, role: "billing" }));
});

test.describe("the Team card on a phone", () => {
  const WIDTH = 375;
  const HEIGHT = 667;
  test.use({ viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true });

  /** Everything in the element's shadow root that reaches past the element's left or right edge. */
  const overflowing = (host: Locator) =>
    host.evaluate((element) => {
      const edge = element.getBoundingClientRect();
      return [...element.shadowRoot!.querySelectorAll("*")]
        .map((node) => ({ node, box: node.getBoundingClientRect() }))
        .filter(({ box }) => (box.width > 0 || box.height > 0) && (box.left < edge.left - 0.5 || box.right > edge.right + 0.5))
        .map(({ node }) => `${node.tagName.toLowerCase()}.${node.getAttribute("class") ?? ""}`);
    });

  async function expectOnScreen(target: Locator, what: string) {
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(WIDTH + 0.5);
  }

  async function open(page: Page, user: TestUser, locale: "nl" | "en") {
    await signIn(page, user);
    await prepareVisitor(page, { remembered: locale });
    await page.goto("/dashboard/settings");
    const settings = page.locator("agency-settings");
    const team = settings.getByRole("region", { name: TEXTS[locale].team });
    await expect(team.getByRole("list").first()).toBeVisible();
    return { settings, team };
  }

  for (const locale of ["nl", "en"] as const) {
    const T = TEXTS[locale];

    test(`fits, for the owner and for a member, with its dialog whole (${locale})`, async ({ page, request }) => {
      test.slow();
      const boss = await owner(request, `Bea ${locale}`, locale, `Een bedrijf met een lange naam ${locale} B.V.`);
      const member = await registerUser(request, `Mo Member ${locale}`, locale);
      const invited = uniqueEmail("pending");
      // Mo joins through an invitation accepted over the API; another stays pending.
      expect((await api(request, boss).send("POST", "/account/team/invitations", { email: member.email, role: "member", language: locale })).status()).toBe(201);
      const token = new URL(await mailedLink(member.email, locale === "en" ? "en/join" : "join")).searchParams.get("token");
      expect((await api(request, member).send("POST", "/team-invitations/accept", { token })).ok()).toBe(true);
      expect((await api(request, boss).send("POST", "/account/team/invitations", { email: invited, role: "admin", language: locale })).status()).toBe(201);

      const { settings, team } = await open(page, boss, locale);
      await expect(team.getByRole("combobox", { name: T.roleOf(member.name) })).toHaveValue("member");
      expect(await overflowing(settings)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
      for (const [target, what] of [
        [team.getByRole("combobox", { name: T.roleOf(member.name) }), "the role select"],
        [team.getByRole("button", { name: T.remove(member.name) }), "Remove"],
        [team.getByRole("button", { name: T.withdraw(invited) }), "Withdraw"],
        [team.getByRole("button", { name: T.send }), "Send invitation"],
        [team.getByRole("button", { name: T.handOver, exact: true }), "Hand ownership over"],
      ] as const) {
        await expectOnScreen(target, what);
      }
      await team.getByRole("button", { name: T.remove(member.name) }).click();
      const dialog = settings.getByRole("dialog");
      await expect(dialog).toBeVisible();
      for (const button of await dialog.getByRole("button").all()) await expectOnScreen(button, "a button of the dialog");
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expectNoAxeViolations(page, `the owner's Team card (${locale})`);

      // The member: the company and who is in it, a way to leave, nothing to manage.
      await page.context().clearCookies();
      const seen = await open(page, member, locale);
      await expect(seen.team.getByRole("button", { name: T.leave(`Een bedrijf met een lange naam ${locale} B.V.`) })).toBeVisible();
      await expect(seen.team.getByRole("combobox")).toHaveCount(0);
      await expect(seen.team.getByText(T.member, { exact: true })).toHaveCount(1);
      expect(await overflowing(seen.settings)).toEqual([]);
      await expectNoAxeViolations(page, `a member's Team card (${locale})`);
    });
  }
});
