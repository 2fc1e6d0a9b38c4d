import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, setupApi } from "../../../app/__tests__/render-app";
import { PREFERRED_LANGUAGE_KEY } from "../../../lib/language";

setupApi();

async function open(path: string, name: string) {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name }, { timeout: 8000 });
  return view;
}

describe("login, register and forgot-password pages", () => {
  it("wraps the login element with the 'what's new' teaser and trust badges (nl)", async () => {
    await open("/login", "Inloggen");
    const element = document.querySelector("agency-login");
    expect(element).toHaveAttribute("view", "login");
    expect(element).toHaveAttribute("locale", "nl");
    expect(screen.getByRole("heading", { name: "Sneller bouwen met ons AI-platform" })).toBeInTheDocument();
    expect(screen.getByText(/2-3x sneller/)).toBeInTheDocument();
    for (const badge of ["Beveiligde SSL-verbinding", "99,9% uptime", "Dagelijkse back-ups"]) {
      expect(screen.getByText(badge)).toBeInTheDocument();
    }
    // The way in is found by search; registering and the reset request are not pages to land on.
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "index, follow"));
  });

  it("shows the login page in the remembered language (en)", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    await open("/login", "Log in");
    expect(document.querySelector("agency-login")).toHaveAttribute("locale", "en");
    expect(screen.getByText("99.9% uptime")).toBeInTheDocument();
    // The element itself renders its form, forgot/register/support links inside its shadow root.
    await waitFor(() => expect(document.querySelector("agency-login")?.shadowRoot?.textContent).toContain("Contact support"));
  });

  it("uses the register view on /register", async () => {
    await open("/register", "Account aanmaken");
    expect(document.querySelector("agency-login")).toHaveAttribute("view", "register");
    await waitFor(() => expect(document.title).toBe("Account aanmaken | Pixelwerf"));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  });

  it("uses the forgot view on /forgot-password", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    await open("/forgot-password", "Forgot password");
    expect(document.querySelector("agency-login")).toHaveAttribute("view", "forgot");
    expect(document.querySelector("agency-login")).toHaveAttribute("locale", "en");
  });
});
