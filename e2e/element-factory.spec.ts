import { expect, test } from "@playwright/test";
import { EXAMPLES_ORIGIN, expectNoAxeViolations } from "./helpers";

// The element factory in a real browser, on a page of another origin with hostile CSS.
test.describe("element factory (agency-demo)", () => {
  test("renders in its shadow root, untouched by the page's CSS", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${EXAMPLES_ORIGIN}/agency-demo.html`);
    const greeting = page.locator("agency-demo .demo__greeting");
    await expect(greeting).toHaveText("Hello, Partner!");
    // Page: `* { color: darkred }`, `p { font-family: Comic Sans }`. The element's own CSS wins inside.
    await expect(greeting).toHaveCSS("color", "rgb(0, 100, 0)");
    const button = page.locator("agency-demo button");
    const fontSize = await button.evaluate((el) => getComputedStyle(el).fontSize);
    expect(fontSize).not.toBe("40px");
    await expect(button).not.toHaveCSS("background-color", "rgb(255, 105, 180)");
    // The element's CSS does not leak out: the page's own paragraph keeps the page's font.
    await expect(page.locator("main > p").first()).toHaveCSS("font-family", /Comic Sans/);
    expect(errors).toEqual([]);
  });

  test("switches language at run time", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-demo.html`);
    await expect(page.locator("agency-demo .demo__greeting")).toHaveText("Hello, Partner!");
    await page.getByRole("button", { name: "Switch language" }).click();
    await expect(page.locator("agency-demo .demo__greeting")).toHaveText("Hallo, Partner!");
  });

  test("events bubble out of the shadow root to the page", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-demo.html`);
    await page.locator("agency-demo").getByRole("button", { name: "Say hello" }).click();
    await expect(page.locator("#log")).toContainText('agency-demo-click {"name":"Partner"}');
  });

  test("follows a link itself unless the page cancels agency-navigate", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-demo.html?cancel`);
    await page.locator("agency-demo").getByRole("link", { name: "Create an account" }).click();
    await expect(page.locator("#log")).toContainText('agency-navigate {"to":"/register"');
    expect(new URL(page.url()).pathname).toBe("/agency-demo.html");

    await page.goto(`${EXAMPLES_ORIGIN}/agency-demo.html`);
    await page.locator("agency-demo").getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(`${EXAMPLES_ORIGIN}/register`);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/agency-demo.html`);
    await expect(page.locator("agency-demo .demo__greeting")).toBeVisible();
    await expectNoAxeViolations(page, "on agency-demo.html");
  });
});
