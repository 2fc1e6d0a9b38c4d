import { clearSession, getSession } from "@agency/core";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { API, logIn, renderApp, setupApi, user } from "../../../app/__tests__/render-app";
import { rememberLanguage } from "../../../lib/language";

const server = setupApi();
afterEach(() => {
  clearSession();
  localStorage.clear();
});

const answers = {
  ok: () => HttpResponse.json({ success: true, message: "x", email: "ann@example.com" }),
  used: () => HttpResponse.json({ error: "x", code: "auth.verify_used" }, { status: 400 }),
  taken: () => HttpResponse.json({ error: "x", code: "auth.email_taken" }, { status: 409 }),
};

describe("the verification link's page", () => {
  it("follows the link, says the address is verified, and refreshes a signed-in visitor's user (nl)", async () => {
    logIn();
    let token: unknown = null;
    server.use(
      http.post(`${API}/auth/verify-email`, async ({ request }) => ((token = ((await request.json()) as { token: string }).token), answers.ok())),
      http.get(`${API}/auth/me`, () => HttpResponse.json({ user: { ...user, email_verified: true } })),
    );
    renderApp("/verify-email?token=abc123");
    const heading = await screen.findByRole("heading", { level: 1, name: "E-mailadres bevestigd" }, { timeout: 8000 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(token).toBe("abc123");
    expect(screen.getByText("Bedankt. ann@example.com is nu het bevestigde e-mailadres van je account.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Naar je accountinstellingen" })).toHaveAttribute("href", "/dashboard/settings");
    await waitFor(() => expect(getSession().user?.email_verified).toBe(true));
  });

  it("works without a session, in the remembered language (en)", async () => {
    rememberLanguage("en");
    server.use(http.post(`${API}/auth/verify-email`, answers.ok));
    renderApp("/verify-email?token=abc123");
    expect(await screen.findByRole("heading", { level: 1, name: "E-mail address verified" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it.each([
    ["used", "nl", "Deze link kan niet worden gebruikt", "Deze bevestigingslink is al gebruikt."],
    ["used", "en", "This link cannot be used", "This verification link has already been used."],
    ["taken", "en", "This link cannot be used", "Another account uses this e-mail address now, so your address was not changed."],
  ] as const)("says why a %s link cannot be used (%s)", async (kind, locale, title, reason) => {
    rememberLanguage(locale);
    server.use(http.post(`${API}/auth/verify-email`, answers[kind]));
    renderApp("/verify-email?token=abc123");
    expect(await screen.findByRole("heading", { level: 1, name: title }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  });

  it("says a link without a token cannot be used, without asking the server", async () => {
    renderApp("/verify-email");
    expect(await screen.findByRole("heading", { level: 1, name: "Deze link kan niet worden gebruikt" }, { timeout: 8000 })).toBeInTheDocument();
  });
});
