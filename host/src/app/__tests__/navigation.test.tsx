import { clearSession } from "@agency/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { markLanguageToggle } from "../../lib/language";
import { App } from "../app";
import { createAppRouter } from "../create-router";
import { http, HttpResponse } from "msw";
import { activeSubscription, API, logIn, renderApp, toastText, setupApi, waitForPath } from "./render-app";

const server = setupApi();

afterEach(() => {
  clearSession();
  window.history.replaceState(null, "", "/");
});

function askToNavigate(to: string): CustomEvent {
  const event = new CustomEvent("agency-navigate", {
    detail: { to, href: to, source: "agency-test" },
    bubbles: true,
    composed: true,
    cancelable: true,
  });
  document.body.dispatchEvent(event);
  return event;
}

describe("agency-navigate from elements", () => {
  it("is cancelled and routed by React Router for an app path", async () => {
    const { router } = renderApp("/");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    const event = askToNavigate("/register?from=pricing");
    expect(event.defaultPrevented).toBe(true);
    await waitForPath(router, "/register");
    expect(router.state.location.search).toBe("?from=pricing");
  });

  it("is left to the element for a full URL", async () => {
    const { router } = renderApp("/");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    const event = askToNavigate("https://checkout.example/pay");
    expect(event.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe("/");
  });

  it("takes an English visitor to the English duplicate of the page", async () => {
    markLanguageToggle();
    const { router } = renderApp("/en/pricing");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    askToNavigate("/contact");
    await waitForPath(router, "/en/contact");
  });
});

describe("subscription success", () => {
  /** The server says the visitor's checkout `id` was just paid. */
  const justPaid = (id: string) =>
    server.use(
      http.get(`${API}/subscriptions/current`, () => HttpResponse.json(activeSubscription)),
      http.get(`${API}/subscriptions/checkouts/${id}`, () => HttpResponse.json({ status: "paid" })),
    );

  it("/subscription/success with a paid checkout of the visitor confirms with a toast and continues to /dashboard/settings", async () => {
    logIn();
    justPaid("local_1");
    const { router } = renderApp("/subscription/success?checkout=local_1");
    await waitForPath(router, "/dashboard/settings");
    expect(router.state.historyAction).toBe("REPLACE");
    await waitFor(() => expect(toastText()).toBe("Abonnement gestart!"));
  });

  it("/dashboard?subscription=success&checkout=… (the checkout's return address) gets the same confirmation", async () => {
    logIn();
    justPaid("cs_1");
    const { router } = renderApp("/dashboard?subscription=success&checkout=cs_1");
    await waitForPath(router, "/dashboard/settings");
    await waitFor(() => expect(toastText()).toBe("Abonnement gestart!"));
  });
});

describe("under a preview base path", () => {
  it("routes below /preview/{first}/{second}/ and writes links with that base", async () => {
    window.history.replaceState(null, "", "/preview/a/b/pricing");
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    const router = createAppRouter();
    render(<App router={router} />);
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    expect(router.state.location.pathname).toBe("/preview/a/b/pricing");
    const nav = screen.getByRole("navigation", { name: "Hoofdnavigatie" });
    expect(nav.querySelector('a[aria-current="page"]')).toHaveAttribute("href", "/preview/a/b/pricing");
    expect(screen.getByRole("link", { name: "Inloggen" })).toHaveAttribute("href", "/preview/a/b/login");

    askToNavigate("/contact");
    await waitFor(() => expect(window.location.pathname).toBe("/preview/a/b/contact"));
    router.dispose();
  });

  it("shows the English page of /preview/{first}/{second}/en/… in English", async () => {
    markLanguageToggle();
    window.history.replaceState(null, "", "/preview/a/b/en/pricing");
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    const router = createAppRouter();
    render(<App router={router} />);
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
    const nav = within(screen.getByRole("navigation", { name: "Main navigation" }));
    expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/preview/a/b/en/contact");
    router.dispose();
  });
});
