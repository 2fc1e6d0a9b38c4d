import type { TeamResponse, TeamRole } from "@agency/contract";
import { setSession } from "@agency/core";
import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { activeSubscription, ann, API, fill, lastToast, renderElement, setupApi } from "../../__tests__/element-kit";
import "../settings.element";

/**
 * agency-settings' Team card, per role and in nl and en: what each person sees (the owner everything, a member only
 * the company and who is in it), and the calls behind inviting, changing roles, removing, handing over and leaving.
 */

const server = setupApi();

const bert = { id: "u2", name: "Bert", email: "bert@example.com" };
const cleo = { id: "u3", name: "Cleo", email: "cleo@example.com" };
/** Ann's company with Bert and Cleo; Ann's role as given. */
const teamAs = (role: TeamRole): TeamResponse => ({
  team: { id: "c1", name: "Bakkerij Bol", vatId: "NL123456789B01", kvkNumber: null },
  role,
  members: [
    { ...(role === "owner" ? ann : bert), role: "owner" },
    { ...(role === "owner" ? bert : ann), role: role === "owner" ? "admin" : role },
    { ...cleo, role: "member" },
  ],
  invitations: role === "owner" || role === "admin" ? [{ id: "i1", email: "dora@example.com", role: "billing", expiresAt: "2027-01-08T10:00:00Z" }] : [],
});

const sent: string[] = [];
let bodies: Record<string, unknown>[];
let team: TeamResponse;

beforeEach(() => {
  sent.length = 0;
  bodies = [];
  const record = async (request: Request) => {
    sent.push(`${request.method} ${new URL(request.url).pathname.replace("/api", "")}`);
    const text = await request.text();
    if (text) bodies.push(JSON.parse(text) as Record<string, unknown>);
  };
  server.use(
    http.get(`${API}/account/team`, () => HttpResponse.json(team)),
    http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: activeSubscription })),
    http.get(`${API}/subscriptions/invoices`, () => HttpResponse.json({ invoices: [] })),
    http.get(`${API}/account/sessions`, () => HttpResponse.json({ sessions: [], page: 1, pages: 1, total: 0 })),
    http.get(`${API}/account/two-factor`, () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 })),
    http.get(`${API}/account/passkeys`, () => HttpResponse.json({ passkeys: [] })),
    http.post(`${API}/account/team/invitations`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ invitation: { id: "i2", email: "eve@example.com", role: "member", expiresAt: "2027-01-08T10:00:00Z" } }, { status: 201 });
    }),
    http.patch(`${API}/account/team/members/:id`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ member: { ...cleo, role: "billing" } });
    }),
    http.delete(`${API}/account/team/members/:id`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, message: "Cleo is no longer a member of your company." });
    }),
    http.delete(`${API}/account/team/invitations/:id`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, message: "The invitation to dora@example.com has been withdrawn." });
    }),
    http.post(`${API}/account/team/transfer`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, message: "Bert is now the owner of your company. You are an admin." });
    }),
    http.post(`${API}/account/team/leave`, async ({ request }) => {
      await record(request);
      team = { team: { id: "c9", name: "Ann", vatId: null, kvkNumber: null }, role: "owner", members: [{ ...ann, role: "owner" }], invitations: [] };
      return HttpResponse.json({ team: team.team });
    }),
  );
});

const T = {
  en: {
    team: "Team",
    role: { owner: "Owner", admin: "Admin", billing: "Billing", member: "Member" },
    roleOf: (name: string) => `Role of ${name}`,
    remove: (name: string) => `Remove ${name}`,
    yesRemove: "Yes, remove",
    email: "E-mail address",
    send: "Send invitation",
    withdraw: "Withdraw the invitation to dora@example.com",
    handOver: "Hand ownership over",
    newOwner: "New owner",
    yesHandOver: "Yes, hand it over",
    leave: "Leave Bakkerij Bol",
    yesLeave: "Yes, leave",
    left: "You have left Bakkerij Bol",
    cancel: "Cancel Subscription",
    manageBilling: "Manage billing",
    editCompany: "Edit company details",
    intro: (role: string) => `Your role in Bakkerij Bol: ${role}.`,
  },
  nl: {
    team: "Team",
    role: { owner: "Eigenaar", admin: "Beheerder", billing: "Facturatie", member: "Lid" },
    roleOf: (name: string) => `Rol van ${name}`,
    remove: (name: string) => `${name} verwijderen`,
    yesRemove: "Ja, verwijderen",
    email: "E-mailadres",
    send: "Uitnodiging versturen",
    withdraw: "De uitnodiging aan dora@example.com intrekken",
    handOver: "Eigenaarschap overdragen",
    newOwner: "Nieuwe eigenaar",
    yesHandOver: "Ja, overdragen",
    leave: "Bakkerij Bol verlaten",
    yesLeave: "Ja, verlaten",
    left: "Je hebt Bakkerij Bol verlaten",
    cancel: "Abonnement opzeggen",
    manageBilling: "Facturatie beheren",
    editCompany: "Bedrijfsgegevens wijzigen",
    intro: (role: string) => `Je rol bij Bakkerij Bol: ${role}.`,
  },
};

describe.each(["en", "nl"] as const)("agency-settings' Team card (%s)", (locale) => {
  const t = T[locale];
  async function mount(role: TeamRole) {
    team = teamAs(role);
    setSession(ann, "tok");
    const { view } = await renderElement("agency-settings", `api-base="${API}" locale="${locale}"`, (ui) =>
      expect(ui.getByRole("heading", { level: 2, name: t.team })).toBeInTheDocument(),
    );
    const card = within(view.getByRole("heading", { level: 2, name: t.team }).closest("section")!);
    return { view, card };
  }

  it("shows the owner everything: roles to change, removal, invitations, handing over, and no way to leave", async () => {
    const { view, card } = await mount("owner");
    expect(card.getByText(new RegExp(t.intro(t.role.owner).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))).toBeInTheDocument();
    expect(card.getByRole("combobox", { name: t.roleOf("Bert") })).toHaveValue("admin");
    expect(card.getByRole("combobox", { name: t.roleOf("Cleo") })).toHaveValue("member");
    expect(card.queryByRole("combobox", { name: t.roleOf("Ann") })).toBeNull();
    expect(card.getByRole("button", { name: t.remove("Cleo") })).toBeInTheDocument();
    expect(card.getByRole("textbox", { name: t.email })).toBeInTheDocument();
    expect(card.getByRole("button", { name: t.withdraw })).toBeInTheDocument();
    expect(card.getByRole("button", { name: t.handOver })).toBeDisabled();
    expect(card.queryByRole("button", { name: t.leave })).toBeNull();
    expect(view.getByRole("button", { name: t.cancel })).toBeInTheDocument();
  });

  it("shows a member the company and its members only, with a way to leave, and none of the subscription's buttons", async () => {
    const { view, card } = await mount("member");
    expect(card.getByText(t.role.owner)).toBeInTheDocument();
    expect(card.queryByRole("combobox")).toBeNull();
    expect(card.queryByRole("button", { name: t.remove("Cleo") })).toBeNull();
    expect(card.queryByRole("textbox", { name: t.email })).toBeNull();
    expect(card.queryByRole("button", { name: t.handOver })).toBeNull();
    expect(card.queryByRole("button", { name: t.editCompany })).toBeNull();
    expect(card.getByRole("button", { name: t.leave })).toBeInTheDocument();
    expect(view.queryByRole("button", { name: t.cancel })).toBeNull();
    await waitFor(() => expect(view.getByRole("heading", { level: 2, name: /Billing|Facturatie/ })).toBeInTheDocument());
    expect(view.queryByRole("button", { name: t.manageBilling })).toBeNull();
  });

  it("lets a billing member edit the VAT number but not invite or change roles", async () => {
    const { card } = await mount("billing");
    expect(card.getByRole("button", { name: t.editCompany })).toBeInTheDocument();
    expect(card.queryByRole("textbox", { name: t.email })).toBeNull();
    expect(card.queryByRole("combobox")).toBeNull();
  });

  it("invites, changes a role, removes after a confirmation and withdraws an invitation, as an admin", async () => {
    const user = userEvent.setup();
    const { card, view } = await mount("admin");
    fill(card.getByRole("textbox", { name: t.email }), "Eve@Example.com ");
    await user.click(card.getByRole("button", { name: t.send }));
    await waitFor(() => expect(sent).toContain("POST /account/team/invitations"));
    expect(bodies.at(-1)).toMatchObject({ email: "eve@example.com", role: "member", language: locale });

    await user.selectOptions(card.getByRole("combobox", { name: t.roleOf("Cleo") }), "billing");
    await waitFor(() => expect(sent).toContain("PATCH /account/team/members/u3"));
    expect(bodies.at(-1)).toEqual({ role: "billing" });

    await user.click(card.getByRole("button", { name: t.remove("Cleo") }));
    const dialog = within(view.getByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: t.yesRemove }));
    await waitFor(() => expect(sent).toContain("DELETE /account/team/members/u3"));

    await user.click(card.getByRole("button", { name: t.withdraw }));
    await waitFor(() => expect(sent).toContain("DELETE /account/team/invitations/i1"));
  });

  it("hands ownership over after a confirmation, as the owner", async () => {
    const user = userEvent.setup();
    const { card, view } = await mount("owner");
    await user.selectOptions(card.getByRole("combobox", { name: t.newOwner }), "u2");
    await user.click(card.getByRole("button", { name: t.handOver }));
    await user.click(within(view.getByRole("dialog")).getByRole("button", { name: t.yesHandOver }));
    await waitFor(() => expect(sent).toContain("POST /account/team/transfer"));
    expect(bodies.at(-1)).toEqual({ memberId: "u2" });
  });

  it("leaves after a confirmation, tells the host, and shows the company of one's own", async () => {
    const user = userEvent.setup();
    const { card, view } = await mount("billing");
    const changes: unknown[] = [];
    document.addEventListener("agency-team-change", (event) => changes.push((event as CustomEvent).detail), { once: true });
    await user.click(card.getByRole("button", { name: t.leave }));
    await user.click(within(view.getByRole("dialog")).getByRole("button", { name: t.yesLeave }));
    await waitFor(() => expect(lastToast()?.message).toBe(t.left));
    expect(changes).toEqual([{ team: { id: "c9", name: "Ann", vatId: null, kvkNumber: null }, role: "owner" }]);
    await waitFor(() => expect(view.getByText(new RegExp(t.intro(t.role.owner).replace("Bakkerij Bol", "Ann").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))).toBeInTheDocument());
  });
});
