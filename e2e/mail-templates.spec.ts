import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { API_ORIGIN, openMailLink } from "./helpers";

/**
 * Every link of every mail the server sends, opened as its reader opens it: in a browser that has never seen the site
 * (no session, no remembered language), on the production build. The mails come from the server's template registry
 * (`npm run mails -- preview --json`), which finds each template by itself, so a new mail is covered here as soon as
 * it exists; its samples hold made-up tokens, so a token's page shows its 'link not valid' view. Each page must show
 * a heading in its main content, in the mail's language, and be no 'not found' page.
 */

interface RenderedSample {
  template: string;
  locale: "nl" | "en";
  links: string[];
}

const root = resolve(import.meta.dirname, "..");
const NOT_FOUND = /Pagina niet gevonden|Page not found|Dit deel van de desk bestaat niet|This part of the desk does not exist/;

function mailSamples(): RenderedSample[] {
  const run = spawnSync(
    process.execPath,
    [resolve(root, "node_modules/tsx/dist/cli.mjs"), resolve(root, "packages/server/src/cli/mails.ts"), "preview", "--json", "--public-url", API_ORIGIN],
    { encoding: "utf8", maxBuffer: 32 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`npm run mails -- preview failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as RenderedSample[];
}

const samples = mailSamples();
/** Each link once per language, with the templates that contain it. */
const links = new Map<string, { locale: "nl" | "en"; templates: Set<string> }>();
for (const sample of samples) {
  for (const link of sample.links) {
    const entry = links.get(link) ?? { locale: sample.locale, templates: new Set<string>() };
    expect(entry.locale, `${link} is in mails of both languages`).toBe(sample.locale);
    entry.templates.add(sample.template);
    links.set(link, entry);
  }
}

test("the registry holds every mail the server sends, and their links", () => {
  const templates = new Set(samples.map((s) => s.template));
  // The mails that exist today; more may come, none may go missing.
  const names = ["account.reset", "account.verify", "account.sign_in_alert", "account.factor_added", "account.secure_account", "desk.invitation"];
  names.push("subscription.payment_failed", "subscription.renewed", "team.invitation", "team.change", "withdrawal.acknowledgement");
  names.push("offer.sent", "offer.delivered", "offer.signed_agency", "request.received", "request.reply", "request.agency");
  for (const name of names) {
    expect(templates, `template ${name}`).toContain(name);
  }
  for (const link of links.keys()) expect(link.startsWith(`${API_ORIGIN}/`), `${link} points at the site`).toBe(true);
  expect(links.size).toBeGreaterThan(10);
});

for (const [link, { locale, templates }] of links) {
  const path = link.slice(API_ORIGIN.length);
  test(`${path} (${[...templates].join(", ")})`, async ({ browser }) => {
    const { page, context, response } = await openMailLink(browser, link, { phone: true });
    try {
      expect(response?.status(), `${link} answers`).toBeLessThan(400);
      const heading = page.getByRole("main").getByRole("heading", { level: 1 }).first();
      await expect(heading, `${link} shows a page, not an empty main`).toBeVisible();
      await expect(heading).not.toHaveText(NOT_FOUND);
      await expect(page.locator("html"), `${link} opens in the mail's language`).toHaveAttribute("lang", locale);
    } finally {
      await context.close();
    }
  });
}
