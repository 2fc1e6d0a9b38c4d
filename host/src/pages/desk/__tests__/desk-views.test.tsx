import { clearDeskSession, getDeskSession, getSession, setDeskSession } from "@agency/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API, logIn, renderApp, setupApi, toastText, waitForPath } from "../../../app/__tests__/render-app";

const server = setupApi();

const admin = { id: "5f0c7a7e-0000-4000-8000-000000000001", email: "admin@agency.test", role: "admin", enrolled: true, createdAt: "2026-01-01T00:00:00Z", lastSignInAt: null };
const summary = (id: number, status: string) => ({ id, createdAt: "2026-11-27T10:00:00Z", status, name: `Lead ${id}`, email: `lead${id}@example.com`, company: "Co", projectType: "redesign", budgetRange: "1000-2000", budgetUnknown: false, language: "nl", hasNote: false });
const delivery = { state: "not_sent", attempts: 0, deliveredAt: null, lastError: null };
const detail = (status: string) => ({
  ...summary(7, status),
  lastContactAt: "2026-11-27T10:00:00Z",
  note: "",
  countryCode: "+31",
  phone: "0612345678",
  currentWebsite: "",
  timeline: "asap",
  primaryGoal: "",
  features: [],
  domainStatus: "have-domain",
  hearAboutUs: "",
  biggestChallenge: "",
  message: "",
  source: "site",
  pageUrl: "",
  origin: "",
  referrer: "",
  utm: {},
  consent: { privacyNotice: true, marketing: false },
  flag: null,
  releasedAt: null,
  mail: delivery,
  webhook: delivery,
});
const customer = {
  id: "5f0c7a7e-0000-4000-8000-000000000002",
  email: "klant@example.com",
  name: "Klant",
  language: "en",
  emailVerified: false,
  pendingEmail: null,
  createdAt: "2026-01-01T00:00:00Z",
  sessions: 2,
  subscription: null,
  invoices: [],
  consentRecords: [],
  withdrawals: [],
};

function asStaff(role: "admin" | "staff" = "admin") {
  setDeskSession("desk-1");
  server.use(http.get(`${API}/desk/me`, () => HttpResponse.json({ staff: { ...admin, role }, sessionExpiresAt: "2026-11-28T00:00:00Z" })));
}

beforeEach(() => asStaff());
afterEach(() => clearDeskSession());

describe("the desk's inbox", () => {
  it("shows the unread count and pages through the leads, the page in the address", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/desk/leads`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ leads: [summary(1, "new")], total: 60, totalCapped: false, unread: 12, page: 1, pageSize: 25 });
      }),
    );
    const { router } = renderApp("/en/desk?status=new");
    expect(await screen.findByText("12 unread", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=new&page=2"));
    await waitFor(() => expect(asked.at(-1)).toBe("?status=new&page=2"));
    expect(asked[0]).toBe("?status=new&page=1");
  });

  it("says so when no lead matches (nl)", async () => {
    server.use(http.get(`${API}/desk/leads`, () => HttpResponse.json({ leads: [], total: 0, totalCapped: false, unread: 0, page: 1, pageSize: 25 })));
    renderApp("/desk?q=nobody");
    expect(await screen.findByText("Geen aanvragen bij dit filter.", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Zoeken" })).toHaveValue("nobody");
  });

  it("filters by the status and the search when the filter is sent, the filter in the address", async () => {
    server.use(http.get(`${API}/desk/leads`, () => HttpResponse.json({ leads: [], total: 0, totalCapped: false, unread: 0, page: 1, pageSize: 25 })));
    const { router } = renderApp("/en/desk?q=old");
    const search = await screen.findByRole("textbox", { name: "Search" }, { timeout: 8000 });
    expect(search).toHaveValue("old");
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "archived" } });
    fireEvent.change(search, { target: { value: " Ann " } });
    expect(router.state.location.search).toBe("?q=old");
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=archived&q=Ann"));
  });

  it("ends only the staff session on a 401, and shows the sign-in where the staff member was", async () => {
    logIn();
    server.use(http.get(`${API}/desk/leads`, () => HttpResponse.json({ error: "Signed out", code: "auth.required" }, { status: 401 })));
    renderApp("/en/desk");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to the desk" }, { timeout: 8000 })).toBeInTheDocument();
    expect(getDeskSession().token).toBeNull();
    expect(getSession().token).toBe("token-1");
  });
});

describe("a lead in the desk", () => {
  it("is marked read when opened new, once, and its status can be changed", async () => {
    const patches: unknown[] = [];
    server.use(
      http.get(`${API}/desk/leads/7`, () => HttpResponse.json({ lead: detail("new") })),
      http.patch(`${API}/desk/leads/7`, async ({ request }) => {
        const body = (await request.json()) as { status: string };
        patches.push(body);
        return HttpResponse.json({ lead: detail(body.status) });
      }),
    );
    renderApp("/en/desk/leads/7");
    await waitFor(() => expect(screen.getByTestId("lead-status")).toHaveTextContent("Read"), { timeout: 8000 });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "archived" } });
    fireEvent.click(screen.getByRole("button", { name: "Change status" }));
    await waitFor(() => expect(screen.getByTestId("lead-status")).toHaveTextContent("Archived"));
    expect(patches).toEqual([{ status: "read" }, { status: "archived" }]);
  });

  it("saves the internal note, and says in a toast when that fails", async () => {
    let refuse = true;
    server.use(
      http.get(`${API}/desk/leads/7`, () => HttpResponse.json({ lead: detail("read") })),
      http.patch(`${API}/desk/leads/7`, async ({ request }) => {
        const body = (await request.json()) as { note: string };
        if (refuse) return HttpResponse.json({ error: "Invalid", code: "request.invalid", fields: ["note"] }, { status: 400 });
        return HttpResponse.json({ lead: { ...detail("read"), note: body.note } });
      }),
    );
    renderApp("/en/desk/leads/7");
    const note = await screen.findByRole("textbox", { name: "Internal note" }, { timeout: 8000 });
    const save = screen.getByRole("button", { name: "Save note" });
    expect(save).toBeDisabled();
    fireEvent.change(note, { target: { value: "Call back on Monday" } });
    fireEvent.click(save);
    await waitFor(() => expect(toastText()).toContain("Some of the information sent is missing or not valid"));
    expect(note).toHaveAttribute("aria-invalid", "false");
    expect(save).toBeEnabled();

    refuse = false;
    fireEvent.click(save);
    await waitFor(() => expect(toastText()).toContain("Note saved"));
    expect(note).toHaveValue("Call back on Monday");
    expect(save).toBeDisabled();
  });

  it("offers a held lead that never went out only archived and spam, and its release", async () => {
    server.use(http.get(`${API}/desk/leads/7`, () => HttpResponse.json({ lead: { ...detail("held"), flag: "too_fast" } })));
    renderApp("/en/desk/leads/7");
    expect(await screen.findByRole("button", { name: "Release this lead" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(/Held: sent faster than a person can fill in the form/)).toBeInTheDocument();
    const options = within(screen.getByLabelText("Status")).getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual(["Held", "Archived", "Spam"]);
  });
});

describe("a lead's choices in the desk", () => {
  const field = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling;

  it("names them as the Dutch form did, the budget in the euro the visitor picked", async () => {
    const lead = { ...detail("read"), projectType: "e-commerce", budgetRange: "2000-3000", timeline: "2-3-months", domainStatus: "need-domain", hearAboutUs: "referral", features: ["online-booking"] };
    server.use(http.get(`${API}/desk/leads/7`, () => HttpResponse.json({ lead })));
    renderApp("/desk/leads/7");
    await screen.findByText("Soort project", { selector: "dt" }, { timeout: 8000 });
    expect(field("Soort project")).toHaveTextContent("Webshop / e-commerce");
    expect(field("Budget")?.textContent?.replace(/\u00a0/g, " ")).toBe("€ 1.600 - € 2.400");
    expect(field("Planning")).toHaveTextContent("2-3 maanden");
    expect(field("Domein")).toHaveTextContent("Ik heb een domeinnaam nodig");
    expect(field("Functies")).toHaveTextContent("Online reserveren");
  });

  it("says 'Unknown' when the visitor picked it, not the highest range it was sent as", async () => {
    const lead = { ...detail("read"), language: "en", budgetRange: "4000+", budgetUnknown: true };
    server.use(http.get(`${API}/desk/leads/7`, () => HttpResponse.json({ lead })));
    renderApp("/en/desk/leads/7");
    await screen.findByText("Budget", { selector: "dt" }, { timeout: 8000 });
    expect(field("Budget")).toHaveTextContent("Unknown");
  });
});

describe("a customer in the desk", () => {
  it("offers erasure to admins only", async () => {
    asStaff("staff");
    server.use(http.get(`${API}/desk/customers/${customer.id}`, () => HttpResponse.json({ customer })));
    renderApp(`/en/desk/customers/${customer.id}`);
    expect(await screen.findByRole("button", { name: "Resend verification mail" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Erase account" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Audit log" })).toBeNull();
  });

  it("shows the customer's company, its members with their roles and its membership changes, to read", async () => {
    const company = {
      id: "5f0c7a7e-0000-4000-8000-0000000000c1",
      name: "Bakkerij Klant B.V.",
      kvkNumber: "12345678",
      vatId: null,
      role: "billing",
      members: [
        { id: "5f0c7a7e-0000-4000-8000-0000000000a1", name: "Eigenaar", email: "baas@example.com", role: "owner" },
        { id: customer.id, name: customer.name, email: customer.email, role: "billing" },
      ],
      log: [{ at: "2026-11-20T09:30:00Z", action: "team.role_changed", actor: "Eigenaar", detail: { member: customer.email, role: "billing", from: "member" } }],
    };
    server.use(http.get(`${API}/desk/customers/${customer.id}`, () => HttpResponse.json({ customer: { ...customer, company } })));
    renderApp(`/en/desk/customers/${customer.id}`);
    const details = (await screen.findByRole("heading", { level: 2, name: "Company" }, { timeout: 8000 })).closest("section")!;
    expect(within(details).getByText("Bakkerij Klant B.V.")).toBeInTheDocument();
    expect(within(details).getByText("12345678")).toBeInTheDocument();
    const members = within(screen.getByRole("heading", { level: 2, name: "Members" }).closest("section")!).getAllByRole("listitem");
    expect(members.map((item) => item.textContent)).toEqual(["Eigenaar · baas@example.com · Owner", "Klant · klant@example.com · Billing"]);
    const log = within(screen.getByRole("heading", { level: 2, name: "Membership changes" }).closest("section")!).getByRole("listitem");
    expect(log.textContent).toMatch(/Role changed · klant@example\.com · Member → Billing · by Eigenaar$/);
    // Staff read the company; nothing on the page changes it.
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("lists the customer's statements of withdrawal with what became of them and the refund", async () => {
    const withdrawals = [
      {
        id: "w2",
        receivedAt: "2026-11-20T09:30:00Z",
        outcome: "withdrawn",
        executedAt: "2026-11-20T09:31:00Z",
        undoneAt: null,
        refund: { cents: 4900, currency: "EUR", reference: "re_123" },
      },
      { id: "w1", receivedAt: "2026-11-19T08:00:00Z", outcome: "undone", executedAt: "2026-11-19T08:01:00Z", undoneAt: "2026-11-19T10:00:00Z", refund: null },
    ];
    server.use(http.get(`${API}/desk/customers/${customer.id}`, () => HttpResponse.json({ customer: { ...customer, withdrawals } })));
    renderApp(`/en/desk/customers/${customer.id}`);
    const section = (await screen.findByRole("heading", { level: 2, name: "Withdrawals" }, { timeout: 8000 })).closest("section")!;
    const items = within(section).getAllByRole("listitem").map((item) => item.textContent);
    expect(items[0]).toContain("Withdrawn: ended and refunded · ");
    expect(items[0]).toMatch(/€\s?49\.00 \(re_123\)$/);
    expect(items[1]).toMatch(/Undone by the owner · undone on .*2026/);
    expect(items[1]).not.toContain("refunded");
  });

  it("are searched when the search is sent, the search in the address", async () => {
    server.use(http.get(`${API}/desk/customers`, () => HttpResponse.json({ customers: [] })));
    const { router } = renderApp("/en/desk/customers");
    fireEvent.change(await screen.findByRole("textbox", { name: "Search" }, { timeout: 8000 }), { target: { value: " klant " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=klant"));
    expect(await screen.findByText("No customers found.")).toBeInTheDocument();
  });

  it("resends the verification mail in the customer's language, and erases the account, each after confirming", async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${API}/desk/customers/${customer.id}`, () => HttpResponse.json({ customer })),
      http.get(`${API}/desk/customers`, () => HttpResponse.json({ customers: [] })),
      http.post(`${API}/desk/customers/${customer.id}/resend-verification`, async ({ request }) => {
        calls.push(`resend ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ success: true });
      }),
      http.delete(`${API}/desk/customers/${customer.id}`, () => {
        calls.push("erase");
        return HttpResponse.json({ success: true });
      }),
    );
    const { router } = renderApp(`/desk/customers/${customer.id}`);
    fireEvent.click(await screen.findByRole("button", { name: "Bevestigingsmail opnieuw sturen" }, { timeout: 8000 }));
    const resend = screen.getByRole("dialog", { name: "De bevestigingsmail opnieuw sturen?" });
    expect(calls).toEqual([]);
    fireEvent.click(within(resend).getByRole("button", { name: "Ja, opnieuw sturen" }));
    await waitFor(() => expect(calls).toEqual([`resend ${JSON.stringify({ language: "en", basePath: "/" })}`]));

    fireEvent.click(await screen.findByRole("button", { name: "Account wissen" }));
    const erase = screen.getByRole("dialog", { name: "Dit account wissen?" });
    fireEvent.click(within(erase).getByRole("button", { name: "Terug" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Account wissen" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Ja, account wissen" }));
    await waitForPath(router, "/desk/customers");
    expect(calls.at(-1)).toBe("erase");
  });
});

describe("the audit log", () => {
  it("loads older entries before the last one shown", async () => {
    const entry = (id: number) => ({
      id,
      at: "2026-11-27T10:00:00Z",
      actor: "admin@agency.test",
      action: "lead.status",
      target: `lead:${id}`,
      detail: { from: "new", to: "read" },
      ip: "127.0.0.1",
    });
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${API}/desk/audit`, ({ request }) => {
        const before = new URL(request.url).searchParams.get("before");
        asked.push(before);
        const ids = before ? [1] : Array.from({ length: 100 }, (_, i) => 101 - i);
        return HttpResponse.json({ entries: ids.map(entry) });
      }),
    );
    renderApp("/en/desk/audit");
    expect(await screen.findByRole("link", { name: "Lead #101" }, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Show older entries" }));
    expect(await screen.findByRole("link", { name: "Lead #1" })).toBeInTheDocument();
    expect(asked).toEqual([null, "2"]);
    expect(screen.queryByRole("button", { name: "Show older entries" })).toBeNull();
  });

  it("says what was done in words, and keeps an action it does not know readable", async () => {
    const entries = [
      { id: 3, at: "2026-11-27T10:00:00Z", actor: "admin@agency.test", action: "lead.status", target: "lead:7", detail: { from: "new", to: "read" }, ip: "127.0.0.1" },
      { id: 2, at: "2026-11-27T09:00:00Z", actor: "cli", action: "staff.invite", target: "staff:kim@agency.test", detail: { role: "staff", via: "cli" }, ip: "" },
      { id: 1, at: "2026-11-27T08:00:00Z", actor: "admin@agency.test", action: "withdrawal.something_new", target: null, detail: { count: 2 }, ip: "127.0.0.1" },
    ];
    server.use(http.get(`${API}/desk/audit`, () => HttpResponse.json({ entries })));
    renderApp("/desk/audit");
    const table = await screen.findByRole("region", { name: "Logboek" }, { timeout: 8000 });
    expect(table).toHaveTextContent("Status gewijzigd van Nieuw naar Gelezen");
    expect(table).toHaveTextContent("Uitgenodigd als Medewerker (via de opdrachtregel)");
    expect(table).toHaveTextContent("withdrawal.something_new (count: 2)");
    expect(table).not.toHaveTextContent("{");
    expect(screen.getByRole("link", { name: "Aanvraag #7" })).toHaveAttribute("href", "/desk/leads/7");
  });
});
