import { expect, test } from "@playwright/test";
import { API_ORIGIN, registerUser, signIn, subscribeViaTestCheckout } from "./helpers";

test("a stored session is refreshed on load, and a revoked one ends", async ({ page, request }) => {
  const customer = await registerUser(request, "Refreshed Customer");
  await subscribeViaTestCheckout(request, customer);
  await signIn(page, customer);

  // The stored copy of the user went stale (changed elsewhere); the server's version wins on the next load.
  await page.goto("/dashboard/settings");
  await expect(page.locator("agency-settings")).toContainText("Refreshed Customer");
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem("user")!) as { name: string };
    localStorage.setItem("user", JSON.stringify({ ...user, name: "Stale Name" }));
  });
  await page.reload();
  await expect(page.locator("agency-settings")).toContainText("Refreshed Customer");
  await expect(page.locator("agency-settings")).not.toContainText("Stale Name");
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("user")!).name)).toBe("Refreshed Customer");

  // The session is revoked on the server (logout from another device). On a public page the next load signs the
  // visitor out quietly: they stay on the page, and the header offers 'Inloggen' again. The settings' panels load
  // after its first screen: revoked while they still ask the API, this page would go to the login page first.
  await page.waitForLoadState("networkidle");
  const revoked = await request.post(`${API_ORIGIN}/api/auth/logout`, { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(revoked.ok()).toBe(true);
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/auth/me") && r.status() === 401);
  await page.goto("/pricing");
  await refused;
  await expect(page.getByRole("navigation", { name: "Hoofdnavigatie" }).getByRole("link", { name: "Inloggen" })).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
});

test("an expired session on a portal page still goes to the login page", async ({ page, request }) => {
  const customer = await registerUser(request, "Expired Customer");
  await signIn(page, customer);
  const revoked = await request.post(`${API_ORIGIN}/api/auth/logout`, { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(revoked.ok()).toBe(true);
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
});
