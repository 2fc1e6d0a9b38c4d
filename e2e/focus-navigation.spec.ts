import { expect, test, type Page } from "@playwright/test";
import { prepareVisitor, waitForHydration } from "./helpers";

/** Presses Tab until the focused element has this accessible text (at most `limit` times). */
async function tabTo(page: Page, text: string, limit = 20): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (focused === text) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

const announcer = (page: Page) => page.locator("[data-route-announcer]");

test.beforeEach(async ({ page }) => prepareVisitor(page));

test("the first load leaves focus at the top of the page", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator("main h1")).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expect(announcer(page)).toHaveText("");
});

test("following a navigation link with the keyboard focuses the new page's heading and announces its title", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator("main h1")).toBeVisible();
  await tabTo(page, "Diensten");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/services$/);
  const heading = page.locator("main h1");
  await expect(heading).toBeFocused();
  await expect(announcer(page)).toHaveText(await page.title());
  await expect(announcer(page)).toHaveText(/^Onze diensten/);

  // Back with the browser's history: focus follows too.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("main h1")).toBeFocused();
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("opens with the keyboard, closes with Escape back onto its toggle, and a chosen link focuses the new heading", async ({ page }) => {
    await page.goto("/pricing");
    await waitForHydration(page);
    await expect(page.locator("main h1")).toBeVisible();
    const toggle = page.locator(".site-header__menu-button");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#site-menu").getByRole("link", { name: "Contact" })).toBeHidden();

    await tabTo(page, "Menu");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#site-menu").getByRole("link", { name: "Contact" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await tabTo(page, "Contact");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("main h1")).toBeFocused();
  });
});
