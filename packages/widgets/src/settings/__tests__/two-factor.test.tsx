import { setSession } from "@agency/core";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { ann, API, fill, focused, lastToast, renderElement, setupApi } from "../../__tests__/element-kit";
import "../settings.element";

/**
 * agency-settings' two-step verification card: turn on with a code and the password, recovery codes once, new codes
 * with the password, turn off; nl and en.
 */

const server = setupApi();
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const codes = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JKLM-NPQ${i}`);
const sent: { url: string; body: unknown }[] = [];
let enabled: boolean;

beforeEach(() => {
  sent.length = 0;
  enabled = false;
  const record = async (request: Request) => {
    const text = await request.text();
    sent.push({ url: new URL(request.url).pathname.replace("/api", ""), body: text ? JSON.parse(text) : null });
  };
  server.use(
    http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: null })),
    http.get(`${API}/subscriptions/invoices`, () => HttpResponse.json({ invoices: [] })),
    http.get(`${API}/account/sessions`, () => HttpResponse.json({ sessions: [], page: 1, pages: 1, total: 0 })),
    http.get(`${API}/account/two-factor`, () => HttpResponse.json({ enabled, recoveryCodesLeft: enabled ? 7 : 0 })),
    http.post(`${API}/account/two-factor/setup`, async ({ request }) => (await record(request), HttpResponse.json({ secret: SECRET, otpauthUrl: `otpauth://totp/Pixelwerf:ann%40example.com?secret=${SECRET}&issuer=Pixelwerf` }))),
    http.post(`${API}/account/two-factor/enable`, async ({ request }) => {
      await record(request);
      const { code, password } = sent.at(-1)!.body as { code: string; password?: string };
      if (password !== "secret1") return HttpResponse.json({ error: "x", code: "account.wrong_password", fields: ["password"] }, { status: 400 });
      if (code !== "123456") return HttpResponse.json({ error: "x", code: "auth.code_invalid", fields: ["code"] }, { status: 400 });
      return HttpResponse.json({ recoveryCodes: codes });
    }),
    http.post(`${API}/account/two-factor/recovery-codes`, async ({ request }) => (await record(request), HttpResponse.json({ recoveryCodes: codes }))),
    http.post(`${API}/account/two-factor/disable`, async ({ request }) => {
      await record(request);
      const { password } = sent.at(-1)!.body as { password: string };
      if (password !== "secret1") return HttpResponse.json({ error: "x", code: "account.wrong_password", fields: ["password"] }, { status: 400 });
      return HttpResponse.json({ success: true, message: "off" });
    }),
  );
});

const T = {
  en: {
    card: "Two-step verification",
    off: "Two-step verification is off",
    on: "Two-step verification is on",
    turnOn: "Turn on two-step verification",
    setUp: "Set up your authenticator app",
    qr: "QR code for your authenticator app",
    code: "Code from your authenticator app",
    confirm: "Turn on",
    wrong: "This code is not correct, or it has already been used.",
    save: "Save your recovery codes",
    codesList: "Recovery codes",
    saved: "I have saved my codes",
    left: "7 recovery codes left.",
    newCodes: "New recovery codes",

    make: "Make new codes",
    turnOff: "Turn off",
    password: "Password",
    codeOrRecovery: "Code from your authenticator app or a recovery code",
    confirmOff: "Turn off two-step verification",
    wrongPassword: "The password is not correct.",
    isOn: "Two-step verification is on",
  },
  nl: {
    card: "Tweestapsverificatie",
    off: "Tweestapsverificatie staat uit",
    on: "Tweestapsverificatie staat aan",
    turnOn: "Tweestapsverificatie aanzetten",
    setUp: "Stel je authenticator-app in",
    qr: "QR-code voor je authenticator-app",
    code: "Code uit je authenticator-app",
    confirm: "Aanzetten",
    wrong: "Deze code klopt niet of is al gebruikt.",
    save: "Bewaar je herstelcodes",
    codesList: "Herstelcodes",
    saved: "Ik heb mijn codes bewaard",
    left: "Nog 7 herstelcodes over.",
    newCodes: "Nieuwe herstelcodes",

    make: "Nieuwe codes maken",
    turnOff: "Uitzetten",
    password: "Wachtwoord",
    codeOrRecovery: "Code uit je authenticator-app of een herstelcode",
    confirmOff: "Tweestapsverificatie uitzetten",
    wrongPassword: "Het wachtwoord klopt niet.",
    isOn: "Tweestapsverificatie staat aan",
  },
};

describe.each(["en", "nl"] as const)("agency-settings two-step verification (%s)", (locale) => {
  const t = T[locale];
  async function mount() {
    setSession(ann, "tok");
    const { el, view } = await renderElement("agency-settings", `api-base="${API}" locale="${locale}"`);
    // The card loads with the panels after the first screen (the first time in a run, with their chunk).
    await view.findByRole("heading", { level: 2, name: t.card }, { timeout: 15_000 });
    const events: unknown[] = [];
    el.addEventListener("agency-two-factor-change", (event) => events.push((event as CustomEvent).detail));
    return { ui: view, events };
  }

  it("turns on: QR code and key, a wrong code refused, then the ten codes once, each step's heading focused", async () => {
    const { ui, events } = await mount();
    const u = userEvent.setup();
    await u.click(await ui.findByRole("button", { name: t.turnOn }));
    const setUp = await ui.findByRole("heading", { name: t.setUp });
    await waitFor(() => expect(focused(setUp)).toBe(true));
    expect(ui.getByRole("img", { name: t.qr }).getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(ui.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();

    // Turning it on takes the password too: nothing is sent without it.
    fill(ui.getByLabelText(t.code), "654321");
    await u.click(ui.getByRole("button", { name: t.confirm }));
    expect(ui.getByLabelText(t.password)).toHaveAttribute("aria-invalid", "true");
    expect(sent.map((s) => s.url)).toEqual(["/account/two-factor/setup"]);
    fill(ui.getByLabelText(t.password), "wrong-one");
    await u.click(ui.getByRole("button", { name: t.confirm }));
    await waitFor(() => expect(ui.getByText(t.wrongPassword)).toBeInTheDocument());
    expect(ui.getByLabelText(t.password)).toHaveAttribute("aria-invalid", "true");
    fill(ui.getByLabelText(t.password), "secret1");
    await u.click(ui.getByRole("button", { name: t.confirm }));
    await waitFor(() => expect(ui.getByText(t.wrong)).toBeInTheDocument());
    expect(ui.getByLabelText(t.code)).toHaveAttribute("aria-invalid", "true");

    fill(ui.getByLabelText(t.code), "123 456");
    await u.click(ui.getByRole("button", { name: t.confirm }));
    const save = await ui.findByRole("heading", { name: t.save });
    await waitFor(() => expect(focused(save)).toBe(true));
    expect(sent.map((s) => s.url)).toEqual(["/account/two-factor/setup", "/account/two-factor/enable", "/account/two-factor/enable", "/account/two-factor/enable"]);
    expect(sent.at(-1)!.body).toEqual({ code: "123456", password: "secret1", basePath: "/" });
    const list = ui.getByRole("list", { name: t.codesList });
    expect(list.querySelectorAll("li")).toHaveLength(10);
    expect(events).toEqual([{ enabled: true, recoveryCodesLeft: 10 }]);

    await u.click(ui.getByRole("button", { name: t.saved }));
    const on = await ui.findByRole("heading", { name: t.on });
    await waitFor(() => expect(focused(on)).toBe(true));
    expect(ui.queryByRole("list", { name: t.codesList })).toBeNull();
  });

  it("makes new codes with the password, and turns off only with the password and a code", async () => {
    enabled = true;
    const { ui, events } = await mount();
    const u = userEvent.setup();
    expect(await ui.findByText(t.left, { exact: false })).toBeInTheDocument();
    const renew = ui.getByRole("button", { name: t.newCodes });
    expect(renew).toHaveAttribute("aria-expanded", "false");
    await u.click(renew);
    expect(renew).toHaveAttribute("aria-expanded", "true");
    fill(ui.getByLabelText(t.password), "secret1");
    await u.click(ui.getByRole("button", { name: t.make }));
    await ui.findByRole("list", { name: t.codesList });
    expect(sent.at(-1)).toEqual({ url: "/account/two-factor/recovery-codes", body: { password: "secret1", basePath: "/" } });
    await u.click(ui.getByRole("button", { name: t.saved }));

    const off = await ui.findByRole("button", { name: t.turnOff });
    await u.click(off);
    expect(off).toHaveAttribute("aria-expanded", "true");
    await u.click(ui.getByRole("button", { name: t.confirmOff }));
    // Both are needed: nothing is sent without them.
    expect(sent.at(-1)!.url).toBe("/account/two-factor/recovery-codes");
    fill(ui.getByLabelText(t.password), "wrong-one");
    fill(ui.getByLabelText(t.codeOrRecovery), "123456");
    await u.click(ui.getByRole("button", { name: t.confirmOff }));
    await waitFor(() => expect(ui.getByText(t.wrongPassword)).toBeInTheDocument());
    fill(ui.getByLabelText(t.password), "secret1");
    await u.click(ui.getByRole("button", { name: t.confirmOff }));
    const offHeading = await ui.findByRole("heading", { name: t.off });
    await waitFor(() => expect(focused(offHeading)).toBe(true));
    expect(sent.at(-1)).toEqual({ url: "/account/two-factor/disable", body: { password: "secret1", code: "123456" } });
    expect(lastToast()).toMatchObject({ kind: "success", message: "off" });
    expect(events).toEqual([
      { enabled: true, recoveryCodesLeft: 10 },
      { enabled: false, recoveryCodesLeft: 0 },
    ]);
  });
});
