import { getSession } from "@agency/core";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ann, API, lastToast, recordNavigation, renderElement, setupApi } from "../../__tests__/element-kit";
import "../login.element";

/**
 * agency-login's passkeys: the 'Sign in with a passkey' button and passkey autofill in the e-mail field, in nl and
 * en. jsdom has no WebAuthn, so the browser's half (PublicKeyCredential, navigator.credentials) is stood in for; what
 * the real browser does with a virtual authenticator is e2e/passkeys.spec.ts.
 */

const server = setupApi();
const { navigations } = recordNavigation();

const options = { challenge: "Y2hhbGxlbmdl", rpId: "agency.example", userVerification: "required", timeout: 300000 };
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
/** What navigator.credentials.get() resolves with for a picked passkey. */
const assertion = {
  id: "Y3JlZA",
  rawId: bytes("cred"),
  type: "public-key",
  authenticatorAttachment: "platform",
  response: { clientDataJSON: bytes("{}"), authenticatorData: bytes("auth"), signature: bytes("sig"), userHandle: bytes("u1") },
  getClientExtensionResults: () => ({}),
};

let get: ReturnType<typeof vi.fn>;
let sent: unknown[];
beforeEach(() => {
  sent = [];
  get = vi.fn();
  vi.stubGlobal("PublicKeyCredential", Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => true }));
  Object.defineProperty(navigator, "credentials", { value: { get, create: vi.fn() }, configurable: true });
  server.use(
    http.post(`${API}/auth/passkey/options`, () => HttpResponse.json({ options })),
    http.post(`${API}/auth/passkey`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ user: ann, token: "tok-passkey" });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const texts = {
  en: { email: "Email address", passkey: "Sign in with a passkey", ok: "Login successful!", failed: "Signing in with this passkey did not work" },
  nl: { email: "E-mailadres", passkey: "Inloggen met een toegangssleutel", ok: "Succesvol ingelogd!", failed: "Inloggen met deze toegangssleutel is niet gelukt" },
};

describe.each(["en", "nl"] as const)("agency-login passkeys (%s)", (locale) => {
  const T = texts[locale];
  const mount = () =>
    renderElement("agency-login", `api-base="${API}" locale="${locale}"`, (view) => expect(view.getByRole("button", { name: T.passkey })).toBeTruthy());

  it("asks for passkey autofill in the e-mail field (conditional mediation)", async () => {
    get.mockReturnValue(new Promise(() => {}));
    const { view } = await mount();
    expect(view.getByLabelText(T.email)).toHaveAttribute("autocomplete", "username webauthn");
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(get.mock.calls[0]![0]).toMatchObject({ mediation: "conditional", publicKey: { rpId: "agency.example" } });
  });

  it("signs in with the passkey picked from autofill", async () => {
    get.mockResolvedValue(assertion);
    const success = vi.fn();
    const listen = (e: Event) => success((e as CustomEvent).detail);
    document.addEventListener("agency-login-success", listen);
    onTestFinished(() => document.removeEventListener("agency-login-success", listen));
    await mount();
    await waitFor(() => expect(navigations).toEqual([{ to: "/dashboard", href: "/dashboard", source: "agency-login" }]));
    // The site's base path goes along, as with a password, for the link in a new-sign-in alert.
    expect(sent).toEqual([{ credential: expect.objectContaining({ id: "Y3JlZA", type: "public-key" }), basePath: "/" }]);
    expect(success).toHaveBeenCalledWith(ann);
    expect(getSession()).toMatchObject({ isAuthenticated: true, token: "tok-passkey" });
  });

  it("signs in with the button through the browser's prompt, and says so", async () => {
    // Autofill waits for a pick that never comes; the button's request replaces it.
    get.mockImplementation((request: CredentialRequestOptions) =>
      request.mediation === "conditional"
        ? new Promise((_, reject) => request.signal?.addEventListener("abort", () => reject(new DOMException("replaced", "AbortError"))))
        : Promise.resolve(assertion),
    );
    const { view } = await mount();
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    await userEvent.setup().click(view.getByRole("button", { name: T.passkey }));
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(get.mock.calls[1]![0].mediation).toBeUndefined();
    expect(sent).toEqual([expect.objectContaining({ basePath: "/" })]);
    expect(lastToast()).toMatchObject({ kind: "success", message: T.ok });
  });

  it("shows the server's refusal, and stays quiet when the visitor closes the prompt", async () => {
    server.use(http.post(`${API}/auth/passkey`, () => HttpResponse.json({ error: "x", code: "auth.passkey_failed" }, { status: 400 })));
    get.mockImplementation((request: CredentialRequestOptions) =>
      request.mediation === "conditional" ? new Promise(() => {}) : Promise.reject(new DOMException("closed", "NotAllowedError")),
    );
    const { view } = await mount();
    const user = userEvent.setup();
    await user.click(view.getByRole("button", { name: T.passkey }));
    await waitFor(() => expect(view.getByRole("button", { name: T.passkey })).toBeEnabled());
    expect(view.queryByRole("alert")).toBeNull();

    get.mockImplementation((request: CredentialRequestOptions) => (request.mediation === "conditional" ? new Promise(() => {}) : Promise.resolve(assertion)));
    await user.click(view.getByRole("button", { name: T.passkey }));
    await waitFor(() => expect(view.getByRole("alert")).toHaveTextContent(T.failed));
    expect(navigations).toEqual([]);
  });
});

describe("agency-login on a partner's page (an API on another origin)", () => {
  // A page asks once: each test is another page, with its own agency.
  let AGENCY = "";
  let n = 0;
  beforeEach(() => {
    AGENCY = `http://agency-${++n}.test/api`;
  });
  const heading = (view: { getByRole: (role: string, options: object) => HTMLElement }) => expect(view.getByRole("heading", { name: "Welcome back" })).toBeTruthy();

  it("offers no passkey where browsers do not honour the page's origin (its room kept unseen), and asks for no autofill", async () => {
    let asked = 0;
    server.use(
      http.get(`${AGENCY}/auth/passkey/available`, () => {
        asked++;
        return HttpResponse.json({ available: false });
      }),
    );
    const { view, el } = await renderElement("agency-login", `api-base="${AGENCY}" locale="en"`, heading);
    await waitFor(() => expect(asked).toBe(1));
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>("[part=passkey]")!;
    // Unseen (visibility: hidden, so out of the accessibility tree) and inert, for good.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(button.classList).toContain("login__unseen");
    expect(button).toBeDisabled();
    expect(view.getByRole("button", { name: "Log in" })).toBeEnabled();
    expect(get).not.toHaveBeenCalled();
  });

  it("offers it where they do, after keeping its room unseen while it asks", async () => {
    let answer!: () => void;
    server.use(
      http.get(`${AGENCY}/auth/passkey/available`, () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ available: true }))))),
      http.post(`${AGENCY}/auth/passkey/options`, () => HttpResponse.json({ options })),
    );
    get.mockReturnValue(new Promise(() => {}));
    const { el } = await renderElement("agency-login", `api-base="${AGENCY}" locale="en"`, heading);
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    const pending = el.shadowRoot!.querySelector<HTMLButtonElement>("[part=passkey]")!;
    expect(pending.classList).toContain("login__unseen");
    expect(pending).toBeDisabled();
    answer();
    const button = () => el.shadowRoot!.querySelector<HTMLButtonElement>("[part=passkey]")!;
    await waitFor(() => expect(button()).toBeEnabled());
    expect(button().classList).not.toContain("login__unseen");
    expect(button()).toHaveTextContent("Sign in with a passkey");
    await waitFor(() => expect(get).toHaveBeenCalledWith(expect.objectContaining({ mediation: "conditional" })));
  });

  it("offers none in a browser that says it cannot use related origins, whatever the server says", async () => {
    vi.stubGlobal(
      "PublicKeyCredential",
      Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => true, getClientCapabilities: async () => ({ relatedOrigins: false }) }),
    );
    let asked = false;
    server.use(
      http.get(`${AGENCY}/auth/passkey/available`, () => {
        asked = true;
        return HttpResponse.json({ available: true });
      }),
    );
    const { el } = await renderElement("agency-login", `api-base="${AGENCY}" locale="en"`, heading);
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(el.shadowRoot!.querySelector("[part=passkey]")!.classList).toContain("login__unseen");
  });
});
