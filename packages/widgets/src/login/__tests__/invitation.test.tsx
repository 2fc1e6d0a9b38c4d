import { setSession } from "@agency/core";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ann, API, fill, focused, recordNavigation, renderElement, setupApi } from "../../__tests__/element-kit";
import "../login.element";
import { loadViews } from "../login";

/**
 * agency-login with an invitation-token: the page a partner puts the invitation's link on. It shows who invites the
 * visitor (looking changes nothing), signs in, then accepts with the new session; a signed-in visitor accepts with one
 * click, and one signed in with another address is told to log out.
 */

const server = setupApi();
const { navigations } = recordNavigation();
beforeAll(async () => {
  await loadViews();
});

const accepted: string[] = [];
beforeEach(() => {
  accepted.length = 0;
  server.use(
    http.get(`${API}/team-invitations`, ({ request }) =>
      new URL(request.url).searchParams.get("token") === "good"
        ? HttpResponse.json({ teamName: "Bakkerij Bol", invitedBy: "Bert", email: ann.email, role: "billing" })
        : HttpResponse.json({ error: "This invitation has expired.", code: "team.invitation_expired" }, { status: 410 }),
    ),
    http.post(`${API}/team-invitations/accept`, async ({ request }) => {
      accepted.push(((await request.json()) as { token: string }).token);
      return HttpResponse.json({ team: { id: "c1", name: "Bakkerij Bol", vatId: null, kvkNumber: null } });
    }),
    http.post(`${API}/auth/login`, () => HttpResponse.json({ user: ann, token: "tok-1" })),
  );
});

const T = {
  en: {
    heading: "Join Bakkerij Bol",
    who: "Bert invites you to join Bakkerij Bol as Billing. The invitation is for ann@example.com.",
    email: "Email address",
    password: "Password",
    login: "Log in",
    accept: "Accept and join Bakkerij Bol",
    other: "Log out, then log in or create an account with ann@example.com to accept.",
    expired: "This invitation has expired. Ask the person who invited you to send a new one.",
    cannot: "This invitation cannot be used",
  },
  nl: {
    heading: "Word lid van Bakkerij Bol",
    who: "Bert nodigt je uit om lid te worden van Bakkerij Bol als Facturatie. De uitnodiging is voor ann@example.com.",
    email: "E-mailadres",
    password: "Wachtwoord",
    login: "Inloggen",
    accept: "Accepteren en lid worden van Bakkerij Bol",
    other: "Log uit en log in of maak een account aan met ann@example.com om te accepteren.",
    expired: "Deze uitnodiging is verlopen. Vraag degene die je uitnodigde om een nieuwe te sturen.",
    cannot: "Deze uitnodiging kan niet worden gebruikt",
  },
};

describe.each(["en", "nl"] as const)("agency-login with an invitation (%s)", (locale) => {
  const t = T[locale];
  const mount = (token: string) =>
    renderElement("agency-login", `api-base="${API}" locale="${locale}" invitation-token="${token}"`, (ui) =>
      expect(ui.getAllByRole("heading", { level: 2 }).length).toBeGreaterThan(0),
    );

  it("shows who invites, signs in, then accepts with the new session and goes on to the dashboard", async () => {
    const { el, view } = await mount("good");
    await waitFor(() => expect(view.getByRole("heading", { level: 2, name: t.heading })).toBeInTheDocument());
    expect(view.getByText(t.who)).toBeInTheDocument();
    await waitFor(() => expect(focused(view.getByRole("heading", { level: 2, name: t.heading }))).toBe(true));
    expect(accepted).toEqual([]);
    const joined: unknown[] = [];
    el.addEventListener("agency-invitation-accept", (event) => joined.push((event as CustomEvent).detail));

    fill(view.getByLabelText(t.email), ann.email);
    fill(view.getByLabelText(t.password), "secret-pass");
    await userEvent.setup().click(view.getByRole("button", { name: t.login }));
    await waitFor(() => expect(accepted).toEqual(["good"]));
    await waitFor(() => expect(navigations.map((n) => n.to)).toContain("/dashboard"));
    expect(joined).toEqual([{ team: { id: "c1", name: "Bakkerij Bol", vatId: null, kvkNumber: null }, role: "billing" }]);
  });

  it("lets a signed-in visitor accept with one click, and stays instead of leaving for the dashboard first", async () => {
    setSession(ann, "tok");
    const { view } = await mount("good");
    const accept = await waitFor(() => view.getByRole("button", { name: t.accept }));
    expect(navigations).toEqual([]);
    await userEvent.setup().click(accept);
    await waitFor(() => expect(accepted).toEqual(["good"]));
  });

  it("tells a visitor signed in with another address to log out, and offers no accept", async () => {
    setSession({ ...ann, email: "someone@example.com" }, "tok");
    const { view } = await mount("good");
    await waitFor(() => expect(view.getByText(t.other)).toBeInTheDocument());
    expect(view.queryByRole("button", { name: t.accept })).toBeNull();
  });

  it("says why a link cannot be used, and still lets the visitor log in", async () => {
    const { view } = await mount("old");
    await waitFor(() => expect(view.getByRole("heading", { level: 2, name: t.cannot })).toBeInTheDocument());
    expect(view.getByText(t.expired)).toBeInTheDocument();
    expect(view.getByRole("button", { name: t.login })).toBeInTheDocument();
  });
});
