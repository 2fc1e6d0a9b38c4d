import type { RequestsResponse, User } from "@agency/contract";
import { configure, navigation, setSession } from "@agency/core";
import { resetToasts } from "@agency/ui";
import { render, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { createMemoryRouter } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import { routes } from "../../routes";
import { App } from "../app";
import { syncLocaleWithRouter, type AppRouter } from "../locale-sync";

export const API = "http://api.test/api";

// Each page is a lazy module; the first visit in a test file transforms it (and the elements it defines).
vi.setConfig({ testTimeout: 20_000 });

export const activeSubscription = {
  subscription: { plan_name: "Pro Plan", status: "active", current_period_end: "2026-01-01T00:00:00.000Z", cancel_at_period_end: false },
};

/** A company without requests, subscription or package (the requests card's answer). */
export const noRequests: RequestsResponse = {
  entitled: false,
  requests: [],
  allowance: {
    includedMinutes: 120,
    usedMinutes: 0,
    periodStart: "2026-12-31T23:00:00.000Z",
    periodEnd: "2027-01-31T23:00:00.000Z",
    period: "2027-01",
    hourlyRateCents: 7500,
    currency: "EUR",
  },
  extraTime: [],
};

export const user: User = { id: "u1", email: "ann@example.com", name: "Ann", created_at: "2025-01-01T00:00:00.000Z", email_verified: true, pending_email: null };

/**
 * An msw server for the test file, and the page configured to talk to it. Pages the app lands on by itself
 * (/subscribe after a failed subscription check) find a plain answer; tests override what they look at.
 */
export function setupApi() {
  const server = setupServer(
    http.get(`${API}/subscriptions/plans`, () => HttpResponse.json({ plans: [] })),
    http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: null })),
    // The settings element's billing card asks for the invoices, and its requests card for the requests.
    http.get(`${API}/subscriptions/invoices`, () => HttpResponse.json({ invoices: [] })),
    // The settings page's package panel: by default the company holds none.
    http.get(`${API}/packages/current`, () => HttpResponse.json({ package: null, upgrade: null, upgrades: [] })),
    http.get(`${API}/requests`, () => HttpResponse.json(noRequests)),
    // The stored session is refreshed on load; by default the server knows the same user.
    http.get(`${API}/auth/me`, () => HttpResponse.json({ user })),
  );
  beforeAll(() => {
    server.listen({ onUnhandledRequest: "error" });
    // Testing Library turns React's act() checks back on; elements render outside act (see vitest.setup.ts).
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });
  // A full page load (the 401 rule, an element that nobody routes for) is not something jsdom can do.
  beforeEach(() => vi.spyOn(navigation, "assign").mockImplementation(() => {}));
  afterEach(() => {
    server.resetHandlers();
    resetToasts();
  });
  afterAll(() => server.close());
  configure({ apiBase: API });
  return server;
}

export function logIn(): void {
  setSession(user, "token-1");
}

/** The whole app (routes, layouts, guards) in a memory router at `path`. */
export function renderApp(path: string): { router: AppRouter } & ReturnType<typeof render> {
  // jsdom has no scrolling; the app scrolls to the top on navigation and on the language toggle.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  syncLocaleWithRouter(router);
  return { router, ...render(<App router={router} />) };
}

/** The toaster lives in its own shadow root at the end of <body>. */
export function toastText(): string {
  const root = document.querySelector("[data-agency-toaster]")?.shadowRoot;
  return Array.from(root?.querySelectorAll(".ag-toast") ?? [], (toast) => toast.querySelector(".ag-toast__message")?.textContent).join("\n");
}

/**
 * Waits until the router shows `pathname`. The first visit to a page transforms its lazy module (and the
 * elements it defines) on the fly, which can take longer than waitFor's default second.
 */
export async function waitForPath(router: AppRouter, pathname: string): Promise<void> {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 8000 });
}
