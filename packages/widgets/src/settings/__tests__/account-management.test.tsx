import type { AccountSession, User } from "@agency/contract";
import { getSession, setSession } from "@agency/core";
import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ann, API, fill, focused, lastToast, renderElement, setupApi } from "../../__tests__/element-kit";
import "../settings.element";

/**
 * What agency-settings lets a signed-in visitor manage besides the subscription: verifying the e-mail address, the
 * name, the e-mail address, the password and the signed-in devices, in nl and en.
 */

const server = setupApi();

const unverified: User = { ...ann, email_verified: false };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** This device and two others, as the server lists them now. */
const devices = (): AccountSession[] => [
  { id: "11111111-1111-4111-8111-111111111111", browser: "Chrome", os: "macOS", created_at: minutesAgo(60 * 24 * 3), last_used_at: minutesAgo(0), current: true },
  { id: "22222222-2222-4222-8222-222222222222", browser: "Safari", os: "iOS", created_at: minutesAgo(60 * 24 * 10), last_used_at: minutesAgo(5), current: false },
  { id: "33333333-3333-4333-8333-333333333333", browser: null, os: null, created_at: minutesAgo(60 * 24 * 20), last_used_at: minutesAgo(60 * 3), current: false },
];

/** The server's answer for one page of `all` (10 a page), as GET /account/sessions?page= gives it. */
function sessionPage(all: AccountSession[], url: string) {
  const page = Number(new URL(url).searchParams.get("page") ?? "1");
  return HttpResponse.json({ sessions: all.slice((page - 1) * 10, page * 10), page, pages: Math.max(1, Math.ceil(all.length / 10)), total: all.length });
}

let sessions: AccountSession[];
let listed: AccountSession[];
const sent: { url: string; body: unknown }[] = [];
const record = async (request: Request) => {
  const text = await request.text();
  sent.push({ url: `${request.method} ${new URL(request.url).pathname}`, body: text ? JSON.parse(text) : null });
};

beforeEach(() => {
  sessions = devices();
  listed = sessions.map((s) => ({ ...s }));
  sent.length = 0;
  server.use(
    http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: null })),
    http.get(`${API}/account/sessions`, ({ request }) => sessionPage(listed, request.url)),
    http.get(`${API}/account/two-factor`, () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 })),
    http.get(`${API}/account/passkeys`, () => HttpResponse.json({ passkeys: [] })),
    http.get(`${API}/auth/me`, () => HttpResponse.json({ user: getSession().user })),
  );
});

const yourData = {
  en: {
    title: "Your data",
    note: "Quote requests sent with ann@example.com become part of your data once you verify the address.",
    delete: "Delete account",
    permanent: "This permanently deletes your account.",
  },
  nl: {
    title: "Je gegevens",
    note: "Offerteaanvragen die met ann@example.com zijn verstuurd, horen bij je gegevens zodra je het adres bevestigt.",
    delete: "Account verwijderen",
    permanent: "Hiermee verwijder je je account definitief.",
  },
};

const accountHeading = { en: "Account Information", nl: "Accountgegevens" };

const T = {
  en: {
    verify: "Verify your e-mail address",
    resend: "Resend verification e-mail",
    resent: "We sent a new link to ann@example.com. It works for 24 hours.",
    tooMany: "We have sent this e-mail several times already. Try again in 40 minutes.",
    verified: "Verified",
    notVerified: "Not verified",
    noSubscription: "No active subscription",
    choosePlan: "Choose a plan",
    changeName: "Change name",
    name: "Name",
    saveName: "Save name",
    nameSaved: "Your name has been saved",
    changeEmail: "Change e-mail address",
    newEmail: "New e-mail address",
    currentPassword: "Current password",
    sendLink: "Send confirmation link",
    invalidEmail: "Please enter a valid e-mail address",
    wrongPassword: "The password is not correct.",
    linkSent: "We sent a link to new@example.com. Your address changes once you follow it.",
    pending: "Waiting for confirmation: we sent a link to new@example.com.",
    password: "Change password",
    newPassword: "New password",
    confirmPassword: "Confirm new password",
    mismatch: "Passwords do not match",
    tooShort: "Password must be at least 8 characters",
    passwordChanged: "Your password has been changed. Every other device has been signed out.",
    devices: "Signed-in devices",
    thisDevice: "This device",
    chrome: "Chrome on macOS",
    safari: "Safari on iOS",
    unknown: "Unknown device",
    lastActive: "Last active 5 minutes ago",
    lastActiveHours: "Last active 3 hours ago",
    signOutSafari: "Sign out Safari on iOS",
    signedOutSafari: "Safari on iOS has been signed out",
    everywhere: "Sign out everywhere else",
    signedOutOthers: "1 other device has been signed out",
    showMore: "Show more devices (10 of 23)",
    showMoreAgain: "Show more devices (20 of 23)",
  },
  nl: {
    verify: "Bevestig je e-mailadres",
    resend: "Bevestigingsmail opnieuw versturen",
    resent: "We hebben een nieuwe link gestuurd naar ann@example.com. Die werkt 24 uur.",
    tooMany: "We hebben deze e-mail al een paar keer gestuurd. Probeer het over 40 minuten opnieuw.",
    verified: "Bevestigd",
    notVerified: "Niet bevestigd",
    noSubscription: "Geen actief abonnement",
    choosePlan: "Kies een abonnement",
    changeName: "Naam wijzigen",
    name: "Naam",
    saveName: "Naam opslaan",
    nameSaved: "Je naam is opgeslagen",
    changeEmail: "E-mailadres wijzigen",
    newEmail: "Nieuw e-mailadres",
    currentPassword: "Huidig wachtwoord",
    sendLink: "Bevestigingslink versturen",
    invalidEmail: "Vul een geldig e-mailadres in",
    wrongPassword: "Het wachtwoord klopt niet.",
    linkSent: "We hebben een link gestuurd naar new@example.com. Je adres verandert zodra je die volgt.",
    pending: "Wacht op bevestiging: we hebben een link gestuurd naar new@example.com.",
    password: "Wachtwoord wijzigen",
    newPassword: "Nieuw wachtwoord",
    confirmPassword: "Bevestig nieuw wachtwoord",
    mismatch: "Wachtwoorden komen niet overeen",
    tooShort: "Wachtwoord moet minimaal 8 tekens zijn",
    passwordChanged: "Je wachtwoord is gewijzigd. Alle andere apparaten zijn uitgelogd.",
    devices: "Ingelogde apparaten",
    thisDevice: "Dit apparaat",
    chrome: "Chrome op macOS",
    safari: "Safari op iOS",
    unknown: "Onbekend apparaat",
    lastActive: "Laatst actief 5 minuten geleden",
    lastActiveHours: "Laatst actief 3 uur geleden",
    signOutSafari: "Safari op iOS uitloggen",
    signedOutSafari: "Safari op iOS is uitgelogd",
    everywhere: "Overal anders uitloggen",
    signedOutOthers: "1 ander apparaat is uitgelogd",
    showMore: "Meer apparaten tonen (10 van 23)",
    showMoreAgain: "Meer apparaten tonen (20 van 23)",
  },
};

describe.each(["en", "nl"] as const)("agency-settings account management (%s)", (locale) => {
  const t = T[locale];
  async function mount(user: User = ann) {
    setSession(user, "tok");
    const { el, view } = await renderElement("agency-settings", `api-base="${API}" locale="${locale}"`, (ui) =>
      expect(ui.getByRole("heading", { level: 2, name: t.devices })).toBeInTheDocument(),
    );
    // The devices list comes with the panel's chunk; a cold first mount can take over a second.
    await waitFor(() => expect(view.getByText(t.chrome)).toBeInTheDocument(), { timeout: 10_000 });
    const events: { type: string; detail: unknown }[] = [];
    for (const type of ["agency-profile-change", "agency-email-change-request", "agency-password-change", "agency-sessions-revoke"]) {
      el.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
    }
    return { el, ui: view, events };
  }

  describe("e-mail verification", () => {
    it("says the address is not verified and why, and resends the link in the element's language and base path", async () => {
      server.use(http.post(`${API}/auth/resend-verification`, async ({ request }) => (await record(request), HttpResponse.json({ success: true, message: "x" }))));
      const { ui } = await mount(unverified);
      const notice = ui.getByRole("heading", { level: 2, name: t.verify }).closest("section")!;
      expect(notice).toHaveAttribute("part", "verify");
      expect(ui.getByText(t.notVerified)).toBeInTheDocument();
      await userEvent.setup().click(within(notice).getByRole("button", { name: t.resend }));
      await waitFor(() => expect(within(notice).getByRole("status")).toHaveTextContent(t.resent));
      expect(sent).toEqual([{ url: "POST /api/auth/resend-verification", body: { language: locale, basePath: "/" } }]);
    });

    it("shows the server's limit in the element's language", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      server.use(
        http.post(`${API}/auth/resend-verification`, () =>
          HttpResponse.json({ error: "x", code: "account.too_many_mails", retryAfter: 2400 }, { status: 429, headers: { "retry-after": "2400" } }),
        ),
      );
      const { ui } = await mount(unverified);
      await userEvent.setup().click(ui.getByRole("button", { name: t.resend }));
      expect(await ui.findByRole("alert")).toHaveTextContent(t.tooMany);
    });

    it("is not shown for a verified address, which is marked verified", async () => {
      const { ui } = await mount();
      expect(ui.queryByRole("heading", { name: t.verify })).toBeNull();
      expect(ui.getByText(t.verified)).toBeInTheDocument();
    });
  });

  it("tells an unverified account that its quote requests are not part of its data yet, and does not promise to delete them", async () => {
    const { ui } = await mount(unverified);
    const data = within(ui.getByRole("heading", { level: 2, name: yourData[locale].title }).closest("section")!);
    expect(data.getByText(yourData[locale].note)).toBeInTheDocument();
    await userEvent.setup().click(data.getByRole("button", { name: yourData[locale].delete }));
    const dialog = ui.getByRole("dialog");
    expect(dialog).not.toHaveTextContent("ann@example.com");
    expect(dialog).toHaveTextContent(yourData[locale].permanent);
  });

  it("works without a subscription: 'No active subscription' with a link to subscribe", async () => {
    const { ui } = await mount();
    await waitFor(() => expect(ui.getByText(t.noSubscription)).toBeInTheDocument());
    expect(ui.getByRole("link", { name: t.choosePlan })).toHaveAttribute("href", "/subscribe");
  });

  it("changes the name in place, then gives focus back to its button", async () => {
    server.use(
      http.patch(`${API}/account/profile`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ user: { ...ann, name: "Ann Renamed" } });
      }),
    );
    const { el, ui, events } = await mount();
    const u = userEvent.setup();
    await u.click(ui.getByRole("button", { name: t.changeName }));
    const field = await ui.findByLabelText(t.name);
    await waitFor(() => expect(focused(field)).toBe(true));
    fill(field, "  Ann Renamed ");
    await u.click(ui.getByRole("button", { name: t.saveName }));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "success", message: t.nameSaved, locale }));
    expect(sent).toEqual([{ url: "PATCH /api/account/profile", body: { name: "Ann Renamed" } }]);
    expect(getSession().user?.name).toBe("Ann Renamed");
    expect(events).toEqual([{ type: "agency-profile-change", detail: { user: { ...ann, name: "Ann Renamed" } } }]);
    await waitFor(() => expect(el.shadowRoot!.activeElement).toBe(ui.getByRole("button", { name: t.changeName })));
  });

  it("asks for a new address with the current password; the address waits for its link", async () => {
    server.use(
      http.post(`${API}/account/email`, async ({ request }) => {
        await record(request);
        const body = sent.at(-1)!.body as { password: string };
        if (body.password !== "secret1-pass") {
          return HttpResponse.json({ error: "x", code: "account.wrong_password", fields: ["password"] }, { status: 400 });
        }
        setSession({ ...ann, pending_email: "new@example.com" }, "tok");
        return HttpResponse.json({ success: true, message: "x" });
      }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { ui, events } = await mount();
    const card = within(ui.getByRole("heading", { level: 2, name: accountHeading[locale] }).closest("section")!);
    const u = userEvent.setup();
    await u.click(card.getByRole("button", { name: t.changeEmail }));
    const address = await card.findByLabelText(t.newEmail);
    await u.click(card.getByRole("button", { name: t.sendLink }));
    expect(address).toHaveAccessibleDescription(t.invalidEmail);
    expect(sent).toEqual([]);

    fill(address, "New@Example.com");
    fill(card.getByLabelText(t.currentPassword), "wrong");
    await u.click(card.getByRole("button", { name: t.sendLink }));
    await waitFor(() => expect(card.getByLabelText(t.currentPassword)).toHaveAccessibleDescription(t.wrongPassword));

    fill(card.getByLabelText(t.currentPassword), "secret1-pass");
    await u.click(card.getByRole("button", { name: t.sendLink }));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "success", message: t.linkSent, locale }));
    expect(sent.at(-1)).toEqual({
      url: "POST /api/account/email",
      body: { newEmail: "new@example.com", password: "secret1-pass", language: locale, basePath: "/" },
    });
    expect(events).toEqual([{ type: "agency-email-change-request", detail: { email: "new@example.com" } }]);
    await waitFor(() => expect(ui.getByText(t.pending, { exact: false })).toBeInTheDocument());
    // The account keeps its address until the link is followed.
    expect(within(ui.getByRole("heading", { level: 2, name: accountHeading[locale] }).closest("section")!).getByText("ann@example.com", { exact: false })).toBeInTheDocument();
  });

  it("changes the password: checks the form first, then keeps this device and reloads the devices", async () => {
    let listedAfter = 0;
    server.use(
      http.post(`${API}/account/password`, async ({ request }) => {
        await record(request);
        listed = listed.filter((s) => s.current);
        return HttpResponse.json({ success: true, message: "x" });
      }),
      http.get(`${API}/account/sessions`, ({ request }) => (listedAfter++, sessionPage(listed, request.url))),
    );
    const { ui, events } = await mount();
    const card = ui.getByRole("heading", { level: 2, name: t.password }).closest("section")!;
    expect(card).toHaveAttribute("part", "password");
    const form = within(card);
    const u = userEvent.setup();
    fill(form.getByLabelText(t.currentPassword), "secret1-pass");
    fill(form.getByLabelText(t.newPassword), "short");
    await u.click(form.getByRole("button", { name: t.password }));
    expect(form.getByLabelText(t.newPassword)).toHaveAccessibleDescription(expect.stringContaining(t.tooShort));
    fill(form.getByLabelText(t.newPassword), "brand-new-9");
    fill(form.getByLabelText(t.confirmPassword), "brand-new-8");
    await u.click(form.getByRole("button", { name: t.password }));
    expect(form.getByLabelText(t.confirmPassword)).toHaveAccessibleDescription(t.mismatch);
    expect(sent).toEqual([]);

    fill(form.getByLabelText(t.confirmPassword), "brand-new-9");
    const before = listedAfter;
    await u.click(form.getByRole("button", { name: t.password }));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "success", message: t.passwordChanged, locale }));
    expect(sent).toEqual([{ url: "POST /api/account/password", body: { currentPassword: "secret1-pass", newPassword: "brand-new-9" } }]);
    expect(events).toEqual([{ type: "agency-password-change", detail: { email: "ann@example.com" } }]);
    expect(form.getByLabelText(t.currentPassword)).toHaveValue("");
    await waitFor(() => expect(listedAfter).toBeGreaterThan(before));
    await waitFor(() => expect(ui.queryByText(t.safari)).toBeNull());
    expect(getSession().isAuthenticated).toBe(true);
  });

  it("lists the devices: this one marked, the others with their last use; signs out one, then everywhere else", async () => {
    server.use(
      http.delete(`${API}/account/sessions/:id`, async ({ request, params }) => {
        await record(request);
        await delay(50);
        listed = listed.filter((s) => s.id !== params.id);
        return HttpResponse.json({ success: true, message: "x" });
      }),
      http.delete(`${API}/account/sessions`, async ({ request }) => {
        await record(request);
        const revoked = listed.filter((s) => !s.current).length;
        listed = listed.filter((s) => s.current);
        return HttpResponse.json({ success: true, message: "x", revoked });
      }),
    );
    const { ui, events } = await mount();
    const card = ui.getByRole("heading", { level: 2, name: t.devices }).closest("section")!;
    expect(card).toHaveAttribute("part", "sessions");
    const rows = within(card).getAllByRole("listitem");
    expect(rows.map((row) => row.getAttribute("part"))).toEqual(["session", "session", "session"]);
    expect(rows[0]).toHaveTextContent(t.chrome);
    expect(rows[0]).toHaveTextContent(t.thisDevice);
    expect(within(rows[0]!).queryByRole("button")).toBeNull();
    expect(rows[1]).toHaveTextContent(t.safari);
    expect(rows[1]).toHaveTextContent(t.lastActive);
    expect(rows[2]).toHaveTextContent(t.unknown);
    expect(rows[2]).toHaveTextContent(t.lastActiveHours);

    const u = userEvent.setup();
    await u.click(within(card).getByRole("button", { name: t.signOutSafari }));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "success", message: t.signedOutSafari, locale }));
    await waitFor(() => expect(within(card).queryByText(t.safari)).toBeNull());

    await u.click(within(card).getByRole("button", { name: t.everywhere }));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "success", message: t.signedOutOthers, locale }));
    await waitFor(() => expect(within(card).getAllByRole("listitem")).toHaveLength(1));
    expect(within(card).getByRole("button", { name: t.everywhere })).toBeDisabled();
    expect(sent.map((s) => s.url)).toEqual([`DELETE /api/account/sessions/${sessions[1]!.id}`, "DELETE /api/account/sessions"]);
    expect(events).toEqual([
      { type: "agency-sessions-revoke", detail: { revoked: 1 } },
      { type: "agency-sessions-revoke", detail: { revoked: 1 } },
    ]);
    expect(getSession().isAuthenticated).toBe(true);
  });
  it("lists the devices a page at a time: more on request, until all are shown", async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      ...(i === 0 ? sessions[0]! : sessions[1]!),
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      last_used_at: minutesAgo(i * 10),
    }));
    server.use(http.get(`${API}/account/sessions`, ({ request }) => sessionPage(many, request.url)));
    const { ui } = await mount();
    const card = within(ui.getByRole("heading", { level: 2, name: t.devices }).closest("section")!);
    await waitFor(() => expect(card.queryAllByRole("listitem")).toHaveLength(10), { timeout: 5000 });
    const u = userEvent.setup();
    await u.click(card.getByRole("button", { name: t.showMore }));
    await waitFor(() => expect(card.queryAllByRole("listitem")).toHaveLength(20), { timeout: 5000 });
    await u.click(card.getByRole("button", { name: t.showMoreAgain }));
    await waitFor(() => expect(card.queryAllByRole("listitem")).toHaveLength(23), { timeout: 5000 });
    expect(card.queryByRole("button", { name: /Show more|Meer apparaten/ })).toBeNull();
  });
});
