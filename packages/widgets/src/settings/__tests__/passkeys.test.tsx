import type { Passkey } from "@agency/contract";
import { setSession } from "@agency/core";
import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ann, API, fill, focused, lastToast, renderElement, requestsHandler, setupApi } from "../../__tests__/element-kit";
import "../settings.element";

/**
 * The passkeys card of agency-settings, in nl and en: the list (name, added, last used), renaming, removing, and
 * adding one, with the password asked every time first. The browser's WebAuthn half is stood in for
 * (jsdom has none); e2e/passkeys.spec.ts adds one with a virtual authenticator in Chromium.
 */

const server = setupApi(requestsHandler());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const registration = { rp: { id: "agency.example", name: "agency.example" }, user: { id: "dTE", name: "ann@example.com", displayName: "Ann" }, challenge: "Y2hhbGxlbmdl", pubKeyCredParams: [] };
const created = {
  id: "bmV3",
  rawId: bytes("new"),
  type: "public-key",
  authenticatorAttachment: "platform",
  response: { clientDataJSON: bytes("{}"), attestationObject: bytes("att"), getTransports: () => ["internal"] },
  getClientExtensionResults: () => ({}),
};

let passkeys: Passkey[];
let sent: { url: string; body: unknown }[];
let create: ReturnType<typeof vi.fn>;
let get: ReturnType<typeof vi.fn>;
let passwordRequired: boolean;
const asserted = {
  id: "TGFwdG9w",
  rawId: bytes("Laptop"),
  type: "public-key",
  authenticatorAttachment: "platform",
  response: { clientDataJSON: bytes("{}"), authenticatorData: bytes("auth"), signature: bytes("sig"), userHandle: bytes("u1") },
  getClientExtensionResults: () => ({}),
};

beforeEach(() => {
  passkeys = [
    { id: "11111111-1111-4111-8111-111111111111", name: "Laptop", created_at: "2026-03-05T10:00:00Z", last_used_at: minutesAgo(5) },
    { id: "22222222-2222-4222-8222-222222222222", name: "Phone", created_at: "2026-04-01T10:00:00Z", last_used_at: null },
  ];
  sent = [];
  passwordRequired = false;
  create = vi.fn(async () => created);
  get = vi.fn(async () => asserted);
  vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
  Object.defineProperty(navigator, "credentials", { value: { create, get }, configurable: true });
  const record = async (request: Request) => {
    const text = await request.text();
    sent.push({ url: `${request.method} ${new URL(request.url).pathname}`, body: text ? JSON.parse(text) : null });
    return text ? JSON.parse(text) : null;
  };
  server.use(
    http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: null })),
    http.get(`${API}/account/sessions`, () => HttpResponse.json({ sessions: [], page: 1, pages: 1, total: 0 })),
    http.get(`${API}/account/passkeys`, () =>
      HttpResponse.json({ passkeys, accepted: { rpId: "agency.example", userId: "dTE", name: "ann@example.com", displayName: "Ann", credentialIds: passkeys.map((p) => `cred-${p.name}`) } }),
    ),
    http.post(`${API}/account/passkeys/options`, async ({ request }) => {
      const body = (await record(request)) as { password?: string };
      if (passwordRequired && body.password === undefined) return HttpResponse.json({ error: "x", code: "account.password_required", fields: ["password"] }, { status: 403 });
      if (passwordRequired && body.password !== "secret1") return HttpResponse.json({ error: "x", code: "account.wrong_password", fields: ["password"] }, { status: 400 });
      return HttpResponse.json({ options: registration });
    }),
    http.post(`${API}/account/passkeys/confirmation-options`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ options: { challenge: "Y29uZmlybQ", rpId: "agency.example", allowCredentials: [{ id: "TGFwdG9w", type: "public-key" }] } });
    }),
    http.post(`${API}/account/passkeys`, async ({ request }) => {
      await record(request);
      const passkey = { id: "33333333-3333-4333-8333-333333333333", name: "Chrome on Linux", created_at: new Date().toISOString(), last_used_at: null };
      passkeys = [...passkeys, passkey];
      return HttpResponse.json({ passkey }, { status: 201 });
    }),
    http.patch(`${API}/account/passkeys/:id`, async ({ request, params }) => {
      const { name } = (await record(request)) as { name: string };
      passkeys = passkeys.map((p) => (p.id === params.id ? { ...p, name } : p));
      return HttpResponse.json({ passkey: passkeys.find((p) => p.id === params.id) });
    }),
    http.delete(`${API}/account/passkeys/:id`, async ({ request, params }) => {
      await record(request);
      passkeys = passkeys.filter((p) => p.id !== params.id);
      return HttpResponse.json({ success: true, message: "ok" });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const T = {
  en: {
    title: "Passkeys",
    laptopUsed: "Added March 5, 2026 · Last used 5 minutes ago",
    phoneNever: "Added April 1, 2026 · Never used",
    rename: "Rename Laptop",
    name: "Passkey name",
    save: "Save name",
    renamed: "Passkey renamed",
    nameMissing: "Please enter a name",
    unavailable: "The service is temporarily unavailable. Please try again later.",
    cancel: "Cancel",
    remove: "Remove Phone",
    removeLaptop: "Remove Laptop",
    notHere: "Passkeys cannot be added on this page.",
    confirmRemove: "Remove passkey",
    removed: "Passkey removed",
    add: "Add a passkey",
    added: "Passkey added",
    confirmPassword: "Confirm your password",
    password: "Password",
    continue: "Continue",
    wrong: "The password is not correct.",
    withPasskey: "Use a passkey instead",
  },
  nl: {
    title: "Toegangssleutels",
    laptopUsed: "Toegevoegd op 5 maart 2026 · Laatst gebruikt 5 minuten geleden",
    phoneNever: "Toegevoegd op 1 april 2026 · Nog nooit gebruikt",
    rename: "Naam van Laptop wijzigen",
    name: "Naam van de toegangssleutel",
    save: "Naam opslaan",
    renamed: "Naam van de toegangssleutel gewijzigd",
    nameMissing: "Vul een naam in",
    unavailable: "De dienst is tijdelijk niet beschikbaar. Probeer het later opnieuw.",
    cancel: "Annuleren",
    remove: "Phone verwijderen",
    removeLaptop: "Laptop verwijderen",
    notHere: "Op deze pagina kun je geen toegangssleutel toevoegen.",
    confirmRemove: "Toegangssleutel verwijderen",
    removed: "Toegangssleutel verwijderd",
    add: "Toegangssleutel toevoegen",
    added: "Toegangssleutel toegevoegd",
    confirmPassword: "Bevestig je wachtwoord",
    password: "Wachtwoord",
    continue: "Doorgaan",
    wrong: "Het wachtwoord klopt niet.",
    withPasskey: "Gebruik een toegangssleutel",
  },
};

describe.each(["en", "nl"] as const)("agency-settings passkeys (%s)", (locale) => {
  const t = T[locale];
  async function mount() {
    setSession(ann, "tok");
    const { el, view } = await renderElement("agency-settings", `api-base="${API}" locale="${locale}"`);
    // The card is in the panels that load after the first screen: on a busy machine that takes a while the first time.
    await waitFor(() => expect(view.getByRole("heading", { level: 2, name: t.title })).toBeInTheDocument(), { timeout: 15_000 });
    const card = () => within(el.shadowRoot!.querySelector("[part=passkeys]") as HTMLElement);
    await waitFor(() => expect(card().getByText("Laptop")).toBeInTheDocument());
    const events: { type: string; detail: unknown }[] = [];
    for (const type of ["agency-passkey-add", "agency-passkey-remove"]) el.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
    return { el, view, card, events };
  }

  it("lists each passkey with its name, when it was added and when it was last used", async () => {
    const { card } = await mount();
    expect(card().getAllByRole("listitem")).toHaveLength(2);
    expect(card().getByText(t.laptopUsed)).toBeInTheDocument();
    expect(card().getByText(t.phoneNever)).toBeInTheDocument();
  });

  it("renames a passkey in place", async () => {
    const { card } = await mount();
    const user = userEvent.setup();
    await user.click(card().getByRole("button", { name: t.rename }));
    const field = card().getByLabelText(t.name);
    fill(field, "Work laptop");
    await user.click(card().getByRole("button", { name: t.save }));
    await waitFor(() => expect(card().getByText("Work laptop")).toBeInTheDocument());
    expect(sent).toEqual([{ url: "PATCH /api/account/passkeys/11111111-1111-4111-8111-111111111111", body: { name: "Work laptop" } }]);
    expect(lastToast()).toMatchObject({ kind: "success", message: t.renamed });
  });

  it("says under the name what is wrong with it, focusing it, and a cancelled rename keeps the old name", async () => {
    server.use(http.patch(`${API}/account/passkeys/:id`, () => HttpResponse.json({ error: "x", code: "server.unavailable" }, { status: 503 })));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { card } = await mount();
    const user = userEvent.setup();
    await user.click(card().getByRole("button", { name: t.rename }));
    const field = card().getByLabelText(t.name);
    fill(field, "  ");
    await user.click(card().getByRole("button", { name: t.save }));
    expect(field).toHaveAccessibleDescription(t.nameMissing);
    await waitFor(() => expect(focused(field)).toBe(true));

    fill(field, "Work laptop");
    expect(field).toHaveAttribute("aria-invalid", "false");
    await user.click(card().getByRole("button", { name: t.save }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(t.unavailable));
    await waitFor(() => expect(focused(field)).toBe(true));
    expect(field).toBeEnabled();

    await user.click(card().getByRole("button", { name: t.cancel }));
    await waitFor(() => expect(focused(card().getByRole("button", { name: t.rename }))).toBe(true));
    await user.click(card().getByRole("button", { name: t.rename }));
    expect(card().getByLabelText(t.name)).toHaveValue("Laptop");
    expect(card().getByLabelText(t.name)).toHaveAttribute("aria-invalid", "false");
  });

  it("removes a passkey after a confirmation, and says so with agency-passkey-remove", async () => {
    const { card, view, events } = await mount();
    const user = userEvent.setup();
    await user.click(card().getByRole("button", { name: t.remove }));
    const dialog = view.getByRole("dialog", { name: t.confirmRemove });
    await user.click(within(dialog).getByRole("button", { name: t.confirmRemove }));
    await waitFor(() => expect(card().queryByText("Phone")).toBeNull());
    expect(sent).toEqual([{ url: "DELETE /api/account/passkeys/22222222-2222-4222-8222-222222222222", body: null }]);
    expect(events).toEqual([{ type: "agency-passkey-remove", detail: { passkey: expect.objectContaining({ name: "Phone" }) } }]);
    expect(lastToast()).toMatchObject({ kind: "success", message: t.removed });
  });

  it("tells the device through the WebAuthn Signal API which passkeys the site still accepts, and whose they are, after each list", async () => {
    const signalAllAcceptedCredentials = vi.fn(async () => undefined);
    const signalCurrentUserDetails = vi.fn(async () => undefined);
    vi.stubGlobal("PublicKeyCredential", Object.assign(function PublicKeyCredential() {}, { signalAllAcceptedCredentials, signalCurrentUserDetails }));
    const { card, view } = await mount();
    expect(signalAllAcceptedCredentials).toHaveBeenLastCalledWith({ rpId: "agency.example", userId: "dTE", allAcceptedCredentialIds: ["cred-Laptop", "cred-Phone"] });
    expect(signalCurrentUserDetails).toHaveBeenLastCalledWith({ rpId: "agency.example", userId: "dTE", name: "ann@example.com", displayName: "Ann" });

    const user = userEvent.setup();
    await user.click(card().getByRole("button", { name: t.remove }));
    await user.click(within(view.getByRole("dialog", { name: t.confirmRemove })).getByRole("button", { name: t.confirmRemove }));
    await waitFor(() =>
      expect(signalAllAcceptedCredentials).toHaveBeenLastCalledWith({ rpId: "agency.example", userId: "dTE", allAcceptedCredentialIds: ["cred-Laptop"] }),
    );

    // The last one removed: the device hears that none is accepted; a refusal of the browser changes nothing.
    signalAllAcceptedCredentials.mockRejectedValue(new DOMException("not this origin", "SecurityError"));
    await user.click(card().getByRole("button", { name: t.removeLaptop }));
    await user.click(within(view.getByRole("dialog", { name: t.confirmRemove })).getByRole("button", { name: t.confirmRemove }));
    await waitFor(() => expect(signalAllAcceptedCredentials).toHaveBeenLastCalledWith(expect.objectContaining({ allAcceptedCredentialIds: [] })));
    await waitFor(() => expect(card().queryByText("Laptop")).toBeNull());
  });

  it("on a partner's page where browsers do not accept the site's passkeys, lists them but offers none to add", async () => {
    const agency = "http://agency.test/api";
    server.use(
      http.get(`${agency}/auth/passkey/available`, () => HttpResponse.json({ available: false })),
      http.get(`${agency}/subscriptions/current`, () => HttpResponse.json({ subscription: null })),
      http.get(`${agency}/account/sessions`, () => HttpResponse.json({ sessions: [], page: 1, pages: 1, total: 0 })),
      http.get(`${agency}/account/passkeys`, () => HttpResponse.json({ passkeys })),
    );
    // The elements' own session keys on a partner's page.
    localStorage.setItem("agency.token", "tok");
    localStorage.setItem("agency.user", JSON.stringify(ann));
    onTestFinished(() => localStorage.clear());
    const { el } = await renderElement("agency-settings", `api-base="${agency}" locale="${locale}"`);
    const card = () => within(el.shadowRoot!.querySelector("[part=passkeys]") as HTMLElement);
    await waitFor(() => expect(card().getByText(t.notHere)).toBeInTheDocument(), { timeout: 15_000 });
    expect(card().getByText("Laptop")).toBeInTheDocument();
    expect(card().queryByRole("button", { name: t.add })).toBeNull();
  });

  it("adds a passkey through the password and the browser's prompt", async () => {
    const { card, view, events } = await mount();
    const user = userEvent.setup();
    await user.click(card().getByRole("button", { name: t.add }));
    const dialog = await waitFor(() => view.getByRole("dialog", { name: t.confirmPassword }));
    fill(within(dialog).getByLabelText(t.password), "secret1");
    await user.click(within(dialog).getByRole("button", { name: t.continue }));
    await waitFor(() => expect(card().getByText("Chrome on Linux")).toBeInTheDocument());
    expect(create).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.url)).toEqual(["POST /api/account/passkeys/options", "POST /api/account/passkeys"]);
    expect(sent[0]!.body).toEqual({ password: "secret1" });
    expect(sent[1]!.body).toEqual({ credential: expect.objectContaining({ id: "bmV3", type: "public-key" }), basePath: "/" });
    expect(events).toEqual([{ type: "agency-passkey-add", detail: { passkey: expect.objectContaining({ name: "Chrome on Linux" }) } }]);
    expect(lastToast()).toMatchObject({ kind: "success", message: t.added });
  });

  it("confirms with one of the account's passkeys in place of the password", async () => {
    const { card, view } = await mount();
    const user = userEvent.setup();
    await user.click(card().getByRole("button", { name: t.add }));
    const dialog = await waitFor(() => view.getByRole("dialog", { name: t.confirmPassword }));
    await user.click(await within(dialog).findByRole("button", { name: t.withPasskey }));
    await waitFor(() => expect(card().getByText("Chrome on Linux")).toBeInTheDocument());
    expect(get).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.url)).toEqual(["POST /api/account/passkeys/confirmation-options", "POST /api/account/passkeys/options", "POST /api/account/passkeys"]);
    expect(sent[1]!.body).toEqual({ passkey: expect.objectContaining({ id: "TGFwdG9w", type: "public-key", response: expect.objectContaining({ signature: expect.any(String) }) }) });

    // A plain button: the Enter key in the password field sends the password, as before.
    await user.click(await card().findByRole("button", { name: t.add }));
    const again = await waitFor(() => view.getByRole("dialog", { name: t.confirmPassword }));
    expect(await within(again).findByRole("button", { name: t.withPasskey })).toHaveAttribute("type", "button");
  });

  it("offers no passkey to confirm with to an account that has none", async () => {
    const { card, view } = await mount();
    const user = userEvent.setup();
    // Both passkeys removed: the list the dialog is opened from has none.
    passkeys = [];
    await user.click(card().getByRole("button", { name: t.removeLaptop }));
    await user.click(await waitFor(() => view.getByRole("button", { name: t.confirmRemove })));
    await waitFor(() => expect(card().queryByText("Laptop")).toBeNull());
    await user.click(card().getByRole("button", { name: t.add }));
    const dialog = await waitFor(() => view.getByRole("dialog", { name: t.confirmPassword }));
    expect(within(dialog).getByRole("button", { name: t.continue })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: t.withPasskey })).toBeNull();
  });

  it("asks for the password every time, however fresh the session, and shows a wrong one in the dialog", async () => {
    passwordRequired = true;
    const { card, view } = await mount();
    const user = userEvent.setup();
    await user.click(card().getByRole("button", { name: t.add }));
    const dialog = await waitFor(() => view.getByRole("dialog", { name: t.confirmPassword }));
    expect(sent).toEqual([]);
    fill(within(dialog).getByLabelText(t.password), "wrong");
    await user.click(within(dialog).getByRole("button", { name: t.continue }));
    await waitFor(() => expect(within(dialog).getByText(t.wrong)).toBeInTheDocument());
    expect(create).not.toHaveBeenCalled();
    fill(within(dialog).getByLabelText(t.password), "secret1");
    await user.click(within(dialog).getByRole("button", { name: t.continue }));
    await waitFor(() => expect(card().getByText("Chrome on Linux")).toBeInTheDocument());
    expect(view.queryByRole("dialog")).toBeNull();
    expect(sent.map((s) => s.body)).toEqual([{ password: "wrong" }, { password: "secret1" }, expect.objectContaining({ credential: expect.anything() })]);
  });
});
