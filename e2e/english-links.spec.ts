import { expect, test, type Page } from "@playwright/test";
import { BILINGUAL_PATHS, SINGLE_LANGUAGE_PATHS } from "../host/src/lib/site-pages";
import { API_ORIGIN, prepareVisitor } from "./helpers";

/** The English address of a bilingual page. */
const english = (path: string) => (path === "/" ? "/en" : `/en${path}`);

const isBilingual = (path: string) => (BILINGUAL_PATHS as readonly string[]).includes(path.replace(/(.)\/$/, "$1"));

/** Every same-origin link on the page, shadow roots included (Playwright's CSS pierces open shadow roots). */
async function siteLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator("a[href]").evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return hrefs.filter((href) => new URL(href).origin === API_ORIGIN && !new URL(href).pathname.startsWith("/api/"));
}

/**
 * The English pages: every bilingual page under /en, and the pages that exist once (about, features, blog), which
 * an English visitor sees in English.
 */
const ENGLISH_PAGES = [...BILINGUAL_PATHS.map(english), ...SINGLE_LANGUAGE_PATHS];

async function openEnglish(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
}

// An English visitor: chose English with the toggle (remembered, marker fresh) and decided on cookies.
test.beforeEach(async ({ page }) => prepareVisitor(page, { remembered: "en", english: true }));

test("no link on an English page leads to a Dutch page (the language toggle is the one way to Dutch)", async ({ page }) => {
  test.setTimeout(240_000);
  const targets = new Map<string, string>();
  const dutch: string[] = [];
  for (const path of ENGLISH_PAGES) {
    await openEnglish(page, path);
    for (const href of await siteLinks(page)) {
      const target = new URL(href);
      if (isBilingual(target.pathname)) dutch.push(`${path} → ${target.pathname}`);
      const key = target.pathname + target.search;
      if (!targets.has(key) && target.pathname !== new URL(page.url()).pathname) targets.set(key, path);
    }
  }
  expect(dutch, "links from English pages to the Dutch version of a bilingual page").toEqual([]);
  expect(targets.size).toBeGreaterThan(10);

  // Follow each distinct link from the first page that has it: wherever it leads is shown in English.
  const landedInDutch: string[] = [];
  for (const [target, from] of targets) {
    await openEnglish(page, from);
    const link = page.locator(`a[href="${target}"]`).filter({ visible: true }).first();
    if ((await link.count()) === 0) await page.goto(target);
    else await link.click();
    await page.waitForLoadState("domcontentloaded");
    await expect(page.locator("main")).toBeVisible();
    // Guards may redirect (a portal page to /login); the page the visitor ends up on is what counts.
    await page.waitForTimeout(300);
    const lang = await page.locator("html").getAttribute("lang");
    const landed = new URL(page.url()).pathname;
    if (lang !== "en" || isBilingual(landed)) landedInDutch.push(`${from} → ${target} landed on ${landed} (lang ${lang})`);
  }
  expect(landedInDutch).toEqual([]);
});
