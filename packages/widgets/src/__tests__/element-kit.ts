/**
 * What every element test needs, in one place: the API stubbed over HTTP with msw, the fixtures the API
 * answers with, a helper that puts an element in the page and waits for it, and the clean-up between tests.
 * Each test file calls setupApi() once at the top, then adds its own handlers with server.use().
 */
import type { Plan, Subscription, TeamResponse, User } from "@agency/contract";
import { clearSession, navigation } from "@agency/core";
import { getToasts, resetToasts } from "@agency/ui";
import { configure, fireEvent, waitFor, within, type BoundFunctions, type queries } from "@testing-library/react";
import { http, HttpResponse, type RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { AgencyNavigateDetail } from "../events";

/** Every element in a test talks to this API base. */
export const API = "http://api.test/api";

export const ann: User = { id: "u1", email: "ann@example.com", name: "Ann", created_at: "2026-01-01T00:00:00Z", email_verified: true, pending_email: null };

export const activeSubscription: Subscription = {
  plan_name: "Pro Plan",
  status: "active",
  current_period_end: "2027-01-15T12:00:00Z",
  cancel_at_period_end: false,
  billing_period: "yearly",
};

export const proPlan: Plan = {
  id: "pro",
  name: "Pro",
  description: "For growing teams",
  price_monthly: 49,
  price_yearly: 468,
  currency: "EUR",
  features: ["Unlimited pages", "Priority support"],
};

/** Ann's company, in which she is the owner and alone: every button of the subscription is hers. */
export const annsTeam: TeamResponse = {
  team: { id: "c1", name: "Ann's Bakery", vatId: null, kvkNumber: null },
  role: "owner",
  members: [{ id: ann.id, name: ann.name, email: ann.email, role: "owner" }],
  invitations: [],
};

/**
 * An msw server for the test file (a request nobody stubbed fails the test), and the clean-up every element
 * test needs: the page emptied, no session, no toasts, spies restored.
 */
export function setupApi(...handlers: RequestHandler[]) {
  // The signed-in visitor's company, unless a test says otherwise (server.use).
  const server = setupServer(...handlers, http.get(`${API}/account/team`, () => HttpResponse.json(annsTeam)));
  // Accessible-name queries in jsdom are slow, and the CI machine is shared: give each test room.
  vi.setConfig({ testTimeout: 20_000 });
  configure({ asyncUtilTimeout: 4000 });
  // Elements render outside act(); vitest.setup.ts turns React's act warnings off for that.
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    document.body.innerHTML = "";
    server.resetHandlers();
    clearSession();
    resetToasts();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return server;
}

export type ShadowView = BoundFunctions<typeof queries>;

/**
 * Puts `<tag …attributes>` in the page and, when given `ready`, waits until it passes; `view` queries the
 * element's shadow root like Testing Library's screen.
 */
export async function renderElement(
  tag: `agency-${string}`,
  attributes = "",
  ready?: (view: ShadowView, el: HTMLElement) => unknown,
): Promise<{ el: HTMLElement; view: ShadowView }> {
  document.body.innerHTML = `<${tag} ${attributes}></${tag}>`;
  const el = document.body.querySelector(tag) as HTMLElement;
  const view = within(el.shadowRoot as unknown as HTMLElement);
  // An element loads its views as chunks of their own; the first mount in a test file can take over a second.
  if (ready) await waitFor(() => ready(view, el), { timeout: 10_000 });
  return { el, view };
}

/**
 * Records every agency-navigate (`navigations`) and stands in for the full page load an element makes when
 * nobody cancels it (`assign`, which jsdom cannot do). Both are emptied before each test.
 */
export function recordNavigation() {
  const navigations: AgencyNavigateDetail[] = [];
  const assign = vi.fn<(url: string) => void>();
  const original = navigation.assign;
  const record = (event: Event) => navigations.push((event as CustomEvent<AgencyNavigateDetail>).detail);
  beforeEach(() => {
    navigations.length = 0;
    assign.mockReset();
    navigation.assign = assign;
    document.addEventListener("agency-navigate", record);
  });
  afterEach(() => {
    document.removeEventListener("agency-navigate", record);
    navigation.assign = original;
  });
  return { navigations, assign };
}

/** The newest toast. */
export const lastToast = () => getToasts().at(-1);

/** user-event only tracks the first input it types into inside a shadow root; a change event is what React reads. */
export const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** Inside a shadow root document.activeElement is the host; the root knows which of its nodes has focus. */
export const focused = (node: HTMLElement) => (node.getRootNode() as ShadowRoot).activeElement === node;
