import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  ADMIN_TOKEN,
  API_ORIGIN,
  EXAMPLES_ORIGIN,
  expectNoAxeViolations,
  latestMail,
  prepareVisitor,
  storedQuoteRequests,
  uniqueEmail,
  waitForHydration,
} from "./helpers";

/**
 * Leads and consent: the quote form's privacy notice, dial code, too-fast hold and proof-of-work challenge; the
 * cookie banner's Consent Mode v2 and maximum age; the elements' language from the page's lang attribute.
 */

const TEXT = {
  nl: {
    name: /^Volledige naam/,
    email: /^E-mailadres/,
    phone: /^Telefoonnummer/,
    country: /^Landcode/,
    projectType: /^Soort project/,
    budget: /^Budget/,
    timeline: /^Planning/,
    domain: /^Domeinnaam/,
    submit: "Vraag een gratis offerte aan",
    thanks: "Bedankt! Je bericht is verzonden.",
    privacy: "Lees ons privacybeleid (opent in een nieuw tabblad)",
    netherlands: "Nederland (+31)",
  },
  en: {
    name: /^Full name/,
    email: /^Email address/,
    phone: /^Phone number/,
    country: /^Country code/,
    projectType: /^Project type/,
    budget: /^Budget range/,
    timeline: /^Timeline/,
    domain: /^Domain status/,
    submit: "Request a free quote",
    thanks: "Thank you! Your message has been sent.",
    privacy: "Read our privacy policy (opens in a new tab)",
    netherlands: "Netherlands (+31)",
  },
} as const;
type Locale = keyof typeof TEXT;

async function fillRequired(form: Locator, locale: Locale, email: string) {
  const t = TEXT[locale];
  await form.getByLabel(t.name).fill("Lead Test");
  await form.getByLabel(t.email).fill(email);
  await form.getByLabel(t.phone).fill("06 12345678");
  await form.getByLabel(t.projectType).selectOption("new-website");
  await form.getByLabel(t.budget).selectOption("1000-2000");
  await form.getByLabel(t.timeline).selectOption("1-month");
  await form.getByLabel(t.domain).selectOption("have-domain");
}

/** The quote form on the example page (a partner's origin), in the given language. */
async function exampleForm(page: Page, locale: Locale) {
  await page.goto(`${EXAMPLES_ORIGIN}/agency-quote-form.html`);
  const form = page.locator("agency-quote-form");
  await form.evaluate((el, value) => el.setAttribute("locale", value), locale);
  await expect(form.getByRole("button", { name: TEXT[locale].submit })).toBeVisible();
  return form;
}

test.describe("quote form", () => {
  for (const locale of ["nl", "en"] as const) {
    for (const width of [375, 1280]) {
      test(`shows the chosen country with its dial code in full at ${width} px, named as the country code (${locale})`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const form = await exampleForm(page, locale);
        const select = form.getByRole("combobox", { name: TEXT[locale].country });
        await expect(select).toHaveValue("NL");
        await expect(select.locator("option:checked")).toHaveText(TEXT[locale].netherlands);
        // The select is at least as wide as it is when nothing constrains it: no choice is cut off.
        const { shown, natural } = await select.evaluate((el: HTMLSelectElement) => {
          const inPlace = el.getBoundingClientRect().width;
          const { width: w, maxWidth } = el.style;
          el.style.width = "max-content";
          el.style.maxWidth = "none";
          const unconstrained = el.getBoundingClientRect().width;
          el.style.width = w;
          el.style.maxWidth = maxWidth;
          return { shown: inPlace, natural: unconstrained };
        });
        expect(shown).toBeGreaterThanOrEqual(natural - 0.5);
        // And it stays inside the form.
        const formBox = (await form.getByRole("button", { name: TEXT[locale].submit }).evaluate((b) => b.closest("form")!.getBoundingClientRect().right))!;
        expect((await select.boundingBox())!.x + shown).toBeLessThanOrEqual(formBox);
      });
    }
  }

  test("says under the button how details are used, linking the agency's privacy policy in the page's language", async ({ page }) => {
    await prepareVisitor(page);
    await page.goto("/contact");
    const form = page.locator("agency-quote-form");
    const link = form.getByRole("link", { name: TEXT.nl.privacy });
    await expect(link).toHaveAttribute("href", "/privacy-policy");
    await expect(link).toHaveAttribute("target", "_blank");
    await expectNoAxeViolations(page, "on /contact with the privacy notice");

    await prepareVisitor(page, { english: true });
    await page.goto("/en/contact");
    await expect(page.locator("agency-quote-form").getByRole("link", { name: TEXT.en.privacy })).toHaveAttribute("href", "/en/privacy-policy?lang=en");

    // On a partner's page the policy is the agency's, or the one privacy-href names.
    const partner = await exampleForm(page, "en");
    await expect(partner.getByRole("link", { name: TEXT.en.privacy })).toHaveAttribute("href", `${API_ORIGIN}/en/privacy-policy?lang=en`);
    await partner.evaluate((el) => el.setAttribute("privacy-href", "https://partner.example/privacy"));
    await expect(partner.getByRole("link", { name: TEXT.en.privacy })).toHaveAttribute("href", "https://partner.example/privacy");
  });

  test("stores a request sent faster than a person can, but holds it for review; a normal one is notified", async ({ page, request }) => {
    const form = await exampleForm(page, "en");
    const fast = uniqueEmail("too-fast");
    // A script driving the real form: every field set and the form sent in one go.
    await form.evaluate((el, email) => {
      const root = el.shadowRoot!;
      const set = (name: string, value: string) => {
        const control = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
        control.focus();
        const prototype = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(control, value);
        control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
      };
      set("name", "Script");
      set("email", email);
      set("phone", "0612345678");
      set("projectType", "new-website");
      set("budget", "1000-2000");
      set("timeline", "1-month");
      set("domainStatus", "have-domain");
    }, fast);
    const sentFast = page.waitForRequest((r) => r.url() === `${API_ORIGIN}/api/contact` && r.method() === "POST");
    await form.getByRole("button", { name: TEXT.en.submit }).click();
    expect(((await sentFast).postDataJSON() as { fillMs: number }).fillMs).toBeLessThan(3000);
    await expect(form.getByText(TEXT.en.thanks)).toBeVisible();

    // A person: starts on the form, takes their time.
    const human = uniqueEmail("human");
    await form.getByLabel(TEXT.en.name).focus();
    await page.waitForTimeout(3500);
    await fillRequired(form, "en", human);
    await form.getByRole("button", { name: TEXT.en.submit }).click();
    await expect(form.getByText(TEXT.en.thanks)).toBeVisible();

    await expect
      .poll(async () => {
        const stored = await storedQuoteRequests(request);
        const held = stored.find((r) => r.email === fast);
        const notified = stored.find((r) => r.email === human);
        return [held?.held_for_review, held?.notified_at, notified?.held_for_review, Boolean(notified?.notified_at)];
      })
      .toEqual([true, null, false, true]);
    // The person gets the confirmation, in the form's language.
    expect(await latestMail(human)).toContain("We received your quote request");
  });
});

test.describe("the language of a partner page", () => {
  test("<html lang=\"en\"> without a locale attribute speaks English; a section with lang=\"nl\" inside it Dutch", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/partner-page-en.html`);
    const [english, dutch] = [page.locator("agency-quote-form").first(), page.locator("agency-quote-form#dutch")];
    await expect(english.getByRole("button", { name: TEXT.en.submit })).toBeVisible();
    await expect(dutch.getByRole("button", { name: TEXT.nl.submit })).toBeVisible();
    await expect(page.locator("agency-cookie-banner").getByRole("region", { name: "Cookies on this website" })).toBeVisible();
    await expectNoAxeViolations(page, "on partner-page-en.html");

    // The page switches its language without a reload: the elements follow.
    await page.evaluate(() => document.documentElement.setAttribute("lang", "nl-NL"));
    await expect(english.getByRole("button", { name: TEXT.nl.submit })).toBeVisible();
    await expect(page.locator("agency-cookie-banner").getByRole("region", { name: "Cookies op deze website" })).toBeVisible();
  });
});

test.describe("cookie banner", () => {
  type Entry = unknown[];
  const dataLayer = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? []).map((e) => Array.from(e)));
  const DENIED = { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };

  test("sets Consent Mode v2: all denied before any tag, then the visitor's choice, at load and on every change", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner.html`);
    const banner = page.locator("agency-cookie-banner").getByRole("region", { name: "Cookies on this website" });
    await expect(banner).toBeVisible();
    const first: Entry[] = await dataLayer(page);
    expect(first[0]).toEqual(["consent", "default", { ...DENIED, wait_for_update: 500 }]);
    // The page's own tag commands come after the default.
    expect(first.slice(1).map((e) => e[0])).toEqual(["js", "config"]);

    await banner.getByRole("button", { name: "Accept all" }).click();
    await expect.poll(async () => (await dataLayer(page)).at(-1)).toEqual([
      "consent",
      "update",
      { analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" },
    ]);

    // A later visit: the stored choice is passed on right after the default.
    await page.reload();
    await expect.poll(async () => (await dataLayer(page)).filter((e) => e[0] === "consent").map((e) => e[1])).toEqual(["default", "update"]);

    // Withdrawing marketing updates the signals again.
    await page.getByRole("button", { name: "Change cookie settings" }).click();
    const details = page.locator("agency-cookie-banner");
    await details.getByRole("checkbox", { name: "Marketing" }).uncheck();
    await details.getByRole("button", { name: "Save preferences" }).click();
    await expect.poll(async () => (await dataLayer(page)).at(-1)).toEqual(["consent", "update", { ...DENIED, analytics_storage: "granted" }]);
  });

  for (const [age, asks] of [[330, false], [370, true]] as const) {
    test(`${asks ? "asks again for" : "keeps"} a decision ${age} days old`, async ({ page }) => {
      await page.addInitScript((days) => {
        const timestamp = new Date(Date.now() - days * 86_400_000).toISOString();
        // On a partner's origin the banner keeps its decision under its own key.
        localStorage.setItem("agency.cookieConsent", JSON.stringify({ necessary: true, analytics: true, marketing: false, timestamp, version: 1, id: crypto.randomUUID() }));
      }, age);
      await page.goto(`${EXAMPLES_ORIGIN}/agency-cookie-banner.html`);
      await expect(page.locator("#analytics-state")).toHaveText(asks ? "not run" : "ran");
      const banner = page.locator("agency-cookie-banner").getByRole("region", { name: "Cookies on this website" });
      if (asks) await expect(banner).toBeVisible();
      else {
        await page.waitForTimeout(1500);
        await expect(banner).toHaveCount(0);
      }
    });
  }
});

/** A port nobody listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

test.describe("with the proof-of-work challenge on (CONTACT_CHALLENGE=on)", () => {
  // A server of its own, started here: on a busy machine its start takes a minute or more.
  test.describe.configure({ timeout: 240_000 });
  let server: ChildProcess;
  let origin: string;

  test.beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn("node", [join(import.meta.dirname, "../scripts/e2e-server.mjs")], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, NODE_ENV: "test", LOG_LEVEL: "warn", CONTACT_CHALLENGE: "on", CONTACT_RATE_LIMIT: "1000", ADMIN_TOKEN },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await expect.poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 200_000 }).toBe(200);
  });
  test.afterAll(() => {
    server?.kill();
  });

  const stored = async (email: string) => {
    const response = await fetch(`${origin}/api/admin/contact-requests`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    return ((await response.json()) as { requests: Array<Record<string, unknown>> }).requests.filter((r) => r.email === email);
  };

  test("the form solves the challenge in the background and is sent with the keyboard alone", async ({ page }) => {
    await prepareVisitor(page);
    await page.goto(`${origin}/contact`);
    await waitForHydration(page);
    const form = page.locator("agency-quote-form");
    const email = uniqueEmail("challenge");
    // Keyboard only: type into each field, choose with the arrow keys, send with Enter.
    await form.getByLabel(TEXT.nl.name).focus();
    await page.keyboard.type("Toetsenbord Test");
    await page.keyboard.press("Tab");
    await page.keyboard.type(email);
    await form.getByLabel(TEXT.nl.phone).focus();
    await page.keyboard.type("0612345678");
    for (const label of [TEXT.nl.projectType, TEXT.nl.budget, TEXT.nl.timeline, TEXT.nl.domain]) {
      await form.getByLabel(label).focus();
      await page.keyboard.press("ArrowDown");
    }
    await page.waitForTimeout(5000);
    const sent = page.waitForRequest((r) => r.url() === `${origin}/api/contact` && r.method() === "POST");
    await form.getByRole("button", { name: TEXT.nl.submit }).focus();
    await page.keyboard.press("Enter");
    const body = (await sent).postDataJSON() as { challenge?: string; fillMs?: number };
    expect(JSON.parse(Buffer.from(body.challenge!, "base64").toString())).toMatchObject({
      challenge: { parameters: { algorithm: "SHA-256" } },
      solution: { counter: expect.any(Number) },
    });
    await expect(form.getByText(TEXT.nl.thanks)).toBeVisible();
    await expect.poll(async () => (await stored(email)).map((r) => [r.held_for_review, Boolean(r.notified_at)])).toEqual([[false, true]]);
    await expectNoAxeViolations(page, "on /contact with the challenge on");
  });

  test("a request without a solution is refused in its language and stored nowhere", async () => {
    const email = uniqueEmail("no-solution");
    const quote = { name: "Robot", email, countryCode: "+31", phone: "0612345678", projectType: "new-website", budgetRange: "1000-2000", timeline: "1-month", domainStatus: "have-domain" };
    const nl = await fetch(`${origin}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...quote, language: "nl" }) });
    expect(nl.status).toBe(400);
    expect(await nl.json()).toMatchObject({
      code: "contact.challenge_failed",
      error: "Je aanvraag kon niet worden gecontroleerd als verstuurd door een mens en is daarom niet verstuurd. Probeer het opnieuw.",
    });
    const en = await fetch(`${origin}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...quote, language: "en" }) });
    expect(((await en.json()) as { error: string }).error).toBe("Your request could not be checked as sent by a person, so it was not sent. Please try again.");
    expect(await stored(email)).toEqual([]);
  });
});
