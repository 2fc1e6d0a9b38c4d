import { expect, test } from "@playwright/test";
import { EXAMPLES_ORIGIN } from "./helpers";

// examples/react: a React 19 app built with Vite against the built @agency/widgets package, using the
// elements with typed attributes and on<event> props (its build type-checks it with the package's declarations).
test.describe("React 19 example", () => {
  const url = `${EXAMPLES_ORIGIN}/react/dist/index.html`;

  test("React binds onagency-package-select; cancelling it keeps the page where it is", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    const pricing = page.locator("agency-pricing");
    await expect(pricing.locator(".package__amount")).toHaveText(["$599", "$1,199", "$2,400"]);
    await pricing.getByRole("link", { name: "Get Started" }).nth(1).click();
    await expect(page.locator("#chosen")).toHaveText("Chosen: Professional, 1199 USD");
    expect(page.url()).toBe(url);
    expect(errors).toEqual([]);
  });

  test("boolean and string props reach the element as attributes, and its properties read them back", async ({ page }) => {
    await page.goto(url);
    const pricing = page.locator("agency-pricing");
    await expect(pricing.getByRole("heading", { name: "What's Included" })).toBeVisible();
    const readBack = async () => {
      await page.getByRole("button", { name: "Read the element's properties" }).click();
      return page.locator("#read-back").textContent();
    };
    expect(await readBack()).toBe("showIncluded = true, locale = en");
    await page.getByLabel("Show what's included").uncheck();
    await expect(pricing.getByRole("heading", { name: "What's Included" })).toBeHidden();
    await expect(pricing).not.toHaveAttribute("show-included");
    expect(await readBack()).toBe("showIncluded = false, locale = en");
    await page.getByRole("button", { name: "Switch language" }).click();
    await expect(pricing.locator(".package__amount")).toHaveText(["€ 499", "€ 999", "€ 1.999"]);
    expect(await readBack()).toBe("showIncluded = false, locale = nl");
  });

  test("React binds onagency-navigate: the page routes the login element's views through its own state", async ({ page }) => {
    await page.goto(url);
    const login = page.locator("agency-login");
    await login.getByRole("link", { name: "Create one" }).click();
    await expect(page.locator("#login-view")).toHaveText("register");
    await expect(login).toHaveAttribute("view", "register");
    await expect(login.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await login.getByRole("link", { name: "Log in" }).click();
    await expect(page.locator("#login-view")).toHaveText("login");
    await expect(login.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  });
});
