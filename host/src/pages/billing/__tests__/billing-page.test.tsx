import { clearSession, navigation } from "@agency/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API, logIn, renderApp, setupApi, waitForPath } from "../../../app/__tests__/render-app";

/** /billing, where the payment-failed mail's 'Manage billing' link leads: straight on to the billing portal. */

const server = setupApi();

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

function portalAnswers(...answers: (() => Response)[]): { bodies: unknown[] } {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/subscriptions/portal`, async ({ request }) => {
      bodies.push(await request.json());
      return (answers.shift() ?? answers.at(-1)!)();
    }),
  );
  return { bodies };
}

describe("/billing", () => {
  it("opens the billing portal at once, leading back to the settings page, whatever the subscription's state", async () => {
    logIn();
    const portal = portalAnswers(() => HttpResponse.json({ url: "https://billing.stripe.com/p/session/abc" }));
    renderApp("/billing");
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith("https://billing.stripe.com/p/session/abc"));
    expect(portal.bodies).toEqual([{ returnUrl: `${location.origin}/dashboard/settings`, language: "nl" }]);
    expect(screen.getByRole("heading", { level: 1, name: "Facturatie beheren" })).toBeInTheDocument();
  });

  it("says when there is nothing to manage, with the way to the settings page", async () => {
    logIn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    portalAnswers(() => HttpResponse.json({ error: "No active subscription", code: "subscriptions.none" }, { status: 404 }));
    const { router } = renderApp("/billing");
    expect(await screen.findByRole("alert")).toHaveTextContent("Er is voor je account nog geen facturatie om te beheren.");
    fireEvent.click(screen.getByRole("link", { name: "Naar je instellingen" }));
    await waitForPath(router, "/dashboard/settings");
  });

  it("shows the server's message when the provider is unavailable, and tries again on request", async () => {
    logIn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const portal = portalAnswers(
      () => HttpResponse.json({ error: "Payments are not available right now.", code: "payments.unavailable" }, { status: 503 }),
      () => HttpResponse.json({ url: "https://billing.stripe.com/p/session/again" }),
    );
    renderApp("/billing");
    expect(await screen.findByRole("alert")).toHaveTextContent("Betalen is nu niet mogelijk. Probeer het later opnieuw.");
    fireEvent.click(screen.getByRole("button", { name: "Opnieuw proberen" }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith("https://billing.stripe.com/p/session/again"));
    expect(portal.bodies).toHaveLength(2);
  });

  it("with ?pay=1 (the payment-failed mail's link) opens the page that pays what is owed, as the settings page's notice does", async () => {
    logIn();
    const bodies: unknown[] = [];
    const portal = portalAnswers(() => HttpResponse.json({ url: "https://billing.stripe.com/p/session/wrong" }));
    server.use(
      http.post(`${API}/subscriptions/pay`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ url: "https://invoice.stripe.com/i/in_owed" });
      }),
    );
    renderApp("/billing?pay=1");
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith("https://invoice.stripe.com/i/in_owed"));
    expect(bodies).toEqual([{ returnUrl: `${location.origin}/dashboard/settings`, language: "nl" }]);
    expect(portal.bodies).toEqual([]);
  });

  it("with ?pay=1 says when nothing is owed any more", async () => {
    logIn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(
      http.post(`${API}/subscriptions/pay`, () =>
        HttpResponse.json({ error: "There is no payment to make right now.", code: "subscriptions.nothing_due" }, { status: 404 }),
      ),
    );
    renderApp("/billing?pay=1");
    expect(await screen.findByRole("alert")).toHaveTextContent("Er hoeft nu niets betaald te worden.");
  });

  it("sends an anonymous visitor to the login page", async () => {
    const { router } = renderApp("/billing");
    await waitForPath(router, "/login");
  });
});
