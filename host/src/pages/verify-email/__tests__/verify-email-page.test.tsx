import { clearSession, getSession } from "@agency/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { API, logIn, renderApp, setupApi, user } from "../../../app/__tests__/render-app";
import { preferredLanguage, rememberLanguage } from "../../../lib/language";

const server = setupApi();
afterEach(() => {
  clearSession();
  localStorage.clear();
});

const answers = {
  verify: () => HttpResponse.json({ valid: true, email: "ann@example.com", purpose: "verify" }),
  change: () => HttpResponse.json({ valid: true, email: "new@example.com", purpose: "change" }),
  ok: () => HttpResponse.json({ success: true, message: "x", email: "ann@example.com" }),
  used: () => HttpResponse.json({ error: "x", code: "auth.verify_used" }, { status: 400 }),
  taken: () => HttpResponse.json({ error: "x", code: "auth.email_taken" }, { status: 409 }),
};

/** Counts the calls that would use the link up. */
function followed(answer: () => Response = answers.ok) {
  const tokens: string[] = [];
  server.use(http.post(`${API}/auth/verify-email`, async ({ request }) => (tokens.push(((await request.json()) as { token: string }).token), answer())));
  return tokens;
}

describe("the verification link's page", () => {
  it("names the address, uses nothing up on loading, and verifies on one click; a signed-in user is refreshed (nl)", async () => {
    logIn();
    const tokens = followed();
    server.use(
      http.post(`${API}/auth/verify-email-token`, answers.verify),
      http.get(`${API}/auth/me`, () => HttpResponse.json({ user: { ...user, email_verified: true } })),
    );
    renderApp("/verify-email?token=abc123");
    const ask = await screen.findByRole("heading", { level: 1, name: "Bevestig je e-mailadres" }, { timeout: 8000 });
    await waitFor(() => expect(ask).toHaveFocus());
    expect(screen.getByText("Bevestig dat ann@example.com het e-mailadres van je account is. Er verandert niets tot je dat doet.")).toBeInTheDocument();
    expect(tokens).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "E-mailadres bevestigen" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "E-mailadres bevestigd" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(tokens).toEqual(["abc123"]);
    expect(screen.getByText("Bedankt. ann@example.com is nu het bevestigde e-mailadres van je account.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Naar je accountinstellingen" })).toHaveAttribute("href", "/dashboard/settings");
    await waitFor(() => expect(getSession().user?.email_verified).toBe(true));
  });

  it("speaks the link's language in a browser that has never seen the site, and remembers it (en)", async () => {
    followed();
    server.use(http.post(`${API}/auth/verify-email-token`, answers.change));
    renderApp("/verify-email?token=abc123&lang=en");
    expect(await screen.findByRole("heading", { level: 1, name: "Confirm your new e-mail address" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(/The e-mail address of your account becomes new@example.com\./)).toBeInTheDocument();
    expect(preferredLanguage()).toBe("en");
    await userEvent.click(screen.getByRole("button", { name: "Change e-mail address" }));
    expect(await screen.findByRole("heading", { level: 1, name: "E-mail address verified" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it.each([
    ["used", "nl", "Deze link kan niet worden gebruikt", "Deze bevestigingslink is al gebruikt."],
    ["used", "en", "This link cannot be used", "This verification link has already been used."],
  ] as const)("says why a %s link cannot be used before asking for a click (%s)", async (kind, locale, title, reason) => {
    rememberLanguage(locale);
    const tokens = followed();
    server.use(http.post(`${API}/auth/verify-email-token`, answers[kind]));
    renderApp("/verify-email?token=abc123");
    expect(await screen.findByRole("heading", { level: 1, name: title }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /E-mailadres bevestigen|Confirm e-mail address/ })).toBeNull();
    expect(tokens).toEqual([]);
  });

  it("says when the address was taken between the check and the click (en)", async () => {
    rememberLanguage("en");
    followed(answers.taken);
    server.use(http.post(`${API}/auth/verify-email-token`, answers.change));
    renderApp("/verify-email?token=abc123");
    await userEvent.click(await screen.findByRole("button", { name: "Change e-mail address" }, { timeout: 8000 }));
    expect(await screen.findByText("Another account uses this e-mail address now, so your address was not changed.")).toBeInTheDocument();
  });

  it("says a link without a token cannot be used, without asking the server", async () => {
    renderApp("/verify-email");
    expect(await screen.findByRole("heading", { level: 1, name: "Deze link kan niet worden gebruikt" }, { timeout: 8000 })).toBeInTheDocument();
  });
});
