import type { CustomerRequest, RequestDetailResponse, RequestsResponse } from "@agency/contract";
import { setSession } from "@agency/core";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ann, API, fill, focused, lastToast, noRequests, recordNavigation, renderElement, setupApi } from "../../__tests__/element-kit";
import "../settings.element";

/**
 * The requests card of agency-settings (view="requests" on the site's /dashboard/requests): the month's minutes, a
 * new request, the list, one request's thread shown as text, answering, and agreeing to extra time. In nl and en.
 */

const server = setupApi();
const { navigations } = recordNavigation();

const filed: CustomerRequest = {
  id: "3f0c3c8e-4b7e-4c43-9d43-2f1e5e0c1a11",
  reference: "R-7KQ2MX",
  kind: "content",
  subject: "New opening hours",
  status: "waiting",
  priority: true,
  createdAt: "2027-01-05T09:00:00.000Z",
  lastMessageAt: "2027-01-05T10:00:00.000Z",
};
const listing = (extra: Partial<RequestsResponse> = {}): RequestsResponse => ({
  ...noRequests,
  entitled: true,
  requests: [filed],
  allowance: { ...noRequests.allowance, usedMinutes: 45 },
  ...extra,
});
const thread: RequestDetailResponse = {
  request: filed,
  messages: [
    { from: "customer", authorName: "Ann", body: "Please change <b>this</b>\nand that.", createdAt: "2027-01-05T09:00:00.000Z", minutes: null },
    { from: "agency", authorName: "Pixelwerf", body: "Done.", createdAt: "2027-01-05T10:00:00.000Z", minutes: 45 },
  ],
  allowance: { ...noRequests.allowance, usedMinutes: 45 },
  entitled: true,
};

let posted: unknown[];
let threadReads: number;
beforeEach(() => {
  setSession(ann, "tok");
  posted = [];
  threadReads = 0;
  server.use(
    http.get(`${API}/requests`, () => HttpResponse.json(listing())),
    http.get(`${API}/requests/:id`, () => {
      threadReads++;
      return HttpResponse.json(thread);
    }),
    http.post(`${API}/requests`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ request: { ...filed, id: "9a1c3c8e-4b7e-4c43-9d43-2f1e5e0c1a22", reference: "R-NEW123" } }, { status: 201 });
    }),
    http.post(`${API}/requests/:id/messages`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ request: filed, message: thread.messages[0] }, { status: 201 });
    }),
    http.post(`${API}/requests/extra-time`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ extraTime: [{ period: "2027-01", periodStart: "2026-12-31T23:00:00.000Z", extraMinutes: 30, agreedMinutes: 30, invoicedMinutes: 0 }] });
    }),
  );
});

const texts = {
  en: {
    used: "You have used 45 of 120 minutes this month.",
    waiting: "Waiting for you",
    subject: "Subject",
    message: "Message",
    send: "Send request",
    sent: "Request R-NEW123 sent. We answer within 24 hours.",
    answer: "Your answer",
    reply: "Send",
    all: "All requests",
    notEntitled: /come with a subscription or package/,
    extra: "January 2027: 30 minutes past the included ones (€37.50).",
    agree: /^Agree to have 30 minutes invoiced \(€37\.50\)$/,
    notYours: "Your company's owner or a billing member can agree to have it invoiced.",
    minutes: "45 minutes",
  },
  // Read with their spaces made plain: Intl's no-break space after the euro sign is a space to these queries.
  nl: {
    used: "Je hebt deze maand 45 van de 120 minuten gebruikt.",
    waiting: "Wacht op jou",
    subject: "Onderwerp",
    message: "Bericht",
    send: "Verzoek versturen",
    sent: "Verzoek R-NEW123 verstuurd. We antwoorden binnen 24 uur.",
    answer: "Je antwoord",
    reply: "Versturen",
    all: "Alle verzoeken",
    notEntitled: /horen bij een abonnement of pakket/,
    extra: "januari 2027: 30 minuten boven de inbegrepen tijd (€ 37,50).",
    agree: /^Akkoord met facturering van 30 minuten \(€\s37,50\)$/,
    notYours: "De eigenaar van je bedrijf of een lid met de rol Facturatie kan akkoord gaan met de facturering.",
    minutes: "45 minuten",
  },
};

describe.each(["en", "nl"] as const)("agency-settings requests (%s)", (locale) => {
  const T = texts[locale];
  const mount = (extra = "") =>
    renderElement("agency-settings", `api-base="${API}" locale="${locale}" view="requests" ${extra}`, (view) => expect(view.getByText(T.used)).toBeInTheDocument());

  it("shows the month's minutes and the company's requests", async () => {
    const { view } = await mount();
    expect(view.getByRole("meter")).toHaveAttribute("value", "45");
    const link = view.getByRole("link", { name: filed.subject });
    expect(link).toHaveAttribute("href", `/dashboard/requests/${filed.id}`);
    expect(view.getByText(T.waiting)).toBeInTheDocument();
    // Only the requests: none of the account's cards.
    expect(view.queryByRole("heading", { level: 2, name: /subscription|abonnement/i })).toBeNull();
  });

  it("files a request, announces it, and opens it in place when the page does not route", async () => {
    const { el, view } = await mount();
    const created = vi.fn();
    el.addEventListener("agency-request-create", (e) => created((e as CustomEvent).detail));
    fill(view.getByLabelText(T.subject), "  Team page  ");
    fill(view.getByLabelText(T.message), "Add Bea to the team page.");
    await userEvent.setup().click(view.getByRole("button", { name: T.send }));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "success", message: T.sent, locale }));
    expect(posted).toEqual([{ kind: "content", subject: "Team page", message: "Add Bea to the team page." }]);
    expect(created).toHaveBeenCalledWith({ request: expect.objectContaining({ reference: "R-NEW123" }) });
    expect(navigations.at(-1)).toMatchObject({ to: "/dashboard/requests/9a1c3c8e-4b7e-4c43-9d43-2f1e5e0c1a22", source: "agency-settings" });
    const heading = await waitFor(() => view.getByRole("heading", { level: 3, name: filed.subject }));
    await waitFor(() => expect(focused(heading)).toBe(true));
  });

  it("shows a thread as text, with the agency's minutes, and sends an answer", async () => {
    const { view } = await mount(`request="${filed.id}"`);
    await waitFor(() => expect(view.getByText(/Please change <b>this<\/b>/)).toBeInTheDocument());
    const body = view.getByText(/Please change <b>this<\/b>/);
    expect(body.querySelector("b")).toBeNull();
    expect(body.textContent).toBe("Please change <b>this</b>\nand that.");
    expect(view.getByText(T.minutes)).toBeInTheDocument();
    fill(view.getByLabelText(T.answer), "Thank you!");
    await userEvent.setup().click(view.getByRole("button", { name: T.reply }));
    await waitFor(() => expect(posted).toEqual([{ message: "Thank you!" }]));
    // Read again with the answer in it.
    await waitFor(() => expect(threadReads).toBe(2));
    expect(view.getByRole("link", { name: T.all })).toHaveAttribute("href", "/dashboard/requests");
  });

  it("tells a company without a subscription or package what it takes, with no form", async () => {
    server.use(http.get(`${API}/requests`, () => HttpResponse.json({ ...listing(), entitled: false, requests: [] })));
    const { view } = await mount();
    expect(view.getByText(T.notEntitled)).toBeInTheDocument();
    expect(view.queryByLabelText(T.subject)).toBeNull();
  });

  it("lets the owner or a billing member agree to the extra time shown, and tells the others who can", async () => {
    const extraTime = [{ period: "2027-01", periodStart: "2026-12-31T23:00:00.000Z", extraMinutes: 30, agreedMinutes: 0, invoicedMinutes: 0 }];
    server.use(
      http.get(`${API}/requests`, () => HttpResponse.json(listing({ extraTime, allowance: { ...noRequests.allowance, usedMinutes: 150 } }))),
      http.get(`${API}/account/team`, () => HttpResponse.json({ team: { id: "c1", name: "Ann's", vatId: null, kvkNumber: null }, role: "billing", members: [], invitations: [] })),
    );
    const { view } = await renderElement("agency-settings", `api-base="${API}" locale="${locale}" view="requests"`, (v) => expect(v.getByText(T.extra)).toBeInTheDocument());
    await userEvent.setup().click(await waitFor(() => view.getByRole("button", { name: T.agree })));
    await waitFor(() => expect(posted).toEqual([{ period: "2027-01", minutes: 30 }]));

    server.use(http.get(`${API}/account/team`, () => HttpResponse.json({ team: { id: "c1", name: "Ann's", vatId: null, kvkNumber: null }, role: "member", members: [], invitations: [] })));
    const other = await renderElement("agency-settings", `api-base="${API}" locale="${locale}" view="requests"`, (v) => expect(v.getByText(T.extra)).toBeInTheDocument());
    await waitFor(() => expect(other.view.getByText(T.notYours)).toBeInTheDocument());
    expect(other.view.queryByRole("button", { name: T.agree })).toBeNull();
  });
});
