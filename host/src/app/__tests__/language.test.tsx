import { clearSession } from "@agency/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_TOGGLE_KEY, markLanguageToggle, PREFERRED_LANGUAGE_KEY } from "../../lib/language";
import { renderApp, setupApi, waitForPath } from "./render-app";

setupApi();

afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

const toggle = () => within(screen.getByRole("group", { name: /Taal|Language/ }));

describe("language guard", () => {
  it("shows an English page when the toggle was used within 5 seconds", async () => {
    markLanguageToggle();
    const { router } = renderApp("/en/pricing");
    expect(await screen.findByRole("heading", { level: 1 }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/en/pricing");
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
  });

  it("replaces a direct visit to an English page with the Dutch one, keeping the query", async () => {
    const { router } = renderApp("/en/contact?ref=mail");
    await waitForPath(router, "/contact");
    expect(router.state.location.search).toBe("?ref=mail");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("redirects /en to / once the marker is older than 5000 ms", async () => {
    markLanguageToggle(Date.now() - 5000);
    const { router } = renderApp("/en");
    await waitForPath(router, "/");
    expect(router.state.historyAction).toBe("REPLACE");
  });
});

describe("language toggle", () => {
  it("adds /en, sets the marker, remembers English and scrolls to the top", async () => {
    const { router } = renderApp("/pricing");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    const before = Date.now();
    fireEvent.click(toggle().getByRole("button", { name: /EN/ }));
    await waitForPath(router, "/en/pricing");
    expect(Number(sessionStorage.getItem(LANGUAGE_TOGGLE_KEY))).toBeGreaterThanOrEqual(before);
    expect(localStorage.getItem(PREFERRED_LANGUAGE_KEY)).toBe("en");
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await waitFor(() => expect(toggle().getByRole("button", { name: /EN/ })).toHaveAttribute("aria-pressed", "true"));
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toHaveTextContent("Services");
  });

  it("removes /en again", async () => {
    markLanguageToggle();
    const { router } = renderApp("/en/services");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    fireEvent.click(toggle().getByRole("button", { name: /NL/ }));
    await waitForPath(router, "/services");
    expect(localStorage.getItem(PREFERRED_LANGUAGE_KEY)).toBe("nl");
    await waitFor(() => expect(screen.getByRole("navigation", { name: "Hoofdnavigatie" })).toHaveTextContent("Diensten"));
  });

  it("About, shown to an English visitor, links to the English pages ('Get In Touch' too)", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    const { router } = renderApp("/about");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
    expect(screen.getByRole("link", { name: "Get In Touch" })).toHaveAttribute("href", "/en/contact");
    const nav = within(screen.getByRole("navigation", { name: "Main navigation" }));
    expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/en/pricing");
    fireEvent.click(screen.getByRole("link", { name: "Get In Touch" }));
    await waitForPath(router, "/en/contact");
  });

  it("switches a portal page in place and the choice sticks for the next portal page", async () => {
    const { router } = renderApp("/reset-password");
    expect(await screen.findByRole("heading", { name: "Ongeldige resetlink" }, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.click(toggle().getByRole("button", { name: /EN/ }));
    expect(await screen.findByRole("heading", { name: "Invalid Reset Link" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/reset-password");
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));

    fireEvent.click(screen.getByRole("link", { name: "Back to Login" }));
    await waitForPath(router, "/login");
    await waitFor(() => expect(document.title).toMatch(/^Log in/));
  });

  it("keeps an English visitor on English pages when they follow a link after more than 5 seconds", async () => {
    markLanguageToggle(Date.now() - 60_000);
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    const { router } = renderApp("/about");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    fireEvent.click(within(screen.getByRole("navigation", { name: "Main navigation" })).getByRole("link", { name: "Pricing" }));
    await waitForPath(router, "/en/pricing");
  });
});
