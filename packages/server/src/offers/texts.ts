import { offerAmounts, PACKAGE_FEATURES, PACKAGES, type Locale, type OfferAmounts, type PackageId } from "@agency/contract";
import { i18nFor, say } from "../i18n";
import type { InvoiceLineRow } from "../payments/invoices-repository";
import type { OfferRow } from "./repository";

/** What an offer says, in its language: the package, its lines, and the lines of its deposit and balance invoices. */

const m = {
  startup: /*i18n*/ { id: "offer.line.startup", message: "{package} package: startup fee" },
  upgrade: /*i18n*/ { id: "offer.line.upgrade", message: "Upgrade from {from} to {to}: difference in startup fee" },
  deposit: /*i18n*/ { id: "offer.line.deposit", message: "Deposit (50%) of offer {number}: {line}" },
  balance: /*i18n*/ { id: "offer.line.balance", message: "Balance (50%) of offer {number}: {line}" },
};

export const packageName = (id: PackageId) => PACKAGES.find((p) => p.id === id)!.name;

export function packageFeatures(id: PackageId, locale: Locale): string[] {
  const i18n = i18nFor(locale);
  return PACKAGE_FEATURES[id].map((feature) => i18n._(feature));
}

export function amountsOf(offer: Pick<OfferRow, "startup_fee_cents" | "lines" | "monthly_fee_cents" | "vat_rate">): OfferAmounts {
  return offerAmounts({
    startupFeeCents: offer.startup_fee_cents,
    extraCents: offer.lines.map((line) => line.amountCents),
    monthlyFeeCents: offer.monthly_fee_cents,
    vatRate: offer.vat_rate,
  });
}

/** The one-time lines' descriptions: the startup fee (or an upgrade's difference), then the extra lines as staff wrote them. */
export function lineDescriptions(offer: Pick<OfferRow, "kind" | "package" | "from_package" | "lines">, locale: Locale): string[] {
  const first =
    offer.kind === "upgrade" && offer.from_package
      ? say(locale, m.upgrade, { from: packageName(offer.from_package), to: packageName(offer.package) })
      : say(locale, m.startup, { package: packageName(offer.package) });
  return [first, ...offer.lines.map((line) => line.description)];
}

/** The offer's lines with their amounts and VAT, as the offer page and its document show them. */
export function offerLines(offer: OfferRow, locale: Locale = offer.locale) {
  const descriptions = lineDescriptions(offer, locale);
  return amountsOf(offer).lines.map((line) => ({ description: descriptions[line.index]!, netCents: line.netCents, vatCents: line.vatCents, totalCents: line.totalCents }));
}

/** The lines of the deposit (`deposit`) or balance invoice: half of each of the offer's lines, each with its VAT. */
export function invoiceLines(offer: OfferRow, kind: "deposit" | "balance", locale: Locale = offer.locale): InvoiceLineRow[] {
  const descriptions = lineDescriptions(offer, locale);
  const amounts = amountsOf(offer);
  return (kind === "deposit" ? amounts.depositLines : amounts.balanceLines).map((line) => ({
    description: say(locale, kind === "deposit" ? m.deposit : m.balance, { number: offer.number, line: descriptions[line.index] }),
    netCents: line.netCents,
    vatCents: line.vatCents,
  }));
}
