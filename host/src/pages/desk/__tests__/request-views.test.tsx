import type { DeskRequestResponse, DeskRequestSummary } from "@agency/contract";
import { clearDeskSession, setDeskSession } from "@agency/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API, noRequests, renderApp, setupApi, waitForPath } from "../../../app/__tests__/render-app";

/** The desk's request queue and one request: the marks staff work by, the answer with its minutes, status and owner. */

const server = setupApi();

const staff = { id: "5f0c7a7e-0000-4000-8000-000000000001", email: "anna@agency.test", role: "staff", enrolled: true, createdAt: "2026-01-01T00:00:00Z", lastSignInAt: null };
const row = (id: string, extra: Partial<DeskRequestSummary> = {}): DeskRequestSummary => ({
  id,
  reference: "R-7KQ2MX",
  kind: "content",
  subject: `Request ${id.slice(-1)}`,
  status: "open",
  priority: false,
  createdAt: "2027-01-05T09:00:00.000Z",
  lastMessageAt: "2027-01-05T09:00:00.000Z",
  company: { id: "6f0c7a7e-0000-4000-8000-000000000009", name: "Bakkerij de Vries" },
  package: null,
  proPlan: true,
  minutesLeft: 75,
  awaitingSince: "2027-01-05T09:00:00.000Z",
  overdue: false,
  owner: null,
  ...extra,
});
const first = "7f0c7a7e-0000-4000-8000-000000000001";
const detail: DeskRequestResponse = {
  request: row(first, { priority: true, package: "enterprise", proPlan: false, minutesLeft: 195 }),
  messages: [{ from: "customer", authorName: "Ann", authorEmail: "ann@example.com", body: "Please <b>change</b> this.", createdAt: "2027-01-05T09:00:00.000Z", minutes: null }],
  allowance: { ...noRequests.allowance, includedMinutes: 240, usedMinutes: 45 },
};

beforeEach(() => {
  setDeskSession("desk-1");
  server.use(
    http.get(`${API}/desk/me`, () => HttpResponse.json({ staff, sessionExpiresAt: "2027-01-06T00:00:00Z" })),
    http.get(`${API}/desk/staff`, () => HttpResponse.json({ staff: [staff] })),
  );
});
afterEach(() => clearDeskSession());

describe("the request queue", () => {
  it("marks priority and overdue requests, counts the overdue ones and keeps the filter in the address (en)", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/desk/requests`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          requests: [row(first, { priority: true, overdue: true, package: "professional", proPlan: false }), row("7f0c7a7e-0000-4000-8000-000000000002", { minutesLeft: -30 })],
          total: 2,
          overdue: 1,
          page: 1,
          pageSize: 25,
        });
      }),
    );
    const { router } = renderApp("/en/desk/requests");
    expect(await screen.findByTestId("overdue-count", {}, { timeout: 8000 })).toHaveTextContent("1 overdue");
    const [, marked, plain] = screen.getAllByRole("row");
    expect(within(marked!).getByText("Priority")).toBeInTheDocument();
    expect(within(marked!).getByText("Overdue")).toBeInTheDocument();
    expect(within(marked!).getByText("Professional")).toBeInTheDocument();
    expect(within(plain!).getByText("Pro plan")).toBeInTheDocument();
    expect(within(plain!).getByText("-30")).toBeInTheDocument();
    expect(within(plain!).queryByText("Overdue")).toBeNull();

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "closed" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitForPath(router, "/en/desk/requests");
    await waitFor(() => expect(asked.at(-1)).toBe("?status=closed"));
    expect(router.state.location.search).toBe("?status=closed");
  });

  it("speaks Dutch at /desk/requests", async () => {
    server.use(http.get(`${API}/desk/requests`, () => HttpResponse.json({ requests: [row(first, { overdue: true })], total: 1, overdue: 1, page: 1, pageSize: 25 })));
    renderApp("/desk/requests");
    expect(await screen.findByTestId("overdue-count", {}, { timeout: 8000 })).toHaveTextContent("1 te laat");
    expect(screen.getByRole("heading", { level: 1, name: "Verzoeken" })).toBeInTheDocument();
  });
});

describe("a request", () => {
  it("shows the thread as text and sends the answer with its minutes and the status it leaves", async () => {
    const replies: unknown[] = [];
    server.use(
      http.get(`${API}/desk/requests/${first}`, () => HttpResponse.json(detail)),
      http.post(`${API}/desk/requests/${first}/replies`, async ({ request }) => {
        replies.push(await request.json());
        return HttpResponse.json({ ...detail, request: { ...detail.request, status: "closed" } }, { status: 201 });
      }),
    );
    renderApp(`/en/desk/requests/${first}`);
    const body = await screen.findByText("Please <b>change</b> this.", {}, { timeout: 8000 });
    expect(body.querySelector("b")).toBeNull();
    expect(screen.getByText("45 of 240 minutes used")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Answer", { exact: true }), { target: { value: "Changed." } });
    fireEvent.change(screen.getByLabelText("Minutes spent"), { target: { value: "1.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Send answer" }));
    expect(await screen.findByText("Minutes spent: a whole number from 0 to 480")).toBeInTheDocument();
    expect(replies).toEqual([]);

    fireEvent.change(screen.getByLabelText("Minutes spent"), { target: { value: "20" } });
    fireEvent.change(screen.getByLabelText("Then"), { target: { value: "closed" } });
    fireEvent.click(screen.getByRole("button", { name: "Send answer" }));
    await waitFor(() => expect(replies).toEqual([{ message: "Changed.", minutes: 20, status: "closed" }]));
  });

  it("assigns an owner from the staff list", async () => {
    const changes: unknown[] = [];
    server.use(
      http.get(`${API}/desk/requests/${first}`, () => HttpResponse.json(detail)),
      http.patch(`${API}/desk/requests/${first}`, async ({ request }) => {
        changes.push(await request.json());
        return HttpResponse.json({ ...detail, request: { ...detail.request, owner: { id: staff.id, email: staff.email } } });
      }),
    );
    renderApp(`/en/desk/requests/${first}`);
    const owner = await screen.findByLabelText("Owner", {}, { timeout: 8000 });
    await waitFor(() => expect(within(owner).getByRole("option", { name: staff.email })).toBeInTheDocument());
    fireEvent.change(owner, { target: { value: staff.id } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(changes).toEqual([{ status: "open", ownerId: staff.id }]));
  });
});
