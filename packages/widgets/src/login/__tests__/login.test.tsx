import { getSession, setSession } from "@agency/core";
import { getToasts } from "@agency/ui";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ann, API, fill, focused, lastToast, recordNavigation, renderElement, setupApi } from "../../__tests__/element-kit";
import "../login.element";
import { loadViews } from "../login";

const server = setupApi();

/** A small proof-of-work challenge, made ahead (making one is asynchronous; msw answers synchronously). */
let loginChallenge: object;
beforeAll(async () => {
  loginChallenge = await createChallenge({ algorithm: "SHA-256", cost: 1, counter: 37, deriveKey });
  // The register and forgot views arrive after the element's first render; here they are there before the clicks.
  await loadViews();
});
const { navigations, assign } = recordNavigation();

async function mount(attributes: string) {
  const { el, view } = await renderElement("agency-login", `api-base="${API}" ${attributes}`, (_, host) =>
    expect(host.shadowRoot?.querySelector("h2")).toBeTruthy(),
  );
  return { el, ui: view };
}

const texts = {
  en: {
    email: "Email address",
    password: "Password",
    name: "Full name",
    confirm: "Confirm password",
    login: "Log in",
    register: "Create account",
    send: "Send reset link",
    enterEmail: "Please enter your email address",
    invalidEmail: "Please enter a valid email address",
    enterPassword: "Please enter your password",
    enterName: "Please enter your name",
    choosePassword: "Please enter a password",
    confirmPassword: "Please confirm your password",
    tooShort: "Password must be at least 8 characters",
    mismatch: "Passwords do not match",
    loginOk: "Login successful!",
    loginFailed: "Login failed",
    registerOk: "Registration successful!",
    registerFailed: "Registration failed",
    tooMany5: "Too many attempts. Try again in 5 minutes.",
    tooMany1: "Too many attempts. Try again in 1 minute.",
    invalidCredentials: "Invalid email or password",
    codedTooMany: "Too many login attempts. Try again in 5 minutes.",
    emailTaken: "An account with this email already exists. Log in or reset your password.",
    sent: "Check your email for reset instructions",
    sendFailed: "Failed to send reset email",
    tryDifferent: "Try different email",
    backToLogin: "Back to login",
    forgotLink: "Forgot your password?",
    createOne: "Create one",
    contact: "Contact support",
    showPassword: "Show password",
    sentTo: "We've sent password reset instructions to",
    hintSpam: "Check your spam or junk folder.",
    hintCorrect: "Make sure you entered the correct email address.",
    hintWait: "It can take a few minutes to arrive",
  },
  nl: {
    email: "E-mailadres",
    password: "Wachtwoord",
    name: "Volledige naam",
    confirm: "Bevestig wachtwoord",
    login: "Inloggen",
    register: "Account aanmaken",
    send: "Herstellink versturen",
    enterEmail: "Vul je e-mailadres in",
    invalidEmail: "Vul een geldig e-mailadres in",
    enterPassword: "Vul je wachtwoord in",
    enterName: "Vul je naam in",
    choosePassword: "Vul een wachtwoord in",
    confirmPassword: "Bevestig je wachtwoord",
    tooShort: "Wachtwoord moet minimaal 8 tekens bevatten",
    mismatch: "Wachtwoorden komen niet overeen",
    loginOk: "Succesvol ingelogd!",
    loginFailed: "Inloggen mislukt",
    registerOk: "Registratie geslaagd!",
    registerFailed: "Registratie mislukt",
    tooMany5: "Te veel pogingen. Probeer het over 5 minuten opnieuw.",
    tooMany1: "Te veel pogingen. Probeer het over 1 minuut opnieuw.",
    invalidCredentials: "Onjuist e-mailadres of wachtwoord",
    codedTooMany: "Te veel inlogpogingen. Probeer het over 5 minuten opnieuw.",
    emailTaken: "Er bestaat al een account met dit e-mailadres. Log in of stel je wachtwoord opnieuw in.",
    sent: "Controleer je e-mail voor instructies om je wachtwoord opnieuw in te stellen",
    sendFailed: "Versturen van de herstel-e-mail is mislukt",
    tryDifferent: "Ander e-mailadres proberen",
    backToLogin: "Terug naar inloggen",
    forgotLink: "Wachtwoord vergeten?",
    createOne: "Maak er een aan",
    contact: "Neem contact op met support",
    showPassword: "Wachtwoord tonen",
    sentTo: "We hebben instructies om je wachtwoord opnieuw in te stellen gestuurd naar",
    hintSpam: "Kijk in je spam- of ongewenste map.",
    hintCorrect: "Controleer of je het juiste e-mailadres hebt ingevuld.",
    hintWait: "Het kan een paar minuten duren",
  },
};

describe.each(["en", "nl"] as const)("agency-login (%s)", (locale) => {
  const T = texts[locale];
  const at = (attributes = "") => mount(`locale="${locale}" ${attributes}`);

  describe("login view", () => {
    it("asks for email and password with the right autocomplete hints", async () => {
      const { ui } = await at();
      expect(ui.getByLabelText(T.email)).toHaveAttribute("autocomplete", "username webauthn");
      expect(ui.getByLabelText(T.email)).toHaveAttribute("type", "email");
      expect(ui.getByLabelText(T.password)).toHaveAttribute("autocomplete", "current-password");
      expect(ui.getByRole("link", { name: T.forgotLink })).toHaveAttribute("href", "/forgot-password");
      expect(ui.getByRole("link", { name: T.createOne })).toHaveAttribute("href", "/register");
      expect(ui.getByRole("link", { name: T.contact })).toHaveAttribute("href", "/contact");
    });

    it("shows field errors, focuses the first one, and clears them when a field changes", async () => {
      const { ui } = await at();
      const user = userEvent.setup();
      await user.click(ui.getByRole("button", { name: T.login }));
      const email = ui.getByLabelText(T.email);
      expect(ui.getByText(T.enterEmail)).toBeInTheDocument();
      expect(ui.getByText(T.enterPassword)).toBeInTheDocument();
      expect(email).toHaveAttribute("aria-invalid", "true");
      expect(email).toHaveAccessibleDescription(T.enterEmail);
      await waitFor(() => expect(focused(email)).toBe(true));

      fill(email, "not-an-address");
      expect(ui.queryByText(T.enterEmail)).toBeNull();
      await user.click(ui.getByRole("button", { name: T.login }));
      expect(ui.getByText(T.invalidEmail)).toBeInTheDocument();
      expect(getToasts()).toHaveLength(0);
    });

    it("shows and hides the password", async () => {
      const { ui } = await at();
      const user = userEvent.setup();
      const password = ui.getByLabelText(T.password);
      const toggle = ui.getByRole("button", { name: T.showPassword });
      expect(password).toHaveAttribute("type", "password");
      expect(toggle).toHaveAttribute("aria-pressed", "false");
      await user.click(toggle);
      expect(password).toHaveAttribute("type", "text");
      expect(toggle).toHaveAttribute("aria-pressed", "true");
      await user.click(toggle);
      expect(password).toHaveAttribute("type", "password");
    });

    it("logs in: toast, agency-login-success with the user, then on to /dashboard", async () => {
      let body: unknown;
      server.use(
        http.post(`${API}/auth/login`, async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ user: ann, token: "tok-1" });
        }),
      );
      const { el, ui } = await at();
      const success = vi.fn();
      el.addEventListener("agency-login-success", (e) => success((e as CustomEvent).detail));
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), " ann@example.com ");
      fill(ui.getByLabelText(T.password), "secret1");
      await u.click(ui.getByRole("button", { name: T.login }));

      await waitFor(() => expect(navigations).toEqual([{ to: "/dashboard", href: "/dashboard", source: "agency-login" }]));
      expect(body).toEqual({ email: "ann@example.com", password: "secret1", basePath: "/" });
      expect(success).toHaveBeenCalledWith(ann);
      expect(lastToast()).toMatchObject({ kind: "success", message: T.loginOk, locale });
      expect(getSession()).toMatchObject({ isAuthenticated: true, token: "tok-1" });
      expect(assign).toHaveBeenCalledWith("/dashboard");
    });

    it("goes to redirect-to instead of /dashboard", async () => {
      server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ user: ann, token: "tok-1" })));
      const { ui } = await at(`redirect-to="/account"`);
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "secret1");
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(navigations.map((n) => n.to)).toEqual(["/account"]));
    });

    it("says the page's origin is not allowed when the API on another origin refuses it (CORS), and names a network problem", async () => {
      const refused =
        locale === "nl"
          ? `Het adres van deze pagina (${window.location.origin}) mag de dienst van het bureau niet gebruiken.`
          : `This page's address (${window.location.origin}) is not allowed to use the agency's service.`;
      // The browser hides a CORS refusal as a network error; the server itself answers a request without CORS.
      server.use(
        http.post(`${API}/auth/login`, () => HttpResponse.error()),
        http.get(`${API}/health`, () => HttpResponse.text("")),
      );
      const { ui } = await at();
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "correct-horse-7");
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(refused));
      expect(ui.getByRole("alert")).not.toHaveTextContent(T.loginFailed);

      // Not reached at all: the network, not the origin.
      server.use(http.get(`${API}/health`, () => HttpResponse.error()));
      await u.click(ui.getByRole("button", { name: T.login }));
      const network = locale === "nl" ? "Netwerkfout - controleer je internetverbinding" : "Network error - check your internet connection";
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(network));
    });

    it("shows the server's message as a toast and a banner, and 'Login failed' when it has none", async () => {
      server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ error: "Invalid email or password" }, { status: 400 })));
      const { ui } = await at();
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "wrong-one");
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent("Invalid email or password"));
      expect(lastToast()).toMatchObject({ kind: "error", message: "Invalid email or password" });
      expect(getSession().isAuthenticated).toBe(false);
      expect(navigations).toEqual([]);

      server.use(http.post(`${API}/auth/login`, () => new HttpResponse(null, { status: 500 })));
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.loginFailed));
      expect(lastToast()).toMatchObject({ kind: "error", message: T.loginFailed, locale });
      expect(ui.getByRole("button", { name: T.login })).toBeEnabled();
    });

    it("translates the answer's error code into the element's language, whatever language the server wrote", async () => {
      server.use(
        http.post(`${API}/auth/login`, () =>
          HttpResponse.json({ error: "Invalid email or password", code: "auth.invalid_credentials" }, { status: 400 }),
        ),
      );
      const { ui } = await at();
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "wrong-one");
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.invalidCredentials));
      expect(lastToast()).toMatchObject({ kind: "error", message: T.invalidCredentials });

      server.use(
        http.post(`${API}/auth/login`, () =>
          HttpResponse.json(
            { error: "Too many login attempts. Try again in 5 minutes.", code: "auth.too_many_attempts", retryAfter: 290 },
            { status: 429, headers: { "Retry-After": "290" } },
          ),
        ),
      );
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.codedTooMany));
    });

    it("says when a throttled visitor may try again (429)", async () => {
      server.use(
        http.post(`${API}/auth/login`, () =>
          HttpResponse.json({ error: "Too many", retryAfter: 300 }, { status: 429, headers: { "Retry-After": "300" } }),
        ),
      );
      const { ui } = await at();
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "secret1");
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.tooMany5));
      expect(lastToast()).toMatchObject({ kind: "error", message: T.tooMany5 });

      server.use(
        http.post(`${API}/auth/login`, () =>
          HttpResponse.json({ error: "Too many", retryAfter: 20 }, { status: 429, headers: { "Retry-After": "20" } }),
        ),
      );
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.tooMany1));
    });

    it("answers a request for proof of work by solving a challenge for that account in the background and logging in with it", async () => {
      const sent: { challenge?: string }[] = [];
      const asked: unknown[] = [];
      server.use(
        http.post(`${API}/auth/challenge`, async ({ request }) => {
          asked.push(await request.json());
          return HttpResponse.json({ challenge: { signature: "test", ...loginChallenge } });
        }),
        http.post(`${API}/auth/login`, async ({ request }) => {
          const body = (await request.json()) as { challenge?: string };
          sent.push(body);
          return body.challenge
            ? HttpResponse.json({ user: ann, token: "tok-pow" })
            : HttpResponse.json({ error: "x", code: "auth.challenge_required" }, { status: 400 });
        }),
      );
      const { ui } = await at();
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "secret1");
      await u.click(ui.getByRole("button", { name: T.login }));
      await waitFor(() => expect(getSession()).toMatchObject({ isAuthenticated: true, token: "tok-pow" }), { timeout: 5000 });
      expect(sent).toHaveLength(2);
      expect(sent[0]).not.toHaveProperty("challenge");
      const solved = JSON.parse(atob(sent[1]!.challenge!)) as { solution: { counter: number } };
      expect(solved.solution.counter).toBe(37);
      // The challenge is the account's: its cost grows with the account's failures.
      expect(asked).toEqual([{ email: "ann@example.com" }]);
      expect(lastToast()).toMatchObject({ kind: "success", message: T.loginOk });
    });

    it("sends someone already logged in to /dashboard, or to redirect-to", async () => {
      setSession(ann, "tok-1");
      await at();
      await waitFor(() => expect(navigations.map((n) => n.to)).toEqual(["/dashboard"]));
      document.body.innerHTML = "";
      navigations.length = 0;
      await at(`redirect-to="/somewhere"`);
      await waitFor(() => expect(navigations.map((n) => n.to)).toEqual(["/somewhere"]));
    });

    it.each(["javascript:alert(document.cookie)", "https://evil.example/login", "//evil.example/login", "data:text/html,hi"])(
      "refuses redirect-to=%s with a console warning and goes to /dashboard instead",
      async (target) => {
        const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
        server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ user: ann, token: "tok-1" })));
        const { ui } = await at(`redirect-to="${target}"`);
        const u = userEvent.setup();
        fill(ui.getByLabelText(T.email), "ann@example.com");
        fill(ui.getByLabelText(T.password), "secret1");
        await u.click(ui.getByRole("button", { name: T.login }));
        await waitFor(() => expect(navigations.map((n) => n.to)).toEqual(["/dashboard"]));
        expect(assign).not.toHaveBeenCalledWith(target);
        expect(warn).toHaveBeenCalledWith(expect.stringContaining(`redirect-to "${target}" ignored`));
        warn.mockRestore();
      },
    );

    it("accepts a same-origin absolute redirect-to", async () => {
      const warn = vi.spyOn(console, "warn");
      setSession(ann, "tok-1");
      await at(`redirect-to="${window.location.origin}/account?tab=1"`);
      await waitFor(() => expect(navigations.map((n) => n.to)).toEqual([`${window.location.origin}/account?tab=1`]));
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
    });

    it("leaves the contact-support link to the page through agency-navigate", async () => {
      const { ui } = await at();
      await userEvent.setup().click(ui.getByRole("link", { name: T.contact }));
      expect(navigations).toEqual([{ to: "/contact", href: "/contact", source: "agency-login" }]);
      expect(assign).toHaveBeenCalledWith("/contact");
    });
  });

  describe("links between the views", () => {
    it("switch views in place when nobody cancels agency-navigate", async () => {
      const { ui } = await at();
      const u = userEvent.setup();
      await u.click(ui.getByRole("link", { name: T.createOne }));
      expect(navigations).toEqual([{ to: "/register", href: "/register", source: "agency-login" }]);
      expect(ui.getByLabelText(T.name)).toBeInTheDocument();
      await waitFor(() => expect(focused(ui.getByRole("heading", { level: 2 }))).toBe(true));
      await u.click(ui.getByRole("link", { name: T.login }));
      await u.click(ui.getByRole("link", { name: T.forgotLink }));
      expect(ui.getByRole("button", { name: T.send })).toBeInTheDocument();
      expect(navigations.map((n) => n.to)).toEqual(["/register", "/login", "/forgot-password"]);
      expect(assign).not.toHaveBeenCalled();
    });

    it("stay put when the page cancels agency-navigate (it routes itself)", async () => {
      const { ui } = await at();
      const cancel = (e: Event) => e.preventDefault();
      document.addEventListener("agency-navigate", cancel);
      await userEvent.setup().click(ui.getByRole("link", { name: T.createOne }));
      document.removeEventListener("agency-navigate", cancel);
      expect(ui.queryByLabelText(T.name)).toBeNull();
      expect(navigations.map((n) => n.to)).toEqual(["/register"]);
    });

    it("follow the view attribute", async () => {
      const { el, ui } = await at(`view="register"`);
      expect(ui.getByLabelText(T.confirm)).toBeInTheDocument();
      el.setAttribute("view", "forgot");
      await waitFor(() => expect(ui.getByRole("button", { name: T.send })).toBeInTheDocument());
    });
  });

  describe("register view", () => {
    it("uses new-password autocomplete and validates every field", async () => {
      const { ui } = await at(`view="register"`);
      const u = userEvent.setup();
      expect(ui.getByLabelText(T.name)).toHaveAttribute("autocomplete", "name");
      expect(ui.getByLabelText(T.email)).toHaveAttribute("autocomplete", "email");
      expect(ui.getByLabelText(T.password)).toHaveAttribute("autocomplete", "new-password");
      expect(ui.getByLabelText(T.confirm)).toHaveAttribute("autocomplete", "new-password");

      await u.click(ui.getByRole("button", { name: T.register }));
      for (const message of [T.enterName, T.enterEmail, T.choosePassword, T.confirmPassword]) {
        expect(ui.getByText(message)).toBeInTheDocument();
      }
      await waitFor(() => expect(focused(ui.getByLabelText(T.name))).toBe(true));

      fill(ui.getByLabelText(T.name), "Ann");
      expect(ui.queryByText(T.enterName)).toBeNull();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "1234567");
      fill(ui.getByLabelText(T.confirm), "12346");
      await u.click(ui.getByRole("button", { name: T.register }));
      expect(ui.getByText(T.tooShort)).toBeInTheDocument();
      expect(ui.getByText(T.mismatch)).toBeInTheDocument();
      expect(ui.getByLabelText(T.password)).toHaveAccessibleDescription(expect.stringContaining(T.tooShort));
      await waitFor(() => expect(focused(ui.getByLabelText(T.password))).toBe(true));

      // The local error clears as soon as any field changes.
      fill(ui.getByLabelText(T.name), "e");
      expect(ui.queryByText(T.tooShort)).toBeNull();
      expect(ui.queryByText(T.mismatch)).toBeNull();
    });

    it("registers: toast, agency-register-success with the user, then on to /subscribe", async () => {
      let body: unknown;
      server.use(
        http.post(`${API}/auth/register`, async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ user: ann, token: "tok-2" }, { status: 201 });
        }),
      );
      const { el, ui } = await at(`view="register" redirect-to="/elsewhere"`);
      const success = vi.fn();
      el.addEventListener("agency-register-success", (e) => success((e as CustomEvent).detail));
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.name), "Ann");
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "secret12");
      fill(ui.getByLabelText(T.confirm), "secret12");
      await u.click(ui.getByRole("button", { name: T.register }));

      await waitFor(() => expect(navigations.map((n) => n.to)).toEqual(["/subscribe"]));
      expect(body).toEqual({ name: "Ann", email: "ann@example.com", password: "secret12", language: locale });
      expect(success).toHaveBeenCalledWith(ann);
      expect(lastToast()).toMatchObject({ kind: "success", message: T.registerOk, locale });
      expect(getSession().token).toBe("tok-2");
    });

    it("shows the server's message for a taken address, and 'Registration failed' otherwise", async () => {
      server.use(
        http.post(`${API}/auth/register`, () =>
          HttpResponse.json({ error: "An account with this email already exists." }, { status: 409 }),
        ),
      );
      const { ui } = await at(`view="register"`);
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.name), "Ann");
      fill(ui.getByLabelText(T.email), "ann@example.com");
      fill(ui.getByLabelText(T.password), "secret12");
      fill(ui.getByLabelText(T.confirm), "secret12");
      await u.click(ui.getByRole("button", { name: T.register }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent("An account with this email already exists."));
      expect(lastToast()).toMatchObject({ kind: "error", message: "An account with this email already exists." });

      server.use(
        http.post(`${API}/auth/register`, () =>
          HttpResponse.json({ error: "An account with this email already exists.", code: "auth.email_taken" }, { status: 409 }),
        ),
      );
      await u.click(ui.getByRole("button", { name: T.register }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.emailTaken));

      server.use(http.post(`${API}/auth/register`, () => HttpResponse.error()));
      await u.click(ui.getByRole("button", { name: T.register }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.registerFailed));
      expect(navigations).toEqual([]);
    });
  });

  describe("forgot-password view", () => {
    it("asks for the address first", async () => {
      const { ui } = await at(`view="forgot"`);
      await userEvent.setup().click(ui.getByRole("button", { name: T.send }));
      expect(ui.getByText(T.enterEmail)).toBeInTheDocument();
      await waitFor(() => expect(focused(ui.getByLabelText(T.email))).toBe(true));
    });

    it("sends the address with the language and base path, then shows the confirmation", async () => {
      let body: unknown;
      server.use(
        http.post(`${API}/auth/forgot-password`, async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ success: true, message: "sent" });
        }),
      );
      const { ui } = await at(`view="forgot"`);
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      await u.click(ui.getByRole("button", { name: T.send }));

      await waitFor(() => expect(ui.getByText(/ann@example\.com/)).toBeInTheDocument());
      expect(body).toEqual({ email: "ann@example.com", language: locale, basePath: "/" });
      expect(lastToast()).toMatchObject({ kind: "success", message: T.sent, locale });
      const shadow = ui.getByRole("heading", { level: 2 }).closest("section")!;
      expect(shadow).toHaveTextContent(T.sentTo);
      for (const hint of [T.hintSpam, T.hintCorrect, T.hintWait]) expect(shadow).toHaveTextContent(hint);

      // 'Try different email' brings the form back, emptied.
      await u.click(ui.getByRole("button", { name: T.tryDifferent }));
      expect(ui.getByLabelText(T.email)).toHaveValue("");
      await waitFor(() => expect(focused(ui.getByLabelText(T.email))).toBe(true));

      fill(ui.getByLabelText(T.email), "bo@example.com");
      await u.click(ui.getByRole("button", { name: T.send }));
      await waitFor(() => expect(ui.getByText(/bo@example\.com/)).toBeInTheDocument());
      const back = ui.getByRole("link", { name: T.backToLogin });
      expect(back).toHaveAttribute("href", "/login");
      await u.click(back);
      expect(ui.getByRole("button", { name: T.login })).toBeInTheDocument();
    });

    it("says 'Failed to send reset email' when the request fails", async () => {
      server.use(http.post(`${API}/auth/forgot-password`, () => HttpResponse.error()));
      const { ui } = await at(`view="forgot"`);
      const u = userEvent.setup();
      fill(ui.getByLabelText(T.email), "ann@example.com");
      await u.click(ui.getByRole("button", { name: T.send }));
      await waitFor(() => expect(ui.getByRole("alert")).toHaveTextContent(T.sendFailed));
      expect(lastToast()).toMatchObject({ kind: "error", message: T.sendFailed, locale });
    });

    it("does not send a logged-in visitor away", async () => {
      setSession(ann, "tok-1");
      const { ui } = await at(`view="forgot"`);
      expect(ui.getByRole("button", { name: T.send })).toBeInTheDocument();
      expect(navigations).toEqual([]);
    });
  });
});
