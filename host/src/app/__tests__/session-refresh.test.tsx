import { clearSession, getSession, navigation } from "@agency/core";
import { screen, waitFor, within } from "@testing-library/react";
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

  it.each(["/pricing", "/en", "/about"])(
    "ends quietly on a 401 on a public page (%s): signed out, still on the page, 'Login' in the header",
    async (path) => {
      logIn();
      if (path.startsWith("/en")) markLanguageToggle();
      server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ error: "Session expired", code: "auth.required" }, { status: 401 })));
      const { router } = renderApp(path);
      await waitFor(() => expect(getSession().isAuthenticated).toBe(false), { timeout: 8000 });
      expect(localStorage.getItem("token")).toBeNull();
      expect(navigation.assign).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe(path);
      const header = await screen.findByRole("navigation", { name: path.startsWith("/en") ? "Main navigation" : "Hoofdnavigatie" }, { timeout: 8000 });
      await waitFor(() => expect(within(header).getByRole("link", { name: path.startsWith("/en") ? "Login" : "Inloggen" })).toBeInTheDocument());
      expect(toastText()).not.toMatch(/Je gegevens konden niet worden opgehaald|Failed to get user info/);
    },
  );

  it.each(["/dashboard/settings", "/subscribe"])("keeps the 401 rule on a page that needs a signed-in visitor (%s): to the login page", async (path) => {
    logIn();
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ error: "Session expired", code: "auth.required" }, { status: 401 })));
    renderApp(path);
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith("/login"), { timeout: 8000 });
    expect(getSession().isAuthenticated).toBe(false);
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
