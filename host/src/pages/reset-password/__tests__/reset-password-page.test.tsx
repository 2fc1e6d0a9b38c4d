import { resetToasts } from "@agency/ui";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API, renderApp, toastText, setupApi, waitForPath } from "../../../app/__tests__/render-app";
import { PREFERRED_LANGUAGE_KEY } from "../../../lib/language";

const server = setupApi();

afterEach(() => vi.useRealTimers());

function validToken() {
  const seen = vi.fn();
  server.use(
    http.post(`${API}/auth/verify-reset-token`, async ({ request }) => {
      seen(await request.json());
      return HttpResponse.json({ valid: true, email: "ann@example.com" });
    }),
  );
  return seen;
}

async function openForm(locale: "nl" | "en" = "nl") {
  if (locale === "en") localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
  const view = renderApp("/reset-password?token=tok-123");
  await screen.findByRole("heading", { level: 1, name: locale === "en" ? "Reset Your Password" : "Stel je wachtwoord opnieuw in" }, { timeout: 8000 });
  return view;
}

function fill(password: string, confirm: string, locale: "nl" | "en" = "nl") {
  fireEvent.change(screen.getByLabelText(locale === "en" ? "New Password" : "Nieuw wachtwoord"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(locale === "en" ? "Confirm New Password" : "Bevestig nieuw wachtwoord"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Reset Password" : "Wachtwoord opnieuw instellen" }));
}

describe("reset password page", () => {
  it("shows 'Verifying reset link...' while the token is checked, then the form with the account e-mail", async () => {
    // Hold the answer until the test has seen the verifying state; release only once the request is there.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    server.use(
      http.post(`${API}/auth/verify-reset-token`, async () => {
        asked = true;
        await held;
        return HttpResponse.json({ valid: true, email: "ann@example.com" });
      }),
    );
    renderApp("/reset-password?token=tok-123");
    expect(await screen.findByText("Resetlink controleren...", {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(true));
    release();
    expect(await screen.findByText("ann@example.com")).toBeInTheDocument();
    expect(screen.getByText("Moet minimaal 8 tekens lang zijn")).toBeInTheDocument();
    expect(screen.getByLabelText("Nieuw wachtwoord")).toHaveAttribute("aria-describedby", expect.stringContaining("hint"));
  });

  it("sends the token from the link to the server", async () => {
    const seen = validToken();
    await openForm();
    expect(seen).toHaveBeenCalledWith({ token: "tok-123" });
  });

  it("shows the invalid view with its two links when the link has no token (en)", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    renderApp("/reset-password");
    expect(await screen.findByRole("heading", { name: "Invalid Reset Link" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request New Link" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.getAllByRole("link", { name: "Back to Login" })[0]).toHaveAttribute("href", "/login");
    await waitFor(() => expect(toastText()).toBe("Invalid reset link"));
  });

  it("shows the invalid view and 'Invalid or expired reset link' when the server refuses the token", async () => {
    server.use(
      http.post(`${API}/auth/verify-reset-token`, () =>
        HttpResponse.json({ valid: false, error: "Invalid or expired reset link", code: "auth.reset_invalid" }, { status: 400 }),
      ),
    );
    renderApp("/reset-password?token=old");
    expect(await screen.findByRole("heading", { name: "Ongeldige resetlink" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Nieuwe link aanvragen" })).toHaveAttribute("href", "/forgot-password");
    await waitFor(() => expect(toastText()).toBe("Ongeldige of verlopen resetlink"));
  });

  it("says in Dutch that the link has expired, although the server wrote English", async () => {
    server.use(
      http.post(`${API}/auth/verify-reset-token`, () =>
        HttpResponse.json({ valid: false, error: "This reset link has expired. Request a new one.", code: "auth.reset_expired" }, { status: 400 }),
      ),
    );
    renderApp("/reset-password?token=old");
    expect(await screen.findByRole("heading", { name: "Ongeldige resetlink" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText("Deze resetlink is verlopen. Vraag een nieuwe aan.")).toBeInTheDocument();
    await waitFor(() => expect(toastText()).toBe("Deze resetlink is verlopen. Vraag een nieuwe aan."));
  });

  it("shows the server's own text for a code this page does not know, and the fallback for no answer", async () => {
    server.use(
      http.post(`${API}/auth/verify-reset-token`, () =>
        HttpResponse.json({ valid: false, error: "Links from before the move no longer work.", code: "auth.reset_moved" }, { status: 400 }),
      ),
    );
    const first = renderApp("/reset-password?token=old");
    expect(await screen.findByText("Links from before the move no longer work.", {}, { timeout: 8000 })).toBeInTheDocument();
    first.unmount();
    resetToasts();
    server.use(http.post(`${API}/auth/verify-reset-token`, () => HttpResponse.error()));
    renderApp("/reset-password?token=old");
    await waitFor(() => expect(toastText()).toBe("Ongeldige of verlopen resetlink"));
  });

  it.each([
    ["", "", "Vul alle velden in"],
    ["abc", "", "Vul alle velden in"],
    ["abcdefg", "abcdefg", "Wachtwoord moet minimaal 8 tekens bevatten"],
    ["secret12", "secret13", "Wachtwoorden komen niet overeen"],
  ])("checks the fields before sending (%j / %j)", async (password, confirm, message) => {
    validToken();
    const sent = vi.fn();
    server.use(http.post(`${API}/auth/reset-password`, () => sent()));
    await openForm();
    fill(password, confirm);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(sent).not.toHaveBeenCalled();
  });

  it("asks for 8 characters in English too, and refuses 7 before sending", async () => {
    validToken();
    const sent = vi.fn();
    server.use(http.post(`${API}/auth/reset-password`, () => sent()));
    await openForm("en");
    expect(screen.getByText("Must be at least 8 characters long")).toBeInTheDocument();
    fill("abcdefg", "abcdefg", "en");
    expect(await screen.findByRole("alert")).toHaveTextContent("Password must be at least 8 characters");
    expect(sent).not.toHaveBeenCalled();
  });

  it("marks the field at fault, described by the alert, and moves focus to it", async () => {
    validToken();
    await openForm("en");
    fill("secret12", "secret13", "en");
    expect(await screen.findByRole("alert")).toHaveTextContent("Passwords do not match");
    expect(screen.getByLabelText("Confirm New Password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Confirm New Password")).toHaveAccessibleDescription("Passwords do not match");
    expect(screen.getByLabelText("New Password")).toHaveAttribute("aria-invalid", "false");
    await waitFor(() => expect(screen.getByLabelText("Confirm New Password")).toHaveFocus());
  });

  it("resets the password, says so and goes to /login after 2 seconds (en)", async () => {
    validToken();
    const sent = vi.fn();
    server.use(
      http.post(`${API}/auth/reset-password`, async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json({ success: true, message: "Password reset successfully!" });
      }),
    );
    const { router } = await openForm("en");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fill("secret12", "secret12", "en");
    await waitFor(() => expect(toastText()).toBe("Password reset successfully!"));
    expect(sent).toHaveBeenCalledWith({ token: "tok-123", newPassword: "secret12" });
    expect(screen.getByRole("status")).toHaveTextContent("Password reset successfully!");
    vi.advanceTimersByTime(1900);
    expect(router.state.location.pathname).toBe("/reset-password");
    vi.advanceTimersByTime(200);
    vi.useRealTimers();
    await waitForPath(router, "/login");
  });

  it("sends a visitor whose link was refused (400) to /forgot-password after 2 seconds", async () => {
    validToken();
    server.use(
      http.post(`${API}/auth/reset-password`, () =>
        HttpResponse.json({ error: "This reset link has already been used. Request a new one.", code: "auth.reset_used" }, { status: 400 }),
      ),
    );
    const { router } = await openForm();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fill("secret12", "secret12");
    expect(await screen.findByRole("alert")).toHaveTextContent("Deze resetlink is al gebruikt. Vraag een nieuwe aan.");
    vi.advanceTimersByTime(1900);
    expect(router.state.location.pathname).toBe("/reset-password");
    vi.advanceTimersByTime(200);
    vi.useRealTimers();
    await waitForPath(router, "/forgot-password");
  });

  it("says 'Failed to reset password' when the server gives no reason, and stays", async () => {
    validToken();
    server.use(http.post(`${API}/auth/reset-password`, () => HttpResponse.json({}, { status: 500 })));
    const { router } = await openForm();
    fill("secret12", "secret12");
    expect(await screen.findByRole("alert")).toHaveTextContent("Wachtwoord opnieuw instellen mislukt");
    await waitFor(() => expect(toastText()).toBe("Wachtwoord opnieuw instellen mislukt"));
    expect(screen.getByRole("button", { name: "Wachtwoord opnieuw instellen" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/reset-password");
  });
});
