import { expect, test, type Locator, type Page } from "@playwright/test";
import { API_ORIGIN, prepareVisitor, registerUser, signIn, subscribeViaTestCheckout, uniqueEmail, waitForHydration } from "./helpers";

/**
 * A visitor on a phone (375 px, Chromium's mobile mode: a page wider than the screen widens the layout viewport, as
 * on a real phone), in Dutch and in English: the settings page with an invoice fits, its buttons and dialogs are
 * whole, and 'Logout' is within reach in the dashboard's slide-over; the quote form keeps focus through sending;
 * 'Subscription cancelled' is said once; the billing toggle's badge stays on one line; Back after a logout does
 * not reopen the billing portal; the mobile menu closes after 'Logout' in it; toasts leave the menu button free; the
 * cookie banner covers at most half of a 375 × 740 screen and the open menu's language toggle lies above it.
 */

const WIDTH = 375;
const HEIGHT = 667;
test.use({ viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true });

const TEXTS = {
  nl: {
    invoices: "Facturen",
    cancel: "Abonnement opzeggen",
    deleteAccount: "Account verwijderen",
    changeEmail: "E-mailadres wijzigen",
    showPassword: "Wachtwoord tonen",
    manage: "Facturatie beheren",
    portalBadge: "Testportaal voor facturatie — er wordt niets afgeschreven",
    back: "Terug naar je account",
    menu: "Menu",
    closeMenu: "Menu sluiten",
    logout: "Uitloggen",
    loggedOut: "Succesvol uitgelogd",
    email: "E-mailadres",
    nav: "Hoofdnavigatie",
    quoteName: /^Volledige naam/,
    quoteEmail: /^E-mailadres/,
    quotePhone: /^Telefoonnummer/,
    projectType: /^Soort project/,
    budget: /^Budget/,
    timeline: /^Planning/,
    domain: /^Domeinnaam/,
    submit: "Vraag een gratis offerte aan",
    thanks: "Bedankt! Je bericht is verzonden.",
    cancelled: "Abonnement geannuleerd",
    hero: "Klaar om te beginnen?",
    annual: /Jaarlijks/,
  },
  en: {
    invoices: "Invoices",
    cancel: "Cancel Subscription",
    deleteAccount: "Delete account",
    changeEmail: "Change e-mail address",
    showPassword: "Show password",
    manage: "Manage billing",
    portalBadge: "Test billing portal — no money is charged",
    back: "Back to your account",
    menu: "Menu",
    closeMenu: "Close menu",
    logout: "Logout",
    loggedOut: "Logged out successfully",
    email: "Email address",
    nav: "Main navigation",
    quoteName: /^Full name/,
    quoteEmail: /^Email address/,
    quotePhone: /^Phone number/,
    projectType: /^Project type/,
    budget: /^Budget range/,
    timeline: /^Timeline/,
    domain: /^Domain status/,
    submit: "Request a free quote",
    thanks: "Thank you! Your message has been sent.",
    cancelled: "Subscription cancelled",
    hero: "Ready to get started?",
    annual: /Annual/,
  },
} as const;

/** Everything rendered inside the element's shadow root that reaches past the element's own left or right edge. */
function overflowing(host: Locator): Promise<string[]> {
  return host.evaluate((element) => {
    const edge = element.getBoundingClientRect();
    const found: string[] = [];
    for (const node of element.shadowRoot!.querySelectorAll("*")) {
      const box = node.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) {
        found.push(`${node.tagName.toLowerCase()}.${node.getAttribute("class") ?? ""} ${Math.round(box.left)}–${Math.round(box.right)} (element ${Math.round(edge.left)}–${Math.round(edge.right)})`);
      }
    }
    return found;
  });
}

/** The box is wholly on the screen: nothing cut off at any side. */
async function expectWhollyOnScreen(target: Locator, what: string) {
  const box = (await target.boundingBox())!;
  expect(box, `${what} is rendered`).toBeTruthy();
  expect(box.x, `${what}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge on screen`).toBeLessThanOrEqual(WIDTH + 0.5);
  expect(box.y + box.height, `${what}: bottom edge on screen`).toBeLessThanOrEqual(HEIGHT + 0.5);
}

/** The page's own width: a page wider than the phone scrolls sideways (and widens the layout viewport). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The element that has focus, looked up through shadow roots. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return { tag: active?.tagName.toLowerCase(), part: active?.getAttribute("part"), href: active?.getAttribute("href"), text: active?.textContent?.trim() };
  });

const toaster = (page: Page) => page.locator("[data-agency-toaster] .ag-toaster");

/** Two boxes share some area. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const locale of ["nl", "en"] as const) {
  const T = TEXTS[locale];

  test(`settings fit a phone with an invoice: buttons and both dialogs whole, Logout reachable in the slide-over (${locale})`, async ({ page, request }) => {
    test.slow();
    const user = await registerUser(request, `Phone ${locale}`, locale);
    await subscribeViaTestCheckout(request, user, "yearly");
    await signIn(page, user);
    await prepareVisitor(page, { remembered: locale });
    await page.goto("/dashboard/settings");
    const settings = page.locator("agency-settings");
    await expect(settings.getByRole("table", { name: T.invoices }).getByRole("row")).toHaveCount(2);

    expect(await overflowing(settings)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    for (const name of [T.changeEmail, T.manage, T.cancel, T.deleteAccount]) {
      const button = settings.getByRole("button", { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      await expectWhollyOnScreen(button, name);
    }
    const show = settings.getByRole("button", { name: T.showPassword });
    expect(await show.count()).toBeGreaterThan(0);
    for (const button of await show.all()) {
      await button.scrollIntoViewIfNeeded();
      await expectWhollyOnScreen(button, T.showPassword);
    }
    const pdf = settings.getByRole("table", { name: T.invoices }).getByRole("link");
    await pdf.scrollIntoViewIfNeeded();
    await expectWhollyOnScreen(pdf, "the invoice's PDF link");

    for (const [open, title] of [
      [T.cancel, T.cancel],
      [T.deleteAccount, T.deleteAccount],
    ] as const) {
      await settings.getByRole("button", { name: open, exact: true }).click();
      const dialog = settings.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await expectWhollyOnScreen(dialog, `the dialog '${title}'`);
      for (const button of await dialog.getByRole("button").all()) await expectWhollyOnScreen(button, `a button of '${title}'`);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: T.menu, exact: true }).click();
    const logout = page.locator("#dashboard-sidebar").getByRole("button", { name: T.logout });
    await expect(logout).toBeVisible();
    // Measured where the slide-over comes to rest, not halfway through its slide.
    await page.locator("#dashboard-sidebar").evaluate((sidebar) => Promise.all(sidebar.getAnimations({ subtree: true }).map((a) => a.finished)));
    await expectWhollyOnScreen(logout, "Logout in the slide-over");
    await logout.click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(`the quote form keeps focus on its button while sending, and Tab goes on from there (${locale})`, async ({ page }) => {
    await prepareVisitor(page, { english: locale === "en" });
    await page.goto(locale === "en" ? "/en/contact" : "/contact");
    const form = page.locator("agency-quote-form");
    await form.getByLabel(T.quoteName).fill(`Phone ${locale}`);
    await form.getByLabel(T.quoteEmail).fill(uniqueEmail(`phone-${locale}`));
    await form.getByLabel(T.quotePhone).fill("06 12345678");
    await form.getByLabel(T.projectType).selectOption("new-website");
    await form.getByLabel(T.budget).selectOption("1000-2000");
    await form.getByLabel(T.timeline).selectOption("1-month");
    await form.getByLabel(T.domain).selectOption("have-domain");

    // The answer is held back a moment, so the form is seen while it sends.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${API_ORIGIN}/api/contact`, async (route) => {
      await held;
      await route.continue();
    });
    const submit = form.getByRole("button", { name: T.submit });
    await submit.focus();
    await page.keyboard.press("Enter");
    await expect(form.locator('[part="submit"]')).toHaveAttribute("aria-disabled", "true");
    expect((await focused(page)).part).toBe("submit");
    release();
    await expect(form.getByText(T.thanks)).toBeVisible();
    expect((await focused(page)).part).toBe("submit");
    await page.keyboard.press("Tab");
    expect((await focused(page)).href).toMatch(/privacy-policy(\?lang=en)?$/);
  });

  test(`'Subscription cancelled' once, not again on reload; the saving badge on one line (${locale})`, async ({ page, request }) => {
    const user = await registerUser(request, `Cancelled ${locale}`, locale);
    await signIn(page, user);
    await prepareVisitor(page, { remembered: locale });
    await page.goto("/subscribe?subscription=cancelled");
    const subscribe = page.locator("agency-subscribe");
    await expect(toaster(page)).toContainText(T.cancelled);
    await expect(page).toHaveURL(/\/subscribe$/);

    // The badge: one line, inside the toggle, the toggle inside the element.
    const badge = subscribe.locator(".billing__badge");
    await expect(badge).toBeVisible();
    const lines = await badge.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    await expect(subscribe.getByRole("radio", { name: T.annual })).toBeAttached();
    expect(await overflowing(subscribe)).toEqual([]);
    await expectWhollyOnScreen(badge, "the saving badge");

    await page.reload();
    await expect(subscribe.getByRole("heading", { name: T.hero })).toBeVisible();
    await expect(page.getByText(T.cancelled)).toHaveCount(0);
  });

  test(`back from a cancelled checkout, the subscribe page opens at its top, not where the last one was left (${locale})`, async ({ page, request }) => {
    const user = await registerUser(request, `Terug ${locale}`, locale);
    await signIn(page, user);
    await prepareVisitor(page, { remembered: locale });
    await page.goto("/subscribe");
    const subscribe = page.locator("agency-subscribe");
    const start = subscribe.getByRole("button", { name: locale === "nl" ? "Start je jaarabonnement" : "Start Your Annual Plan" });
    await start.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await start.click();
    await page.waitForURL(/\/api\/subscriptions\/test-checkout\//);
    await page.getByRole("button", { name: locale === "nl" ? "Annuleren" : "Cancel", exact: true }).click();
    await expect(toaster(page)).toContainText(T.cancelled);
    await expect(subscribe.getByRole("heading", { name: T.hero })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(100);
  });

  test(`Back after logging out shows the login page, not the billing portal (${locale})`, async ({ page, request }) => {
    test.slow();
    const user = await registerUser(request, `Portal ${locale}`, locale);
    await subscribeViaTestCheckout(request, user, "yearly");
    await signIn(page, user);
    await prepareVisitor(page, { remembered: locale });
    await page.goto("/dashboard/settings");
    await page.locator("agency-settings").getByRole("button", { name: T.manage }).click();
    await page.waitForURL(/\/api\/subscriptions\/test-portal\//);
    await expect(page.getByText(T.portalBadge)).toBeVisible();
    await page.getByRole("link", { name: T.back }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);

    await page.getByRole("button", { name: T.menu, exact: true }).click();
    await page.locator("#dashboard-sidebar").getByRole("button", { name: T.logout }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("agency-login").getByLabel(T.email)).toBeVisible();
    await expect(page.getByText(T.portalBadge)).toHaveCount(0);
    await expect(page.locator('input[name="vat_number"]')).toHaveCount(0);
  });

  test(`logout from the mobile menu closes it, focus on its button; the toast leaves the button free (${locale})`, async ({ page, request }) => {
    const user = await registerUser(request, `Menu ${locale}`, locale);
    await signIn(page, user);
    await prepareVisitor(page, { english: locale === "en" });
    await page.goto(locale === "en" ? "/en/pricing" : "/pricing");
    await waitForHydration(page);
    await page.getByRole("button", { name: T.menu, exact: true }).click();
    const nav = page.getByRole("navigation", { name: T.nav });
    await nav.getByRole("button", { name: T.logout }).click();
    await expect(toaster(page)).toContainText(T.loggedOut);

    const button = page.getByRole("button", { name: T.menu, exact: true });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("button", { name: T.closeMenu })).toHaveCount(0);
    await expect(nav).toBeHidden();
    expect((await focused(page)).text).toBe(T.menu);
    expect(overlap((await toaster(page).boundingBox())!, (await button.boundingBox())!)).toBe(false);
    // The button is not under anything: a tap reaches it at once and opens the menu again.
    await button.click({ timeout: 2000 });
    await expect(page.getByRole("button", { name: T.closeMenu })).toHaveAttribute("aria-expanded", "true");
  });
}

/**
 * The consent banner on a 375 × 740 phone, for a first visit (no decision saved): it covers at most half the screen,
 * and the menu's language toggle and login link lie above it, so a visitor can read the banner in their own language
 * before choosing.
 */
const BANNER = {
  nl: { start: "/", title: "Cookies op deze website", menu: "Menu", switchTo: /^EN/, other: "Cookies on this website", login: "Inloggen" },
  en: { start: "/en?lang=en", title: "Cookies on this website", menu: "Menu", switchTo: /^NL/, other: "Cookies op deze website", login: "Login" },
} as const;

/** Whether a tap at the middle of `locator` reaches it, not something lying over it. */
const onTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });

for (const locale of ["nl", "en"] as const) {
  const B = BANNER[locale];
  test(`the cookie banner covers at most half of a 375 × 740 screen, and the menu's language toggle works above it (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(B.start);
    await waitForHydration(page);
    const banner = page.locator("agency-cookie-banner").getByRole("region", { name: B.title });
    await expect(banner).toBeVisible();
    // Once it has slid into place along the bottom edge.
    await expect.poll(async () => (await banner.boundingBox())!.y + (await banner.boundingBox())!.height).toBeLessThanOrEqual(740 + 1);
    expect((await banner.boundingBox())!.height, "the banner's height").toBeLessThanOrEqual(740 / 2);

    await page.getByRole("button", { name: B.menu, exact: true }).click();
    const nav = page.getByRole("navigation");
    const toggle = page.getByRole("group", { name: locale === "nl" ? "Taal" : "Language" }).getByRole("button", { name: B.switchTo });
    await expect(toggle).toBeVisible();
    expect(await onTop(toggle), "the language toggle is not under the banner").toBe(true);
    expect(await onTop(nav.getByRole("link", { name: B.login, exact: true }).last()), "the login link is not under the banner").toBe(true);
    await toggle.click({ timeout: 2000 });
    // The banner, still undecided, now speaks the other language.
    await expect(page.locator("agency-cookie-banner").getByRole("region", { name: B.other })).toBeVisible();
  });
}

for (const [locale, width] of [["nl", 375], ["en", 1280]] as const) {
  test(`the login page's two buttons stand apart, so neither is tapped for the other (${locale}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await prepareVisitor(page, { remembered: locale });
    await page.goto("/login");
    const login = page.locator("agency-login");
    const submit = login.locator('[part="submit"]');
    const passkey = login.locator('[part="passkey"]');
    await expect(passkey).toBeVisible();
    const [a, b] = [(await submit.boundingBox())!, (await passkey.boundingBox())!];
    expect(b.y - (a.y + a.height), "the space between them").toBeGreaterThanOrEqual(8);
  });
}

