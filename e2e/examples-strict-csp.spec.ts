import { expect, test } from "@playwright/test";
import { EXAMPLES_ORIGIN, registerUser, signIn, storedQuoteRequests, uniqueEmail } from "./helpers";

// examples/strict-csp.html: the elements on a partner page whose policy allows no inline script or style.
test.describe("strict CSP partner page", () => {
  test("the elements render, are styled and themed, and send a quote without a single policy violation", async ({ page, request }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        ((window as unknown as { cspViolations: string[] }).cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto(`${EXAMPLES_ORIGIN}/strict-csp.html`);

    const pricing = page.locator("agency-pricing");
    await expect(pricing.getByRole("heading", { name: "What's Included" })).toBeVisible();
    // The element's own CSS applies (adopted stylesheets), and the page's custom properties theme it.
    await expect(pricing.locator(".package__features").first()).toHaveCSS("list-style-type", "none");
    const form = page.locator("agency-quote-form");
    const submit = form.getByRole("button", { name: "Request a free quote" });
    await expect(submit).toHaveCSS("background-color", "rgb(21, 128, 61)");
    await expect(page.locator("agency-login").getByRole("button", { name: "Log in" })).toHaveCSS("background-color", "rgb(21, 128, 61)");

    const email = uniqueEmail("csp");
    await form.getByLabel(/^Full name/).fill("Strict Partner");
    await form.getByLabel(/^Email address/).fill(email);
    await form.getByLabel(/^Phone number/).fill("0612345678");
    await form.getByLabel(/^Project type/).selectOption("landing-page");
    await form.getByLabel(/^Budget range/).selectOption({ index: 1 });
    await form.getByLabel(/^Timeline/).selectOption("flexible");
    await form.getByLabel(/^Domain status/).selectOption("need-domain");
    await submit.click();
    await expect(form.getByText("Thank you! Your message has been sent.")).toBeVisible();
    await expect(page.locator("#log")).toContainText(`agency-quote-submitted {"name":"Strict Partner","email":"${email}"`);
    expect((await storedQuoteRequests(request)).find((r) => r.email === email)).toMatchObject({ source: "strict-csp-partner" });

    // Re-rendering works under the policy too: the page cancels agency-navigate, the element switches view.
    await page.locator("agency-login").getByRole("link", { name: "Create one" }).click();
    await expect(page.locator("#log")).toContainText('agency-navigate {"to":"/register"');
    await expect(page.locator("agency-login").getByRole("heading", { name: "Create your account" })).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("the settings' dialog is a native modal in the element's shadow root: focus stays in it, Escape and the backdrop close it, focus goes back", async ({
    page,
    request,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(error.message));
    await signIn(page, await registerUser(request, "Strict Dialog"), EXAMPLES_ORIGIN);
    // The page's own script, even when it arrives late, runs before the elements: the signed-in login element's
    // way to the dashboard is cancelled, and the page stays.
    await page.route(`${EXAMPLES_ORIGIN}/strict-csp.js`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(`${EXAMPLES_ORIGIN}/strict-csp.html`);
    const settings = page.locator("agency-settings");
    const opener = settings.getByRole("button", { name: "Delete account" });
    const dialog = settings.getByRole("dialog", { name: "Delete account" });
    const password = dialog.getByLabel("Enter your password to confirm");
    const isModal = () =>
      page.evaluate(() => document.querySelector("agency-settings")?.shadowRoot?.querySelector("dialog")?.matches(":modal") ?? false);
    const focusIsInDialog = () =>
      page.evaluate(() => {
        const root = document.querySelector("agency-settings")!.shadowRoot!;
        return document.activeElement === root.host && Boolean(root.activeElement?.closest("dialog"));
      });

    // Opened from the button: a modal dialog in the top layer, its field focused, the page behind inert.
    await opener.click();
    await expect(password).toBeFocused();
    expect(await isModal()).toBe(true);
    // Its styles, the backdrop's too, come from the element's adopted sheet, which the policy allows.
    await expect(dialog).toHaveCSS("box-shadow", /rgba\(0, 0, 0, 0\.25\)/);
    expect(
      await page.evaluate(() => {
        const dialogElement = document.querySelector("agency-settings")!.shadowRoot!.querySelector("dialog")!;
        return getComputedStyle(dialogElement, "::backdrop").backgroundColor;
      }),
    ).toBe("rgba(17, 24, 39, 0.6)");
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? "Shift+Tab" : "Tab");
      expect(await focusIsInDialog(), `after ${i + 1} presses`).toBe(true);
    }
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await focusIsInDialog()).toBe(true);

    // Escape closes it, and focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // A click on the backdrop closes it; a click inside does not.
    await opener.click();
    await dialog.getByText(/This permanently deletes your account/).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    expect(violations).toEqual([]);
  });

  test("the policy is in force: an inline script or style is blocked", async ({ page }) => {
    await page.goto(`${EXAMPLES_ORIGIN}/strict-csp.html`);
    await expect(page.locator("agency-pricing").getByRole("heading", { name: "Starter" })).toBeVisible();
    const blocked = await page.evaluate(async () => {
      const seen: string[] = [];
      document.addEventListener("securitypolicyviolation", (event) => seen.push(event.violatedDirective));
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.head.append(script);
      const style = document.createElement("style");
      style.textContent = "body { background: red }";
      document.head.append(style);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { ran: (window as unknown as { inlineRan?: boolean }).inlineRan ?? false, background: getComputedStyle(document.body).backgroundColor, seen };
    });
    expect(blocked.ran).toBe(false);
    expect(blocked.background).not.toBe("rgb(255, 0, 0)");
    expect(blocked.seen).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src/), expect.stringMatching(/^style-src/)]));
  });
});
