import type { PublicOffer } from "@agency/contract";
import { navigation } from "@agency/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { API, renderApp, setupApi } from "../../../app/__tests__/render-app";

const server = setupApi();

const amount = (net: number) => ({ netCents: net, vatCents: Math.floor((net * 21 + 50) / 100), totalCents: net + Math.floor((net * 21 + 50) / 100) });

/** An offer as GET /offers/{token} answers it: Professional with one extra line, opened, not signed. */
function offer(extra: Partial<PublicOffer> = {}): PublicOffer {
  return {
    number: "OFF-2026-0007",
    status: "viewed",
    kind: "new",
    package: { id: "professional", name: "Professional", features: ["6-10 pagina's", "Meertalig"] },
    fromPackage: null,
    customer: { name: "Jan Bakker", email: "jan@bakkerij.example", company: "Bakkerij Bakker" },
    locale: "nl",
    currency: "EUR",
    vatRate: 21,
    startupFeeCents: 99_900,
    monthlyFeeCents: 12_900,
    depositCents: 57_450,
    lines: [
      { description: "Professional-pakket: opstartkosten", ...amount(99_900) },
      { description: "Extra landingspagina", ...amount(15_000) },
    ],
    oneTime: { netCents: 114_900, vatCents: 24_129, totalCents: 139_029 },
    monthly: { netCents: 12_900, vatCents: 2_709, totalCents: 15_609 },
    deposit: { netCents: 57_450, vatCents: 12_065, totalCents: 69_515 },
    balance: { netCents: 57_450, vatCents: 12_064, totalCents: 69_514 },
    createdAt: "2026-12-01T10:00:00.000Z",
    expiresAt: "2026-12-31T10:00:00.000Z",
    signature: null,
    paidAt: null,
    deliveredAt: null,
    monthlyFrom: null,
    payable: null,
    needsMandate: false,
    invoices: [],
    terms: { version: "2025-01-05", paymentTermDays: 14, depositPercent: 50, minimumMonths: 12, noticeMonths: 1, validityDays: 30 },
    ...extra,
  };
}

describe("an offer's page, opened from its mail without a session", () => {
  it("shows every line with and without VAT, the deposit, the terms and the expiry, then signs and goes to the payment", async () => {
    let accepted: unknown = null;
    server.use(
      http.get(`${API}/offers/tok-1`, () => HttpResponse.json({ offer: offer() })),
      http.post(`${API}/offers/tok-1/accept`, async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json({ checkoutUrl: "https://checkout.example/pay/1" });
      }),
    );
    renderApp("/offer?token=tok-1");
    expect(await screen.findByRole("heading", { level: 1, name: "Offerte OFF-2026-0007" }, { timeout: 8000 })).toBeInTheDocument();
    const table = screen.getByRole("table");
    expect(within(table).getByText("Extra landingspagina")).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Btw 21%" })).toBeInTheDocument();
    expect(within(table).getByText("€ 1.390,29")).toBeInTheDocument();
    expect(screen.getByText(/€ 695,15 inclusief btw \(€ 574,50 exclusief btw\)/)).toBeInTheDocument();
    expect(screen.getByText(/minimale looptijd van 12 maanden/)).toBeInTheDocument();
    expect(screen.getByText(/geldig tot 31 december 2026/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Lees de algemene voorwaarden" })).toHaveAttribute("href", "/terms");

    const accept = screen.getByRole("button", { name: /^Accepteren en de aanbetaling van €\s695,15 betalen$/ });
    fireEvent.click(accept);
    expect(await screen.findByText("Ga akkoord met de algemene voorwaarden om de offerte te accepteren.")).toBeInTheDocument();
    expect(accepted).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: /Ik accepteer deze offerte/ }));
    fireEvent.click(accept);
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith("https://checkout.example/pay/1"));
    expect(accepted).toEqual({ name: "Jan Bakker", acceptTerms: true });
  });

  it("in English at /en/offer, after the deposit: the order's state, the invoices and the mandate still owed", async () => {
    server.use(
      http.get(`${API}/offers/tok-2`, () =>
        HttpResponse.json({
          offer: offer({
            locale: "en",
            status: "accepted",
            signature: { name: "Jan Bakker", at: "2026-12-02T10:00:00.000Z" },
            paidAt: "2026-12-02T10:05:00.000Z",
            needsMandate: true,
            invoices: [{ number: "2026-0003", kind: "deposit", issuedAt: "2026-12-02T10:05:00.000Z", dueAt: null, totalCents: 69_515, status: "paid", overdue: false, pdfUrl: "https://api.example/invoices/x.pdf" }],
          }),
        }),
      ),
    );
    renderApp("/en/offer?token=tok-2&lang=en&paid=deposit");
    expect(await screen.findByRole("heading", { level: 1, name: "Offer OFF-2026-0007" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText("Thank you, your payment was received.")).toBeInTheDocument();
    expect(screen.getByText(/Thank you for your order: we received the deposit on December 2, 2026/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Invoice 2026-0003 (PDF)" })).toHaveAttribute("href", "https://api.example/invoices/x.pdf");
    expect(screen.getByRole("button", { name: "Give a direct debit mandate" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Accept and pay/ })).toBeNull();
  });

  it("says an expired offer has expired, in the page's language", async () => {
    server.use(
      http.get(`${API}/offers/tok-3`, () =>
        HttpResponse.json({ error: "Deze offerte is verlopen", code: "offers.expired" }, { status: 410 }),
      ),
    );
    renderApp("/offer?token=tok-3");
    expect(await screen.findByRole("heading", { level: 1, name: "Deze offerte is verlopen" }, { timeout: 8000 })).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent(/offertes zijn 30 dagen geldig/);
  });
});
