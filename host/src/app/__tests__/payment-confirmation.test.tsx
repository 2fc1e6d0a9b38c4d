import { clearSession } from "@agency/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberLanguage } from "../../lib/language";
import { CONFIRM_POLL_INTERVAL_MS, CONFIRM_TIMEOUT_MS } from "../subscription-success";
import { activeSubscription, API, logIn, renderApp, setupApi, toastText, waitForPath } from "./render-app";

const server = setupApi();

afterEach(() => {
  vi.useRealTimers();
  clearSession();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** The subscription endpoint answers "none" for the first `late` calls, as before the provider's webhook arrived. */
function webhookArrivesAfter(late: number): { asked: () => number } {
  let asked = 0;
  server.use(
    http.get(`${API}/subscriptions/current`, () => {
      asked += 1;
      return HttpResponse.json(asked <= late ? { subscription: null } : activeSubscription);
    }),
  );
  return { asked: () => asked };
}

/**
 * The server's word on the visitor's checkout `id`: what GET /subscriptions/checkouts/{id} answers, once `answered`
 * (if given) has resolved.
 */
function checkoutIs(id: string, answer: { status: string } | 404, answered?: Promise<void>): { asked: () => string[] } {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/subscriptions/checkouts/:id`, async ({ params }) => {
      asked.push(String(params.id));
      await answered;
      if (answer === 404 || params.id !== id) return HttpResponse.json({ error: "Not found", code: "not_found" }, { status: 404 });
      return HttpResponse.json(answer);
    }),
  );
  return { asked: () => asked };
}

/** Only setTimeout is faked (and still runs along with real time), so React, msw and waitFor work as usual. */
function fakePollTimers(): void {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
}

describe("payment confirmation", () => {
  it("waits for a late webhook on the provider's return, then confirms, without a detour to /subscribe", async () => {
    fakePollTimers();
    logIn();
    const subscription = webhookArrivesAfter(3);
    const checkout = checkoutIs("cs_paid", { status: "paid" });
    const { router } = renderApp("/dashboard?subscription=success&checkout=cs_paid");
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    await screen.findByRole("heading", { name: "Je betaling wordt bevestigd…" }, { timeout: 8000 });
    expect(router.state.location.pathname).toBe("/subscription/success");
    // The checkout's id came along from the provider's return, and the server was asked about it.
    expect(router.state.location.search).toBe("?checkout=cs_paid");
    await waitFor(() => expect(checkout.asked()).toEqual(["cs_paid"]));
    await waitFor(() => expect(subscription.asked()).toBe(1));

    await vi.advanceTimersByTimeAsync(CONFIRM_POLL_INTERVAL_MS);
    await waitFor(() => expect(subscription.asked()).toBe(2));
    expect(router.state.location.pathname).toBe("/subscription/success");

    await vi.advanceTimersByTimeAsync(CONFIRM_POLL_INTERVAL_MS * 2);
    await waitForPath(router, "/dashboard/settings");
    await waitFor(() => expect(toastText()).toBe("Abonnement gestart!"));
    expect(visited).not.toContain("/subscribe");
  });

  it("says the payment is received and still being processed after about thirty seconds, with a link to ask", async () => {
    fakePollTimers();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    logIn();
    const subscription = webhookArrivesAfter(Infinity);
    checkoutIs("local_1", { status: "paid" });
    const { router } = renderApp("/subscription/success?checkout=local_1");
    await screen.findByRole("heading", { name: "Je betaling wordt bevestigd…" }, { timeout: 8000 });
    await waitFor(() => expect(subscription.asked()).toBe(1));

    await vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS - CONFIRM_POLL_INTERVAL_MS * 2);
    expect(screen.queryByRole("heading", { name: "Betaling ontvangen" })).toBeNull();
    await vi.advanceTimersByTimeAsync(CONFIRM_POLL_INTERVAL_MS * 2);
    await screen.findByRole("heading", { name: "Betaling ontvangen" });
    expect(subscription.asked()).toBe(CONFIRM_TIMEOUT_MS / CONFIRM_POLL_INTERVAL_MS);
    expect(screen.getByText(/We hebben je betaling ontvangen/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Neem contact op" })).toHaveAttribute("href", "/contact");
    expect(router.state.location.pathname).toBe("/subscription/success");

    // Asking stops there, until the customer asks to check again.
    await vi.advanceTimersByTimeAsync(CONFIRM_POLL_INTERVAL_MS * 5);
    expect(subscription.asked()).toBe(CONFIRM_TIMEOUT_MS / CONFIRM_POLL_INTERVAL_MS);
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(activeSubscription)));
    fireEvent.click(screen.getByRole("button", { name: "Opnieuw controleren" }));
    await waitForPath(router, "/dashboard/settings");
  });

  it("links an English customer to the English contact page", async () => {
    fakePollTimers();
    rememberLanguage("en");
    logIn();
    webhookArrivesAfter(Infinity);
    checkoutIs("local_1", { status: "paid" });
    renderApp("/subscription/success?checkout=local_1");
    await screen.findByRole("heading", { name: "Confirming your payment…" }, { timeout: 8000 });
    await vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS);
    await screen.findByRole("heading", { name: "Payment received" });
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/en/contact");
  });

  it.each([
    ["no checkout id (a typed or bookmarked address)", "/subscription/success", 404 as const],
    ["the provider's return without a checkout id", "/dashboard?subscription=success", 404 as const],
    ["someone else's checkout", "/subscription/success?checkout=cs_someone_elses", 404 as const],
    ["a checkout that was never paid", "/subscription/success?checkout=cs_open", { status: "open" }],
    ["a checkout paid long ago", "/subscription/success?checkout=cs_old", { status: "closed" }],
  ])("shows no payment confirmation for %s: the settings page, without a success toast", async (_, path, answer) => {
    logIn();
    // Even with an active subscription, nothing was just bought.
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(activeSubscription)));
    const id = new URLSearchParams(path.split("?")[1]).get("checkout") ?? "";
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const checkout = checkoutIs(id, answer, answered);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { router } = renderApp(path);
    if (id) {
      // While the server is asked, nothing is said about a payment yet.
      await waitFor(() => expect(checkout.asked()).toEqual([id]));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole("heading", { name: "Je betaling wordt bevestigd…" })).toBeNull();
    }
    release();
    await waitForPath(router, "/dashboard/settings");
    expect(screen.queryByRole("heading", { name: "Je betaling wordt bevestigd…" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Betaling ontvangen" })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toastText()).toBe("");
  });

  it("says a second payment was refunded because the customer already had a subscription", async () => {
    logIn();
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(activeSubscription)));
    checkoutIs("local_2", { status: "refunded" });
    const { router } = renderApp("/subscription/success?checkout=local_2");
    await screen.findByRole("heading", { name: "Je hebt al een abonnement" }, { timeout: 8000 });
    expect(screen.getByRole("status")).toHaveTextContent("deze betaling volledig terugbetaald");
    expect(toastText()).toBe("");
    fireEvent.click(screen.getByRole("link", { name: "Naar je abonnement" }));
    await waitForPath(router, "/dashboard/settings");
  });

  it("says a direct debit is being processed, not that the subscription succeeded, even while the subscription is active", async () => {
    logIn();
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(activeSubscription)));
    checkoutIs("cs_sepa", { status: "processing" });
    renderApp("/dashboard?subscription=success&checkout=cs_sepa");
    await screen.findByRole("heading", { name: "Je betaling wordt verwerkt" }, { timeout: 8000 });
    expect(screen.getByRole("status")).toHaveTextContent("automatische incasso");
    expect(toastText()).not.toContain("Abonnement gestart!");
  });
});
