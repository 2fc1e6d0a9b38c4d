import { clearSession, navigation } from "@agency/core";
import userEvent from "@testing-library/user-event";
import { I18nProvider } from "@lingui/react";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API, logIn, renderApp, setupApi, waitForPath } from "../../app/__tests__/render-app";
import { activateLocale, hostI18n } from "../../lib/i18n";
import { RequireSubscription } from "../require-subscription";

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

describe("the dashboard (account and privacy: every signed-in visitor)", () => {
  it("sends an anonymous visitor to /login without asking the server", async () => {
    const asked = vi.fn();
    server.use(http.get(`${API}/subscriptions/current`, asked));
    const { router } = renderApp("/dashboard/settings");
    await waitForPath(router, "/login");
    expect(asked).not.toHaveBeenCalled();
  });

  it("sends an anonymous visitor to /login with the page asked for, and there after signing in (a mail's link)", async () => {
    const { router } = renderApp("/dashboard/requests/3f0c3c8e-4b7e-4c43-9d43-2f1e5e0c1a11?lang=en");
    await waitForPath(router, "/login");
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ next: "/dashboard/requests/3f0c3c8e-4b7e-4c43-9d43-2f1e5e0c1a11?lang=en" })}`);
    await waitFor(() => expect(document.querySelector("agency-login")).toHaveAttribute("redirect-to", "/dashboard/requests/3f0c3c8e-4b7e-4c43-9d43-2f1e5e0c1a11?lang=en"));
  });

  it("never sends the login on to another site, whatever ?next= says", async () => {
    const { router } = renderApp("/login?next=%2F%2Fevil.example%2Fx");
    await waitForPath(router, "/login");
    await waitFor(() => expect(document.querySelector("agency-login")).toBeTruthy());
    expect(document.querySelector("agency-login")).not.toHaveAttribute("redirect-to");
  });

  it("lets a signed-in visitor into the requests page, with the settings element's requests view", async () => {
    logIn();
    const { router } = renderApp("/dashboard/requests");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/requests");
    await waitFor(() => expect(document.querySelector("agency-settings")).toHaveAttribute("view", "requests"));
    await router.navigate("/dashboard/requests/3f0c3c8e-4b7e-4c43-9d43-2f1e5e0c1a11");
    await waitFor(() => expect(document.querySelector("agency-settings")).toHaveAttribute("request", "3f0c3c8e-4b7e-4c43-9d43-2f1e5e0c1a11"));
  });

  it.each([
    ["without a subscription", { subscription: null }],
    ["with an ended one", subscription("canceled")],
    ["when the subscription check fails", null],
  ])("lets a signed-in visitor %s into the settings page", async (_, answer) => {
    logIn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(
      http.get(`${API}/subscriptions/current`, () => (answer ? HttpResponse.json(answer) : HttpResponse.json({ error: "Boom" }, { status: 500 }))),
      http.get(`${API}/account/sessions`, () => HttpResponse.json({ sessions: [], page: 1, pages: 1, total: 0 })),
      http.get(`${API}/account/two-factor`, () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 })),
      http.get(`${API}/account/passkeys`, () => HttpResponse.json({ passkeys: [] })),
    );
    const { router } = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 8000 })).toBeInTheDocument();
    await waitForPath(router, "/dashboard/settings");
    // And stays there: nothing sends them to /subscribe.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe("/dashboard/settings");
  });

  it("sends the payment provider's return (/dashboard?subscription=success) to the payment confirmation", async () => {
    logIn();
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(subscription("active"))));
    const { router } = renderApp("/dashboard?subscription=success");
    await waitForPath(router, "/subscription/success");
  });
});

/** RequireSubscription guards the dashboard's paid features; here around a stand-in for one. */
function renderPaidFeature() {
  activateLocale("nl");
  const router = createMemoryRouter(
    [
      {
        element: <RequireSubscription />,
        children: [{ path: "/dashboard/reports", element: <h1>Paid feature</h1> }],
      },
      { path: "/subscribe", element: <h1>Subscribe page</h1> },
      { path: "/dashboard/settings", element: <h1>Settings page</h1> },
    ],
    { initialEntries: ["/dashboard/reports"] },
  );
  render(
    <I18nProvider i18n={hostI18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe("subscription guard (paid features)", () => {
  it("shows a spinner while checking, then the feature for an active subscription", async () => {
    logIn();
    // Hold the answer until the test has seen the guard's spinner.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}/subscriptions/current`, async () => {
        await held;
        return HttpResponse.json(subscription("active"));
      }),
    );
    renderPaidFeature();
    expect(await screen.findByRole("status")).toHaveTextContent("Laden...");
    answer();
    expect(await screen.findByRole("heading", { level: 1, name: "Paid feature" })).toBeInTheDocument();
  });

  it.each(["active", "trialing"])("lets a %s subscription in", async (status) => {
    logIn();
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(subscription(status))));
    renderPaidFeature();
    expect(await screen.findByRole("heading", { level: 1, name: "Paid feature" })).toBeInTheDocument();
  });

  it.each(["past_due", "unpaid"])("lets a %s subscription in while 'Manage billing' fixes the payment", async (status) => {
    logIn();
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(subscription(status))));
    const router = renderPaidFeature();
    expect(await screen.findByRole("heading", { level: 1, name: "Paid feature" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/reports");
  });

  it("keeps a past-due subscription in for the grace period, under a notice whose button opens the payment page", async () => {
    logIn();
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    const owed = { ...subscription("past_due").subscription, has_access: true, payment_issue: "failed", access_until: "2026-01-08T12:00:00.000Z" };
    server.use(
      http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: owed })),
      http.post(`${API}/subscriptions/pay`, () => HttpResponse.json({ url: "https://invoice.example/i/in_1" })),
    );
    renderPaidFeature();
    expect(await screen.findByRole("heading", { level: 1, name: "Paid feature" })).toBeInTheDocument();
    const notice = screen.getByRole("region", { name: "Betaling nodig" });
    expect(notice).toHaveTextContent("We konden de betaling voor je Pro Plan niet afschrijven. Je houdt je Pro Plan tot 8 januari 2026.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Nu betalen" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://invoice.example/i/in_1"));
  });

  it("after the grace period sends a past-due subscription to the settings page, whose notice pays it, not to /subscribe", async () => {
    logIn();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const owed = { ...subscription("past_due").subscription, has_access: false, payment_issue: "failed", access_until: "2025-12-08T12:00:00.000Z" };
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: owed })));
    const router = renderPaidFeature();
    await waitForPath(router, "/dashboard/settings");
  });

  it.each(["canceled", "incomplete"])("sends a %s subscription to /subscribe, logged", async (status) => {
    logIn();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(subscription(status))));
    const router = renderPaidFeature();
    await waitForPath(router, "/subscribe");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(warn).toHaveBeenCalled();
  });

  it("sends a visitor without a subscription to /subscribe", async () => {
    logIn();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const router = renderPaidFeature();
    await waitForPath(router, "/subscribe");
  });

  it("treats a failed check as inactive and logs it", async () => {
    logIn();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ error: "Boom" }, { status: 500 })));
    const router = renderPaidFeature();
    await waitForPath(router, "/subscribe");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Subscription check failed"), expect.anything());
  });
});
