import { offerAmounts, PACKAGES, packageFeesCents, vatOf, VAT_RATE } from "@agency/contract";
import { nextNumber } from "../../src/payments/number-series";
import { firstOfNextMonth } from "../../src/payments/one-off";
import { renderPackageInvoicePdf } from "../../src/payments/invoice-pdf";
import type { InvoiceRow } from "../../src/payments/invoices-repository";
import { buildTestApp, type TestApp } from "../support/helpers";
import { pdfText } from "../support/payments-harness";

/**
 * The money rules of a package sale, as a Dutch bookkeeper checks them: VAT rounded per line, the deposit and the
 * balance adding up to the offer to the cent, the monthly fee, one gap-free series of numbers a year (also with
 * several writers at once and with rollbacks), and what an invoice shows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("amounts", () => {
  it("rounds VAT per line to the cent, a half cent away from zero", () => {
    expect(vatOf(49_950, 21)).toBe(10_490); // 104.895
    expect(vatOf(-49_950, 21)).toBe(-10_490);
    expect(vatOf(12_900, 21)).toBe(2_709);
    expect(vatOf(1, 21)).toBe(0);
    expect(vatOf(3, 21)).toBe(1);
  });

  it("makes the deposit and the balance add up to the offer, line by line and in total, for every package and odd extra lines", () => {
    for (const pkg of PACKAGES) {
      for (const extra of [[], [15_001], [12_345, -2_001, 99]]) {
        const fees = packageFeesCents(pkg.id);
        const a = offerAmounts({ startupFeeCents: fees.startupFeeCents, extraCents: extra, monthlyFeeCents: fees.monthlyFeeCents, vatRate: VAT_RATE });
        for (const field of ["netCents", "vatCents", "totalCents"] as const) expect(a.deposit[field] + a.balance[field]).toBe(a.oneTime[field]);
        a.lines.forEach((line, i) => {
          expect(a.depositLines[i]!.netCents + a.balanceLines[i]!.netCents).toBe(line.netCents);
          expect(a.depositLines[i]!.vatCents + a.balanceLines[i]!.vatCents).toBe(line.vatCents);
          // The deposit's VAT is the VAT of the deposit's own line; the balance's is within half a cent of its own.
          expect(a.depositLines[i]!.vatCents).toBe(vatOf(a.depositLines[i]!.netCents, VAT_RATE));
          expect(Math.abs(a.balanceLines[i]!.vatCents - (a.balanceLines[i]!.netCents * VAT_RATE) / 100)).toBeLessThanOrEqual(0.5);
        });
        expect(a.monthly).toEqual({ netCents: fees.monthlyFeeCents, vatCents: vatOf(fees.monthlyFeeCents, VAT_RATE), totalCents: fees.monthlyFeeCents + vatOf(fees.monthlyFeeCents, VAT_RATE) });
      }
    }
    // Professional: €999 startup, so €499.50 + €104.90 now and €499.50 + €104.89 at delivery: €1,208.79 in all.
    const pro = offerAmounts({ startupFeeCents: 99_900, extraCents: [], monthlyFeeCents: 12_900, vatRate: 21 });
    expect([pro.deposit.totalCents, pro.balance.totalCents, pro.oneTime.totalCents]).toEqual([60_440, 60_439, 120_879]);
  });

  it("holds the packages' plans to the specification's table", async () => {
    const { rows } = await t.db.query<{ id: string; price_monthly_cents: number; active: boolean; kind: string }>(
      "SELECT id, price_monthly_cents, active, kind FROM plans WHERE kind = 'package' ORDER BY sort_order",
    );
    expect(rows).toEqual(PACKAGES.map((p) => ({ id: p.id, price_monthly_cents: packageFeesCents(p.id).monthlyFeeCents, active: false, kind: "package" })));
    // Not on sale on the subscribe page.
    const plans = (await t.app.inject({ url: "/api/subscriptions/plans" })).json().plans as { id: string }[];
    expect(plans.map((p) => p.id)).toEqual(["pro"]);
  });
});

describe("numbers", () => {
  it("count up without gaps within a year, also when a transaction rolls back or several number at once", async () => {
    const at = new Date(Date.UTC(2031, 5, 1));
    const numbers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db
          .transaction(async (tx) => {
            const number = await nextNumber(tx, "invoice", at);
            // Every third one fails after taking its number: the number goes back.
            if (i % 3 === 0) throw new Error("rolled back");
            return number;
          })
          .catch(() => null),
      ),
    );
    const kept = numbers.filter((n): n is string => n !== null).sort();
    expect(kept).toEqual(Array.from({ length: 8 }, (_, i) => `2031-${String(i + 1).padStart(4, "0")}`));
  });

  it("start again each year, in the Netherlands' calendar (New Year's Eve 23:30 UTC is already next year)", async () => {
    const number = (at: Date) => t.db.transaction((tx) => nextNumber(tx, "offer", at));
    expect(await number(new Date("2032-12-31T22:00:00Z"))).toBe("OFF-2032-0001");
    expect(await number(new Date("2032-12-31T23:30:00Z"))).toBe("OFF-2033-0001");
    expect(await number(new Date("2033-01-02T10:00:00Z"))).toBe("OFF-2033-0002");
    expect(await t.db.transaction((tx) => nextNumber(tx, "test_invoice", new Date("2033-01-02T10:00:00Z")))).toBe("TEST-2033-0001");
  });
});

describe("the monthly fee's start", () => {
  it("is the first of the next month in the Netherlands", () => {
    expect(firstOfNextMonth(new Date("2026-12-15T12:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    // 00:30 on 1 February in Amsterdam: February has begun, so March.
    expect(firstOfNextMonth(new Date("2027-01-31T23:30:00Z")).toISOString()).toBe("2027-03-01T00:00:00.000Z");
    expect(firstOfNextMonth(new Date("2027-03-31T21:00:00Z")).toISOString()).toBe("2027-04-01T00:00:00.000Z");
  });
});

describe("an invoice", () => {
  it("names the supplier with its KvK and VAT numbers, the customer, each line with its VAT, the totals and the due date", async () => {
    const invoice: InvoiceRow = {
      id: "x".repeat(43),
      number: "2031-0007",
      test: false,
      kind: "balance",
      company_id: null,
      offer_id: null,
      subscription_id: null,
      customer: { name: "Jan Bakker", company: "Bakkerij Bakker", email: "jan@bakkerij.example", vatNumber: "NL123456789B01", kvkNumber: "87654321" },
      locale: "nl",
      currency: "EUR",
      vat_rate: 21,
      lines: [{ description: "Restbetaling (50%) van offerte OFF-2031-0003: Professional-pakket: opstartkosten", netCents: 49_950, vatCents: 10_489 }],
      net_cents: 49_950,
      vat_cents: 10_489,
      total_cents: 60_439,
      period_start: null,
      period_end: null,
      issued_at: new Date("2031-06-01T10:00:00Z"),
      due_at: new Date("2031-06-15T10:00:00Z"),
      status: "open",
      paid_at: null,
      provider: "stripe",
      external_id: null,
      reminded_at: null,
    };
    const pdf = pdfText(
      await renderPackageInvoicePdf(invoice, { name: "Pixelwerf B.V.", address: "Keizersgracht 1, 1015 AA Amsterdam", kvkNumber: "12345678", vatNumber: "NL001234567B01" }),
    );
    for (const text of ["Factuur 2031-0007", "Pixelwerf B.V.", "Keizersgracht 1", "KvK 12345678", "Btw-nummer NL001234567B01", "Bakkerij Bakker", "NL123456789B01", "15 juni 2031", "104,89", "604,39"]) {
      expect(pdf).toContain(text);
    }
    expect(pdf).not.toContain("TEST");
  });
});
