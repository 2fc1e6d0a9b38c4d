import { clearSession, getSession } from "@agency/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API, logIn, renderApp, setupApi, toastText } from "../../app/__tests__/render-app";
import { markLanguageToggle } from "../../lib/language";

const server = setupApi();
afterEach(() => clearSession());

async function open(path: string) {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
  return view;
}

describe("public layout", () => {
  it("has the five navigation links, in Dutch on Dutch pages", async () => {
    await open("/services");
    const nav = within(screen.getByRole("navigation", { name: "Hoofdnavigatie" }));
    expect(nav.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Diensten", "/services"],
      ["Portfolio", "/portfolio"],
      ["Prijzen", "/pricing"],
      ["Contact", "/contact"],
      ["Inloggen", "/login"],
    ]);
    expect(nav.getByRole("link", { name: "Diensten" })).toHaveAttribute("aria-current", "page");
  });

  it("links to the English pages on English pages", async () => {
    markLanguageToggle();
    await open("/en/services");
    const nav = within(screen.getByRole("navigation", { name: "Main navigation" }));
    expect(nav.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/en",
      "/en/services",
      "/en/portfolio",
      "/en/pricing",
      "/en/contact",
      "/login",
    ]);
  });

  it.each([
    ["/pricing", "Hoofdnavigatie", "Uitloggen", "Inloggen", "Succesvol uitgelogd"],
    ["/en/pricing", "Main navigation", "Logout", "Login", "Logged out successfully"],
  ])("offers a signed-in visitor 'Logout' beside 'Dashboard' (%s): signed out, still on the page", async (path, label, logout, login, done) => {
    if (path.startsWith("/en")) markLanguageToggle();
    logIn();
    const revoked = vi.fn();
    server.use(http.post(`${API}/auth/logout`, ({ request }) => (revoked(request.headers.get("authorization")), HttpResponse.json({ success: true, message: "x" }))));
    const { router } = await open(path);
    const nav = within(screen.getByRole("navigation", { name: label }));
    expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    fireEvent.click(nav.getByRole("button", { name: logout }));
    const loginLink = await nav.findByRole("link", { name: login });
    await waitFor(() => expect(loginLink).toHaveFocus());
    expect(revoked).toHaveBeenCalledWith("Bearer token-1");
    expect(getSession().isAuthenticated).toBe(false);
    expect(nav.queryByRole("button", { name: logout })).toBeNull();
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(toastText()).toContain(done));
  });

  it.each([
    ["/pricing", "Uitloggen", "Menu sluiten"],
    ["/en/pricing", "Logout", "Close menu"],
  ])("closes the mobile menu after 'Logout' in it, focus on the menu button (%s)", async (path, logout, close) => {
    if (path.startsWith("/en")) markLanguageToggle();
    logIn();
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.json({ success: true, message: "x" })));
    await open(path);
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    const button = screen.getByRole("button", { name: close });
    fireEvent.click(within(document.getElementById("site-menu")!).getByRole("button", { name: logout }));
    await waitFor(() => expect(getSession().isAuthenticated).toBe(false));
    await waitFor(() => expect(button).toHaveAttribute("aria-expanded", "false"));
    expect(button).toHaveAccessibleName("Menu");
    expect(document.getElementById("site-menu")).toHaveAttribute("data-open", "false");
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("opens and closes the mobile menu with its button and Escape", async () => {
    await open("/");
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("aria-controls", "site-menu");
    fireEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById("site-menu")).toHaveAttribute("data-open", "true");
    const nav = within(screen.getByRole("navigation", { name: "Hoofdnavigatie" }));
    fireEvent.keyDown(nav.getByRole("link", { name: "Diensten" }), { key: "Escape" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });

  it("closes the mobile menu after following a link", async () => {
    const { router } = await open("/");
    const button = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(button);
    expect(button).toHaveAccessibleName("Menu sluiten");
    fireEvent.click(within(screen.getByRole("navigation", { name: "Hoofdnavigatie" })).getByRole("link", { name: "Diensten" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/services"), { timeout: 8000 });
    await waitFor(() => expect(button).toHaveAttribute("aria-expanded", "false"));
  });

  it("has a footer with quick links, the e-mail, the legal pages and cookie settings (nl)", async () => {
    await open("/pricing");
    const footer = within(screen.getByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "hallo@pixelwerf.nl" })).toHaveAttribute("href", "mailto:hallo@pixelwerf.nl");
    const legal = within(footer.getByRole("navigation", { name: "Juridisch" }));
    expect(legal.getByRole("link", { name: "Privacybeleid" })).toHaveAttribute("href", "/privacy-policy");
    expect(legal.getByRole("link", { name: "Algemene voorwaarden" })).toHaveAttribute("href", "/terms");
    expect(legal.getByRole("link", { name: "Cookiebeleid" })).toHaveAttribute("href", "/cookie-policy");
    expect(legal.getByRole("button", { name: "Cookie-instellingen" })).toHaveAttribute("data-agency-cookie-settings");
    const quick = within(footer.getByRole("navigation", { name: "Snelle links" }));
    expect(quick.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  });

  it("links the legal pages in English on English pages", async () => {
    markLanguageToggle();
    await open("/en/contact");
    const legal = within(screen.getByRole("navigation", { name: "Legal" }));
    expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/en/privacy-policy");
    expect(legal.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", "/en/terms");
    expect(legal.getByRole("link", { name: "Cookie Policy" })).toHaveAttribute("href", "/en/cookie-policy");
    expect(legal.getByRole("button", { name: "Cookie settings" })).toBeInTheDocument();
  });

  it("puts the cookie banner on public pages, in the page's language", async () => {
    await open("/");
    const banner = document.querySelector("agency-cookie-banner");
    expect(banner).toHaveAttribute("locale", "nl");
    expect(banner).toHaveAttribute("policy-href", "/cookie-policy");
  });

  it("offers a skip link to the main content", async () => {
    await open("/");
    const skip = screen.getByRole("link", { name: "Direct naar de inhoud" });
    fireEvent.click(skip);
    expect(document.getElementById("main")).toHaveFocus();
  });
});
