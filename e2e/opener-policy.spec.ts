import { expect, test, type Page } from "@playwright/test";
import { API_ORIGIN } from "./helpers";

/**
 * The site's pages and the windows of other sites. A page of ours that another site opens is cut off from that
 * site (the opener policy). A page the visitor opens themselves comes without the policy, so Chromium needs no new
 * renderer process before painting it; another site holds no handle on such a tab that could be taken away.
 */

const OTHER_SITE = "http://other-site.test";

/** The other site's page, with its handle on the window it opened. */
type OtherSitePage = { opened: Window };

/** Opens `url` from the other site's page with `window.open`, as that page's `opened`. */
const openFromOtherSite = (page: Page, url: string) =>
  page.evaluate((url) => void ((window as unknown as OtherSitePage).opened = window.open(url)!), url);

/** A page of another site, served by the browser context itself, with the addresses it was asked for. */
async function openOtherSite(page: Page) {
  const requested: string[] = [];
  await page.context().route(`${OTHER_SITE}/**`, (route) => {
    requested.push(new URL(route.request().url()).pathname);
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Other site</title><p>Another site</p>" });
  });
  await page.goto(`${OTHER_SITE}/`);
  return requested;
}

test("a page of ours that another site opens is cut off from that site's window", async ({ page }) => {
  await openOtherSite(page);
  const answered = page.context().waitForEvent("response", (response) => response.url() === `${API_ORIGIN}/pricing`);
  await openFromOtherSite(page, `${API_ORIGIN}/pricing`);
  const response = await answered;
  expect(response.headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  // Cut off: the opener's handle reports the window as closed, so it can neither count its frames nor navigate it.
  await expect.poll(() => page.evaluate(() => (window as unknown as OtherSitePage).opened.closed)).toBe(true);
});

test("a page the visitor opens themselves comes without the opener policy", async ({ page }) => {
  for (const path of ["/", "/pricing", "/login"]) {
    const response = await page.goto(path);
    expect((await response!.request().allHeaders())["sec-fetch-site"], path).toBe("none");
    expect(response!.headers()["cross-origin-opener-policy"], path).toBeUndefined();
    expect(response!.headers().vary, path).toContain("sec-fetch-site");
  }
});

test("a window another site opened cannot be sent elsewhere once the visitor has typed our address into it", async ({ page }) => {
  const requested = await openOtherSite(page);
  const popupOpened = page.context().waitForEvent("page");
  await openFromOtherSite(page, `${OTHER_SITE}/popup`);
  const popup = await popupOpened;
  await popup.waitForURL(`${OTHER_SITE}/popup`);
  await popup.goto(`${API_ORIGIN}/login`);

  // Chromium ends the other site's power to navigate the tab when the visitor navigates it; the attempt is dropped
  // without an error, so the test gives it the time a navigation to a page the context serves itself would take.
  await page.evaluate((url) => {
    (window as unknown as OtherSitePage).opened.location.href = url;
  }, `${OTHER_SITE}/look-alike-login`);
  await page.waitForTimeout(1500);
  expect(popup.url()).toBe(`${API_ORIGIN}/login`);
  expect(requested).not.toContain("/look-alike-login");
});
