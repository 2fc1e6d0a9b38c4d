import { expect, test, type Page } from "@playwright/test";
import { API_ORIGIN, EXAMPLES_ORIGIN, prepareVisitor, registerUser, signIn, subscribeViaTestCheckout, waitForHydration } from "./helpers";

// Cumulative layout shift of every example page (as partners copy them) and of some of the site's own pages, in
// Chromium at a desktop and a phone width, from the page's start until its elements show their real content.
// The elements reserve their size before their script runs (agency-widgets.css, `:not(:defined)`), keep it while
// their texts and data arrive (`:state(loading)`, skeletons), and nothing below them moves when they render.

const WIDTHS = [
  { width: 1280, height: 720 },
  { width: 375, height: 667 },
];

/** Each example page and what shows that its element(s) rendered their real content. */
const EXAMPLES = [
  { page: "agency-pricing.html", ready: ["agency-pricing h3"] },
  { page: "agency-quote-form.html", ready: ["agency-quote-form form"] },
  { page: "agency-login.html", ready: ["agency-login form"] },
  { page: "agency-subscribe.html", ready: ["agency-subscribe h2"] },
  { page: "agency-settings.html", ready: ["agency-settings [part=root] p"] },
  { page: "agency-cookie-banner.html", ready: ["agency-cookie-banner [part=banner]"] },
  { page: "agency-cookie-banner-embeds.html", ready: ["agency-cookie-banner [part=banner]", "iframe[data-consent]"] },
  { page: "agency-demo.html", ready: ["agency-demo button"] },
  { page: "partner-page-en.html", ready: ["agency-quote-form >> nth=1 >> form", "agency-cookie-banner [part=banner]"] },
  {
    page: "strict-csp.html",
    ready: ["agency-pricing h3", "agency-quote-form form", "agency-login form", "agency-settings [part=root] p"],
  },
];

/** Adds up the layout shifts the visitor did not cause, from the page's first frame (buffered), in every document. */
async function observeLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element ? `${node.localName}${node.id ? `#${node.id}` : ""}${node.className ? `.${String(node.className).split(" ")[0]}` : ""}` : String(node?.nodeName),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts so far, once the page's elements show their content and the network is quiet. */
async function cumulativeShift(page: Page, ready: string[]): Promise<{ total: number; shifts: unknown }> {
  for (const selector of ready) await expect(page.locator(selector).first()).toBeAttached({ timeout: 20_000 });
  await page.waitForLoadState("networkidle");
  // A layout shift is reported after the frame that moved things.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300))));
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Array<{ value: number }> }).layoutShifts);
  return { total: shifts.reduce((sum, { value }) => sum + value, 0), shifts };
}

for (const viewport of WIDTHS) {
  test.describe(`no layout shift at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { page: file, ready } of EXAMPLES) {
      test(`examples/${file}`, async ({ page }) => {
        await observeLayoutShift(page);
        await page.goto(`${EXAMPLES_ORIGIN}/${file}`);
        const { total, shifts } = await cumulativeShift(page, ready);
        expect(total, `${file} at ${viewport.width} px: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
      });
    }

    test("examples/agency-settings.html signed in with a subscription (the account and subscription load)", async ({ page, request }) => {
      const user = await registerUser(request, "Shift Tester", "en");
      await subscribeViaTestCheckout(request, user, "monthly");
      await signIn(page, user, EXAMPLES_ORIGIN);
      await observeLayoutShift(page);
      await page.goto(`${EXAMPLES_ORIGIN}/agency-settings.html`);
      const { total, shifts } = await cumulativeShift(page, ["agency-settings [part=subscription] dl"]);
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
    });

    test("the site's own pages stay at 0", async ({ page }) => {
      await prepareVisitor(page);
      await observeLayoutShift(page);
      for (const { path, ready } of [
        { path: "/", ready: ["h1"] },
        { path: "/pricing", ready: ["agency-pricing h3"] },
        { path: "/contact", ready: ["agency-quote-form form"] },
        { path: "/login", ready: ["agency-login form"] },
      ]) {
        await page.goto(`${API_ORIGIN}${path}`);
        await waitForHydration(page);
        const { total, shifts } = await cumulativeShift(page, ready);
        expect(total, `${path} at ${viewport.width} px: ${JSON.stringify(shifts)}`).toBe(0);
      }
    });
  });
}
