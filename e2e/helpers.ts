import { AxeBuilder } from "@axe-core/playwright";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";
import { API_ORIGIN, EXAMPLES_ORIGIN } from "../playwright.config";

export { API_ORIGIN, EXAMPLES_ORIGIN };
export const ADMIN_TOKEN = "e2e-admin-token-of-at-least-32-chars";

/** WCAG 2.2 AA, as the accessibility gate asks. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the page (shadow roots included) and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, context = ""): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/**
 * Every heading's accessible name keeps apart the words its pieces show: a badge or a link inside a heading must
 * not run into the title ("Blog systemIncluded"). Each heading (shadow roots included) is checked against the
 * words at both ends of each piece of its text that assistive technology reads.
 */
export async function expectHeadingNamesSeparate(page: Page, context = ""): Promise<void> {
  const headings = page.getByRole("heading");
  const count = await headings.count();
  expect(count, `headings ${context}`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const heading = headings.nth(i);
    const words = await heading.evaluate((element) => {
      const edges: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('[aria-hidden="true"]') || !parent.checkVisibility({ visibilityProperty: true })) continue;
        const found = node.textContent?.match(/[\p{L}\p{N}]+/gu) ?? [];
        if (found.length > 0) edges.push(found[0]!, found.at(-1)!);
      }
      return edges;
    });
    const whole = words.map((word) => `(?=.*(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}]))`).join("");
    await expect(heading, `heading ${i + 1} of ${count} ${context}: words ${words.join(", ")}`).toHaveAccessibleName(new RegExp(`^${whole}.*\\S`, "iu"));
  }
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface TestUser {
  email: string;
  password: string;
  name: string;
  token: string;
  user: { id: string; email: string; name: string | null };
}

/** Registers a user through the API (what the register form does), with the language its mails are written in. */
export async function registerUser(request: APIRequestContext, name = "Test Customer", language?: "nl" | "en"): Promise<TestUser> {
  const email = uniqueEmail();
  const password = "correct-horse-7";
  const response = await request.post(`${API_ORIGIN}/api/auth/register`, { data: { name, email, password, language } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { token: string; user: TestUser["user"] };
  return { email, password, name, token: body.token, user: body.user };
}

/**
 * Puts a session in the browser's storage, as a login would: keys `token` and `user` on the site, and on a partner's
 * origin the elements' own, `agency.token` and `agency.user`.
 */
export async function signIn(page: Page, account: TestUser, origin = API_ORIGIN): Promise<void> {
  await page.goto(`${origin}/robots.txt`).catch(() => undefined);
  await page.evaluate(
    ({ token, user, prefix }) => {
      localStorage.setItem(`${prefix}token`, token);
      localStorage.setItem(`${prefix}user`, JSON.stringify(user));
      localStorage.setItem(`${prefix}cookieConsent`, JSON.stringify({ necessary: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: 1, id: "e2e" }));
    },
    { token: account.token, user: account.user, prefix: origin === API_ORIGIN ? "" : "agency." },
  );
}

/** Subscribes the user through the local test checkout (create-checkout, then the page's Pay form). */
export async function subscribeViaTestCheckout(
  request: APIRequestContext,
  user: TestUser,
  billingPeriod: "monthly" | "yearly" = "yearly",
): Promise<void> {
  const headers = { Authorization: `Bearer ${user.token}` };
  const created = await request.post(`${API_ORIGIN}/api/subscriptions/create-checkout`, {
    headers,
    data: {
      planId: "pro",
      billingPeriod,
      successUrl: `${API_ORIGIN}/dashboard?subscription=success`,
      cancelUrl: `${API_ORIGIN}/subscribe?subscription=cancelled`,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { checkoutUrl } = (await created.json()) as { checkoutUrl: string };
  const page = await request.get(checkoutUrl);
  const html = await page.text();
  const form = [...html.matchAll(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].find((m) => /pay|betalen/i.test(m[2]!));
  expect(form, "the test checkout page has a Pay form").toBeTruthy();
  const action = new URL(form![1]!.replaceAll("&amp;", "&"), checkoutUrl).toString();
  // What the browser would send: an unchecked radio button (the payment method) is not part of the form.
  const fields: Record<string, string> = {};
  for (const [input] of form![2]!.matchAll(/<input[^>]*>/g)) {
    if (/type="radio"/.test(input) && !/\bchecked\b/.test(input)) continue;
    const name = /name="([^"]+)"/.exec(input)?.[1];
    if (name) fields[name] = /value="([^"]*)"/.exec(input)?.[1] ?? "";
  }
  const paid = await request.post(action, { form: fields, maxRedirects: 0 });
  expect([302, 303]).toContain(paid.status());
}

/** Every blog article's path, from every page of the list. */
export async function articlePaths(request: APIRequestContext): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(`${API_ORIGIN}/api/blog?page=${page}&limit=50`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { posts: Array<{ id: string }>; pagination: { pages: number } };
    paths.push(...body.posts.map((post) => `/blog/${post.id}`));
    if (page >= body.pagination.pages) return paths;
  }
}

/** Quote requests as stored in the database (admin endpoint, bearer ADMIN_TOKEN). */
export async function storedQuoteRequests(request: APIRequestContext): Promise<Array<Record<string, unknown>>> {
  const response = await request.get(`${API_ORIGIN}/api/admin/contact-requests`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { requests: Array<Record<string, unknown>> }).requests;
}

/** Text inside an element's shadow root. */
export function shadowText(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => el.shadowRoot?.textContent ?? "");
}

/** Whether the mail's own `To:` header names `to` (a `Reply-To:` naming it, as on the agency's lead mail, does not count). */
const addressedTo = (mail: string, to: string) =>
  mail.split(/\r?\n/).some((line) => /^to:/i.test(line) && line.toLowerCase().includes(to.toLowerCase()));

/** A mail's quoted-printable text as it reads: soft breaks joined, `=XX` bytes (UTF-8 "€", a no-break space) decoded. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replaceAll("=", ""), "hex").toString("utf8"));
}

/**
 * The newest mail the e2e server wrote to its outbox for this recipient (quoted-printable decoded), or the
 * newest one matching `containing`: every sign-up is mailed a verification link too, and the outbox may write that
 * mail after the one a test waits for.
 */
export async function latestMail(to: string, containing?: RegExp, timeoutMs = 10_000): Promise<string> {
  const outbox = join(readFileSync(join(import.meta.dirname, `../test-results/e2e-data-dir-${new URL(API_ORIGIN).port}.txt`), "utf8").trim(), "outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
    } catch {
      /* no mail yet */
    }
    const mails = files
      .map((f) => ({ path: join(outbox, f), mtime: statSync(join(outbox, f)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime)
      .map((f) => decodeQuotedPrintable(readFileSync(f.path, "utf8")))
      .filter((text) => addressedTo(text, to) && (!containing || containing.test(text)));
    if (mails[0]) return mails[0];
    if (Date.now() > deadline) throw new Error(`no mail to ${to}${containing ? ` matching ${containing}` : ""} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** How many mails the e2e server has written to its outbox for this recipient that match `containing`. */
export function countMails(to: string, containing: RegExp): number {
  const outbox = join(readFileSync(join(import.meta.dirname, `../test-results/e2e-data-dir-${new URL(API_ORIGIN).port}.txt`), "utf8").trim(), "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
  } catch {
    return 0;
  }
  return files
    .map((f) => readFileSync(join(outbox, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((text) => addressedTo(text, to) && containing.test(text)).length;
}

/**
 * The link to `page` (verify-email, reset-password) in the newest mail to `to` in the e2e server's outbox, with the
 * language it names (`&lang=`).
 */
export async function mailedLink(to: string, page: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[A-Za-z0-9_-]+(?:&lang=[a-z]{2})?`);
  const link = pattern.exec(await latestMail(to, pattern))?.[0];
  expect(link, `a ${page} link in the newest mail to ${to}`).toBeTruthy();
  return link!;
}

/**
 * Opens a mailed link as its reader does: in a browser that has never seen the site (a phone, another browser),
 * with no session, no remembered language and no cookie decision, at the width of a phone when asked (`phone`).
 * `response` is the server's answer to the link. Close the context when done.
 */
export async function openMailLink(
  browser: Browser,
  link: string,
  { phone = false }: { phone?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext; response: Response | null }> {
  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  const response = await page.goto(link);
  return { page, context, response };
}

/** Follows the verification link the sign-up mailed, as the owner of the mailbox would (through the API). */
export async function verifyEmail(request: APIRequestContext, user: TestUser): Promise<void> {
  const token = new URL(await mailedLink(user.email, "verify-email")).searchParams.get("token");
  const verified = await request.post(`${API_ORIGIN}/api/auth/verify-email`, { data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/** A saved cookie decision as the banner writes it (local storage key `cookieConsent`). */
export const DECIDED_COOKIES = JSON.stringify({
  necessary: true,
  analytics: false,
  marketing: false,
  timestamp: new Date().toISOString(),
  version: 1,
  id: "e2e",
});

/**
 * Before any page script of every navigation: a saved cookie decision (so the banner stays away), optionally a
 * remembered language (pages without an /en twin) and a fresh language-toggle marker (so /en pages are shown).
 */
export async function prepareVisitor(
  page: Page,
  { remembered, english = false }: { remembered?: "nl" | "en"; english?: boolean } = {},
): Promise<void> {
  await page.addInitScript(
    ({ consent, language, toggled }) => {
      localStorage.setItem("cookieConsent", consent);
      if (language) localStorage.setItem("preferredLanguage", language);
      if (toggled) sessionStorage.setItem("languageToggleUsed", String(Date.now()));
    },
    { consent: DECIDED_COOKIES, language: remembered, toggled: english },
  );
}

/**
 * Waits until a page the server rendered has been hydrated: before that its links and buttons are plain HTML
 * (a click on a button does nothing, a link loads a new document).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}
