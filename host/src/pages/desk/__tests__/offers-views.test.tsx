import { clearDeskSession, setDeskSession } from "@agency/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API, renderApp, setupApi, waitForPath } from "../../../app/__tests__/render-app";
import { parseEuro } from "../offers/new-offer-view";

const server = setupApi();

const staff = { id: "5f0c7a7e-0000-4000-8000-000000000001", email: "staff@agency.test", role: "staff", enrolled: true, createdAt: "2026-01-01T00:00:00Z", lastSignInAt: null };
const OFFER_ID = "5f0c7a7e-0000-4000-8000-0000000000aa";
const amount = (net: number) => ({ netCents: net, vatCents: Math.floor((net * 21 + 50) / 100), totalCents: net + Math.floor((net * 21 + 50) / 100) });
const summary = {
  id: OFFER_ID,
  number: "OFF-2026-0011",
  status: "accepted",
  kind: "new",
  package: "starter",
  fromPackage: null,
  email: "jan@bakkerij.example",
  name: "Jan Bakker",
  company: "Bakkerij Bakker",
  locale: "nl",
  startupFeeCents: 49_900,
  monthlyFeeCents: 6_500,
  depositCents: 24_950,
  oneTimeTotalCents: 60_379,
  currency: "EUR",
  vatRate: 21,
  expiresAt: "2026-12-31T10:00:00Z",
  createdAt: "2026-12-01T10:00:00Z",
  paidAt: "2026-12-02T10:00:00Z",
  balanceOverdue: false,
  leadId: 7,
};
const detail = {
  ...summary,
  link: "https://agency.example/offer?token=abc",
  lines: [{ description: "Starter-pakket: opstartkosten", ...amount(49_900) }],
  oneTime: amount(49_900),
  monthly: amount(6_500),
  deposit: amount(24_950),
  balance: { netCents: 24_950, vatCents: 5_239, totalCents: 30_189 },
  signature: { name: "Jan Bakker", at: "2026-12-02T09:59:00Z", ip: "203.0.113.7" },
  deliveredAt: null,
  declinedAt: null,
  declineReason: null,
  companyId: null,
  needsMandate: false,
  invoices: [],
  history: [
    { id: 1, at: "2026-12-01T10:00:00Z", actor: "staff@agency.test", action: "offer.created", target: `offer:${OFFER_ID}`, detail: {}, ip: "" },
    { id: 2, at: "2026-12-02T09:59:00Z", actor: "jan@bakkerij.example", action: "offer.accepted", target: `offer:${OFFER_ID}`, detail: {}, ip: "" },
  ],
};

beforeEach(() => {
  setDeskSession("desk-1");
  server.use(http.get(`${API}/desk/me`, () => HttpResponse.json({ staff, sessionExpiresAt: "2026-11-28T00:00:00Z" })));
});
afterEach(() => clearDeskSession());

describe("the desk's offers", () => {
  it("reads euro amounts as staff type them (a thousands separator is refused, as 1.500 could be either)", () => {
    expect([parseEuro("150"), parseEuro("149,95"), parseEuro("€ 1500.5"), parseEuro("-50"), parseEuro("1.500"), parseEuro("abc")]).toEqual([15_000, 14_995, 150_050, -5_000, null, null]);
  });

  it("makes an offer for a lead: its contact filled in, the totals worked out, the lines sent in cents", async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.get(`${API}/desk/leads/7`, () =>
        HttpResponse.json({ lead: { id: 7, name: "Jan Bakker", email: "jan@bakkerij.example", company: "Bakkerij Bakker", language: "en" } }),
      ),
      http.post(`${API}/desk/offers`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ offer: summary }, { status: 201 });
      }),
      http.get(`${API}/desk/offers/${OFFER_ID}`, () => HttpResponse.json({ offer: detail })),
    );
    const { router } = renderApp("/desk/offers/new?lead=7");
    expect(await screen.findByRole("heading", { level: 1, name: "Nieuwe offerte" }, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("E-mailadres")).toHaveValue("jan@bakkerij.example"));
    fireEvent.change(screen.getByLabelText("Pakket"), { target: { value: "starter" } });
    fireEvent.click(screen.getByRole("button", { name: "Regel toevoegen" }));
    fireEvent.change(screen.getByLabelText("Omschrijving van regel 1"), { target: { value: "Extra pagina" } });
    fireEvent.change(screen.getByLabelText("Bedrag van regel 1 in euro, excl. btw"), { target: { value: "150,00" } });
    // €499 + €150 = €649 excluding VAT, €785.29 including it.
    expect(screen.getByText(/€\s649,00 excl\. btw, €\s785,29 incl\. btw/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Offerte maken en versturen" }));
    await waitForPath(router, `/desk/offers/${OFFER_ID}`);
    expect(sent).toEqual({
      email: "jan@bakkerij.example",
      name: "Jan Bakker",
      company: "Bakkerij Bakker",
      package: "starter",
      locale: "en",
      lines: [{ description: "Extra pagina", amountCents: 15_000 }],
      leadId: 7,
    });
  });

  it("marks a paid offer delivered after asking, and shows its history from the audit log", async () => {
    let delivered = false;
    server.use(
      http.get(`${API}/desk/offers/${OFFER_ID}`, () => HttpResponse.json({ offer: detail })),
      http.post(`${API}/desk/offers/${OFFER_ID}/delivered`, () => {
        delivered = true;
        return HttpResponse.json({ offer: { ...detail, status: "delivered", deliveredAt: "2026-12-10T10:00:00Z" } });
      }),
    );
    renderApp(`/en/desk/offers/${OFFER_ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Offer OFF-2026-0011" }, { timeout: 8000 })).toBeInTheDocument();
    expect(within(screen.getByTestId("offer-history")).getByText(/Accepted and signed · jan@bakkerij\.example/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Mark delivered" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/balance of €301\.89 is invoiced/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, it is delivered" }));
    await waitFor(() => expect(screen.getByTestId("offer-status")).toHaveTextContent("Delivered"));
    expect(delivered).toBe(true);
  });
});
