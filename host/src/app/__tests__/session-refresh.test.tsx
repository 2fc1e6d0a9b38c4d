import { clearSession, getSession } from "@agency/core";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { markLanguageToggle } from "../../lib/language";
import { activeSubscription, API, logIn, renderApp, setupApi, toastText, user } from "./render-app";

const server = setupApi();

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe("the stored session on load", () => {
  it("is refreshed from the server, and the dashboard shows the refreshed user", async () => {
    logIn();
    const fresh = { ...user, name: "Ann Refreshed" };
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ user: fresh })),
      http.get(`${API}/subscriptions/current`, () => HttpResponse.json(activeSubscription)),
    );
    renderApp("/dashboard/settings");
    // The first visit of a test file loads the dashboard's modules, which takes a while on a busy machine.
    await waitFor(() => expect(getSession().user).toEqual(fresh), { timeout: 8000 });
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(fresh);
    const settings = await waitFor(() => {
      const element = document.querySelector("agency-settings");
      expect(element?.shadowRoot?.textContent).toContain("Ann Refreshed");
      return element;
    }, { timeout: 8000 });
    expect(settings).not.toBeNull();
  });

  it("is not asked for when nobody is signed in", async () => {
    const asked = vi.fn(() => HttpResponse.json({ user }));
    server.use(http.get(`${API}/auth/me`, asked));
    renderApp("/");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    expect(asked).not.toHaveBeenCalled();
  });

  it("ends on a 401: signed out and sent to the login page", async () => {
    logIn();
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ error: "Session expired", code: "auth.required" }, { status: 401 })));
    renderApp("/");
    await waitFor(() => expect(getSession().isAuthenticated).toBe(false));
    expect(localStorage.getItem("token")).toBeNull();
    await screen.findByRole("link", { name: "Inloggen" }, { timeout: 8000 });
    expect(toastText()).not.toContain("Je gegevens konden niet worden opgehaald");
  });

  it.each([
    ["/", "Je gegevens konden niet worden opgehaald"],
    ["/en", "Failed to get user info"],
  ])("is kept when the server fails otherwise, and says so in the page's language (%s)", async (path, message) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    logIn();
    // An English visitor who chose English (the guard sends a direct arrival on /en to the Dutch page).
    if (path === "/en") markLanguageToggle();
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ error: "Internal Server Error" }, { status: 500 })));
    renderApp(path);
    await waitFor(() => expect(toastText()).toContain(message), { timeout: 8000 });
    expect(getSession()).toMatchObject({ user, token: "token-1", isAuthenticated: true });
    expect(screen.getByRole("link", { name: "Dashboard" })).toBeTruthy();
  });
});
