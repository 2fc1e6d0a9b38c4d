import { getSession } from "@agency/core";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { ann, API, fill, focused, lastToast, recordNavigation, renderElement, setupApi } from "../../__tests__/element-kit";
import "../login.element";

const server = setupApi();
const { navigations } = recordNavigation();

const texts = {
  en: {
    email: "Email address",
    password: "Password",
    login: "Log in",
    heading: "Two-step verification",
    code: "Authentication code",
    recovery: "Recovery code",
    useRecovery: "Use a recovery code instead",
    verify: "Verify",
    back: "Back to login",
    welcome: "Welcome back",
    enterCode: "Please enter the code from your authenticator app",
    wrong: "This code is not correct, or it has already been used.",
    expired: "This sign-in has expired or had too many wrong codes. Please log in again with your password.",
    loginOk: "Login successful!",
  },
  nl: {
    email: "E-mailadres",
    password: "Wachtwoord",
    login: "Inloggen",
    heading: "Tweestapsverificatie",
    code: "Verificatiecode",
    recovery: "Herstelcode",
    useRecovery: "Gebruik in plaats daarvan een herstelcode",
    verify: "Verifiëren",
    back: "Terug naar inloggen",
    welcome: "Welkom terug",
    enterCode: "Vul de code uit je authenticator-app in",
    wrong: "Deze code klopt niet of is al gebruikt.",
    expired: "Deze aanmelding is verlopen of had te veel foute codes. Log opnieuw in met je wachtwoord.",
    loginOk: "Succesvol ingelogd!",
  },
};

const asked = { secondFactorRequired: true, signInToken: "sign-in-1", expiresAt: "2027-01-15T10:05:00.000Z" };
/** A challenge as the server hands one out, found at once (its counter is small). */
const cheapChallenge = () => createChallenge({ algorithm: "SHA-256", cost: 1, counter: 5, deriveKey });

describe.each(["en", "nl"] as const)("agency-login's code step (%s)", (locale) => {
  const T = texts[locale];

  async function toCodeStep() {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json(asked)));
    const { el, view: ui } = await renderElement("agency-login", `api-base="${API}" locale="${locale}"`, (_, host) =>
      expect(host.shadowRoot?.querySelector("h2")).toBeTruthy(),
    );
    const u = userEvent.setup();
    fill(ui.getByLabelText(T.email), "ann@example.com");
    fill(ui.getByLabelText(T.password), "secret1");
    await u.click(ui.getByRole("button", { name: T.login }));
    const heading = await ui.findByRole("heading", { name: T.heading });
    await waitFor(() => expect(focused(heading)).toBe(true));
    return { el, ui, u };
  }

  it("asks for the code after a right password, with no session yet, and signs in with it", async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/auth/login/second-factor`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: ann, token: "tok-2" });
      }),
    );
    const { el, ui, u } = await toCodeStep();
    expect(getSession().isAuthenticated).toBe(false);
    expect(navigations).toEqual([]);
    const success = vi.fn();
    el.addEventListener("agency-login-success", (e) => success((e as CustomEvent).detail));
    const code = ui.getByLabelText(T.code);
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");

    await u.click(ui.getByRole("button", { name: T.verify }));
    expect(ui.getByText(T.enterCode)).toBeInTheDocument();
    expect(body).toBeUndefined();

    fill(ui.getByLabelText(T.code), "123456");
    await u.click(ui.getByRole("button", { name: T.verify }));
    await waitFor(() => expect(navigations.map((n) => n.to)).toEqual(["/dashboard"]));
    expect(body).toEqual({ signInToken: "sign-in-1", code: "123456", basePath: "/" });
    expect(success).toHaveBeenCalledWith(ann);
    expect(lastToast()).toMatchObject({ kind: "success", message: T.loginOk });
    expect(getSession()).toMatchObject({ isAuthenticated: true, token: "tok-2" });
  });

  it("answers a request for proof of work at the code step with a challenge for that sign-in, solved in the background", async () => {
    const sent: { challenge?: string }[] = [];
    const about: unknown[] = [];
    server.use(
      http.post(`${API}/auth/challenge`, async ({ request }) => {
        about.push(await request.json());
        return HttpResponse.json({ challenge: { signature: "test", ...(await cheapChallenge()) } });
      }),
      http.post(`${API}/auth/login/second-factor`, async ({ request }) => {
        const body = (await request.json()) as { challenge?: string };
        sent.push(body);
        return body.challenge ? HttpResponse.json({ user: ann, token: "tok-3" }) : HttpResponse.json({ error: "x", code: "auth.challenge_required" }, { status: 400 });
      }),
    );
    const { ui, u } = await toCodeStep();
    fill(ui.getByLabelText(T.code), "123456");
    await u.click(ui.getByRole("button", { name: T.verify }));
    await waitFor(() => expect(getSession()).toMatchObject({ isAuthenticated: true, token: "tok-3" }), { timeout: 5000 });
    expect(about).toEqual([{ signInToken: "sign-in-1" }]);
    expect(sent.map((body) => Boolean(body.challenge))).toEqual([false, true]);
  });

  it("takes a recovery code instead, and says so when a code is wrong", async () => {
    server.use(http.post(`${API}/auth/login/second-factor`, () => HttpResponse.json({ error: "x", code: "auth.code_invalid", fields: ["code"] }, { status: 400 })));
    const { ui, u } = await toCodeStep();
    await u.click(ui.getByRole("button", { name: T.useRecovery }));
    const recovery = ui.getByLabelText(T.recovery);
    expect(recovery).toHaveAttribute("inputmode", "text");
    fill(recovery, "ABCD-EFGH-JKLM-NPQR");
    await u.click(ui.getByRole("button", { name: T.verify }));
    await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.wrong));
    expect(getSession().isAuthenticated).toBe(false);
    expect(navigations).toEqual([]);
  });

  it("goes back to the password, focused, when the sign-in expired or on 'Back to login'", async () => {
    server.use(http.post(`${API}/auth/login/second-factor`, () => HttpResponse.json({ error: "x", code: "auth.sign_in_expired" }, { status: 400 })));
    const { ui, u } = await toCodeStep();
    fill(ui.getByLabelText(T.code), "123456");
    await u.click(ui.getByRole("button", { name: T.verify }));
    const welcome = await ui.findByRole("heading", { name: T.welcome });
    await waitFor(() => expect(focused(welcome)).toBe(true));
    expect(ui.getByRole("alert")).toHaveTextContent(T.expired);
    expect(ui.getByLabelText(T.password)).toHaveValue("");

    fill(ui.getByLabelText(T.password), "secret1");
    await u.click(ui.getByRole("button", { name: T.login }));
    await ui.findByRole("heading", { name: T.heading });
    await u.click(ui.getByRole("button", { name: T.back }));
    await waitFor(() => expect(focused(ui.getByRole("heading", { name: T.welcome }))).toBe(true));
  });
});
