import { expect, test } from "@playwright/test";
import { API_ORIGIN, prepareVisitor, registerUser, signIn } from "./helpers";

test("after the test checkout the site confirms the payment, waiting for a webhook that arrives late", async ({ page, request }) => {
  const customer = await registerUser(request, "Late Webhook");
  await signIn(page, customer);
  await prepareVisitor(page);
  const created = await request.post(`${API_ORIGIN}/api/subscriptions/create-checkout`, {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: {
      planId: "pro",
      billingPeriod: "monthly",
      successUrl: `${API_ORIGIN}/dashboard?subscription=success`,
      cancelUrl: `${API_ORIGIN}/subscribe?subscription=cancelled`,
      language: "nl",
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { checkoutUrl } = (await created.json()) as { checkoutUrl: string };

  // As if the provider's webhook were still on its way: the first answers after the return say "no subscription".
  let asked = 0;
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.route("**/api/subscriptions/current", async (route) => {
    asked += 1;
    if (asked <= 2) await route.fulfill({ json: { subscription: null } });
    else await route.continue();
  });

  await page.goto(checkoutUrl);
  await page.getByRole("button", { name: "Betalen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Je betaling wordt bevestigd…" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.locator("[data-agency-toaster]")).toContainText("Abonnement gestart!");
  await expect(page.locator("agency-settings").getByText("Actief", { exact: true })).toBeVisible();
  expect(asked).toBeGreaterThanOrEqual(3);
  expect(visited).not.toContain("/subscribe");

  // The same return address opened again later (a bookmark) buys nothing: the settings page, without a toast.
  await page.goto("/dashboard?subscription=success");
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.locator("agency-settings").getByText("Actief", { exact: true })).toBeVisible();
  await expect(page.getByText("Abonnement gestart!")).toHaveCount(0);
});

test("a typed or bookmarked return address confirms nothing: no payment view, no success toast", async ({ page, request }) => {
  const customer = await registerUser(request, "Never Paid");
  await signIn(page, customer);
  await prepareVisitor(page);
  const confirming = page.getByRole("heading", { level: 1, name: "Je betaling wordt bevestigd…" });
  // A checkout id that is not this customer's gets no more than none at all.
  for (const address of ["/subscription/success", "/dashboard?subscription=success", "/subscription/success?checkout=local_not_mine"]) {
    await page.goto(address);
    // The settings page, which every signed-in visitor reaches, subscribed or not.
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(page.locator("agency-settings").getByText("Geen actief abonnement")).toBeVisible();
    await expect(confirming).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Betaling ontvangen" })).toHaveCount(0);
    await expect(page.getByText("Abonnement gestart!")).toHaveCount(0);
  }
});
