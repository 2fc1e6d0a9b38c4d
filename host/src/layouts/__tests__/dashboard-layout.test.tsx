import { clearSession, getSession } from "@agency/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activeSubscription, API, logIn, renderApp, toastText, setupApi, waitForPath } from "../../app/__tests__/render-app";
import { PREFERRED_LANGUAGE_KEY } from "../../lib/language";

const server = setupApi();

beforeEach(() => {
  logIn();
  server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(activeSubscription)));
});
afterEach(() => clearSession());

async function openDashboard() {
  const view = renderApp("/dashboard/settings");
  await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 8000 });
  return view;
}

describe("dashboard layout", () => {
  it("has the title, the sections (Requests), a Settings link and Logout; no site navigation or footer", async () => {
    await openDashboard();
    const sidebar = within(screen.getByRole("complementary", { name: "Dashboardmenu" }));
    const nav = sidebar.getByRole("navigation", { name: "Dashboardnavigatie" });
    expect(nav.querySelector("ul")?.children).toHaveLength(1);
    expect(sidebar.getByRole("link", { name: "Verzoeken" })).toHaveAttribute("href", "/dashboard/requests");
    expect(sidebar.getByRole("link", { name: "Instellingen" })).toHaveAttribute("href", "/dashboard/settings");
    expect(sidebar.getByRole("button", { name: "Uitloggen" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Hoofdnavigatie" })).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(document.querySelector("agency-cookie-banner")).toBeNull();
    expect(document.querySelector("agency-settings")).toHaveAttribute("locale", "nl");
  });

  it("speaks the remembered language", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    await openDashboard();
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(document.querySelector("agency-settings")).toHaveAttribute("locale", "en");
  });

  it("logs out: revokes the token on the server, clears the session and says so", async () => {
    const revoked = vi.fn();
    server.use(
      http.post(`${API}/auth/logout`, ({ request }) => {
        revoked(request.headers.get("authorization"));
        return HttpResponse.json({ success: true, message: "Logged out successfully" });
      }),
    );
    const { router } = await openDashboard();
    fireEvent.click(screen.getByRole("button", { name: "Uitloggen" }));
    await waitForPath(router, "/login");
    expect(revoked).toHaveBeenCalledWith("Bearer token-1");
    expect(getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem("token")).toBeNull();
    await waitFor(() => expect(toastText()).toBe("Succesvol uitgelogd"));
  });

  it("still logs out locally when the server cannot be reached", async () => {
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.error()));
    const { router } = await openDashboard();
    fireEvent.click(screen.getByRole("button", { name: "Uitloggen" }));
    await waitForPath(router, "/login");
    expect(getSession().isAuthenticated).toBe(false);
  });

  it("opens the sidebar as a slide-over that traps focus and closes on Escape", async () => {
    await openDashboard();
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const dialog = screen.getByRole("dialog", { name: "Dashboardmenu" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    const focusables = dialog.querySelectorAll<HTMLElement>("a[href], button");
    const first = focusables[0]!;
    const last = focusables[focusables.length - 1]!;
    await waitFor(() => expect(first).toHaveFocus());

    last.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(first).toHaveFocus();
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(last).toHaveFocus();

    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
