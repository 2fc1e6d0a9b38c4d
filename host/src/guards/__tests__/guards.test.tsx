import { clearSession } from "@agency/core";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API, logIn, renderApp, setupApi, waitForPath } from "../../app/__tests__/render-app";

const server = setupApi();

const subscription = (status: string) => ({
  subscription: { plan_name: "Pro Plan", status, current_period_end: "2026-01-01T00:00:00.000Z", cancel_at_period_end: false },
});

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe("authenticated-only guard", () => {
  it("sends an anonymous visitor from /subscribe to /login", async () => {
    const { router } = renderApp("/subscribe");
    await waitForPath(router, "/login");
  });

  it("sends an anonymous visitor from /subscription/success to /login", async () => {
    const { router } = renderApp("/subscription/success");
    await waitForPath(router, "/login");
  });

  it("lets a logged-in visitor see /subscribe", async () => {
    logIn();
    const asked = vi.fn();
    server.use(
      http.get(`${API}/subscriptions/current`, () => {
        asked();
        return HttpResponse.json({ subscription: null });
      }),
    );
    const { router } = renderApp("/subscribe");
    await waitFor(() => expect(document.title).toMatch(/^Abonneren/));
    expect(router.state.location.pathname).toBe("/subscribe");
    // The subscribe element's own check has gone out (the API client loads axios with its first call, so it comes a
    // moment later), and cannot land in the next test.
    await waitFor(() => expect(asked).toHaveBeenCalled(), { timeout: 5000 });
  });
});

describe("subscription guard (dashboard)", () => {
  it("sends an anonymous visitor to /login without asking the server", async () => {
    const asked = vi.fn();
    server.use(http.get(`${API}/subscriptions/current`, asked));
    const { router } = renderApp("/dashboard/settings");
    await waitForPath(router, "/login");
    expect(asked).not.toHaveBeenCalled();
  });

  it("shows a spinner while checking, then the dashboard for an active subscription", async () => {
    logIn();
    // Hold the answer until the test has seen the guard's spinner (the page chunk's own loading comes first).
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    server.use(
      http.get(`${API}/subscriptions/current`, async () => {
        asked = true;
        await held;
        return HttpResponse.json(subscription("active"));
      }),
    );
    const { router } = renderApp("/dashboard");
    await waitFor(() => expect(asked).toBe(true));
    expect(await screen.findByRole("status")).toHaveTextContent("Laden...");
    answer();
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    // The index redirects to the settings page.
    await waitForPath(router, "/dashboard/settings");
  });

  it.each(["active", "trialing"])("lets a %s subscription into the dashboard", async (status) => {
    logIn();
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(subscription(status))));
    const { router } = renderApp("/dashboard/settings");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/settings");
  });

  it.each(["past_due", "unpaid"])("lets a %s subscription into the dashboard, where 'Manage billing' fixes the payment", async (status) => {
    logIn();
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(subscription(status))));
    const { router } = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    await waitForPath(router, "/dashboard/settings");
  });

  it.each(["canceled", "incomplete"])("sends a %s subscription to /subscribe, logged", async (status) => {
    logIn();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(subscription(status))));
    const { router } = renderApp("/dashboard/settings");
    await waitForPath(router, "/subscribe");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(warn).toHaveBeenCalled();
  });

  it("sends a visitor without a subscription to /subscribe", async () => {
    logIn();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { router } = renderApp("/dashboard");
    await waitForPath(router, "/subscribe");
  });

  it("treats a failed check as inactive and logs it", async () => {
    logIn();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ error: "Boom" }, { status: 500 })));
    const { router } = renderApp("/dashboard/settings");
    await waitForPath(router, "/subscribe");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Subscription check failed"), expect.anything());
  });
});
