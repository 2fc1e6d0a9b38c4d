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

/** Only setTimeout is faked (and still runs along with real time), so React, msw and waitFor work as usual. */
function fakePollTimers(): void {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
}

describe("payment confirmation", () => {
  it("waits for a late webhook on the provider's return, then confirms, without a detour to /subscribe", async () => {
    fakePollTimers();
    logIn();
    const subscription = webhookArrivesAfter(3);
    const { router } = renderApp("/dashboard?subscription=success");
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    await screen.findByRole("heading", { name: "Je betaling wordt bevestigd…" }, { timeout: 8000 });
    expect(router.state.location.pathname).toBe("/subscription/success");
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
    const { router } = renderApp("/subscription/success");
    await screen.findByRole("heading", { name: "Je betaling wordt bevestigd…" }, { timeout: 8000 });

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
    renderApp("/subscription/success");
    await screen.findByRole("heading", { name: "Confirming your payment…" }, { timeout: 8000 });
    await vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS);
    await screen.findByRole("heading", { name: "Payment received" });
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/en/contact");
  });
});
