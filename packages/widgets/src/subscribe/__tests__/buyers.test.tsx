import type { TeamResponse } from "@agency/contract";
import { setSession } from "@agency/core";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { ann, API, proPlan, renderElement, setupApi } from "../../__tests__/element-kit";
import "../subscribe.element";

/** agency-subscribe for a member of a company who may not buy: who can, instead of a button the server would refuse. */

const server = setupApi();

const memberOf = (role: "member" | "admin"): TeamResponse => ({
  team: { id: "c1", name: "Bakkerij Bol", vatId: null, kvkNumber: null },
  role,
  members: [
    { id: "u2", name: "Bert", email: "bert@example.com", role: "owner" },
    { id: ann.id, name: ann.name, email: ann.email, role },
    { id: "u3", name: "Cleo", email: "cleo@example.com", role: "billing" },
    { id: "u4", name: "Dirk", email: "dirk@example.com", role: "member" },
  ],
  invitations: [],
});

const T = {
  en: { who: "Ask Bert (Owner), Cleo (Billing) to start it for Bakkerij Bol.", start: "Start Your Annual Plan" },
  nl: { who: "Vraag Bert (Eigenaar), Cleo (Facturatie) om het te starten voor Bakkerij Bol.", start: "Start je jaarabonnement" },
};

describe.each(["en", "nl"] as const)("agency-subscribe for a member who may not buy (%s)", (locale) => {
  it.each(["member", "admin"] as const)("names the owner and billing members to a %s, and offers no checkout", async (role) => {
    server.use(
      http.get(`${API}/subscriptions/plans`, () => HttpResponse.json({ plans: [proPlan] })),
      http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: null })),
      http.get(`${API}/account/team`, () => HttpResponse.json(memberOf(role))),
    );
    setSession(ann, "tok");
    const { view } = await renderElement("agency-subscribe", `api-base="${API}" locale="${locale}"`, (ui) =>
      expect(ui.getByText(T[locale].who, { exact: false })).toBeInTheDocument(),
    );
    expect(view.queryByRole("button", { name: /Start|jaarabonnement|maandabonnement/ })).toBeNull();
    expect(view.queryByText("Dirk", { exact: false })).toBeNull();
  });
});
