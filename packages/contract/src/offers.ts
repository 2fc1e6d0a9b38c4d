import { PACKAGES, PACKAGE_IDS, type PackageId } from "./pricing";
import { DUTCH_VAT_BP, vatCents } from "./vat";

/**
 * Packages sold online: the offer staff make after the intake call, its money and its terms. The server and the
 * browser (the desk's form, the offer page) compute amounts with these functions, so a total shown before an offer
 * is made is the total the server stores. Amounts are integer cents, excluding VAT unless a name says otherwise.
 */

/** An offer's life: asked for by a customer (an upgrade, until staff send it), sent, opened, signed, delivered. */
export const OFFER_STATUSES = ["requested", "sent", "viewed", "accepted", "delivered", "expired", "declined"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** A first package, or an upgrade of the package a company holds (which charges only the difference). */
export const OFFER_KINDS = ["new", "upgrade"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** The invoices of a package sale: the deposit at the order, the balance at delivery, then the monthly fee. */
export const PACKAGE_INVOICE_KINDS = ["deposit", "balance", "monthly"] as const;
export type PackageInvoiceKind = (typeof PACKAGE_INVOICE_KINDS)[number];

/** The terms on the site: quotes are valid 30 days, 50 % is paid at the order, invoices are due in 14 days. */
export const OFFER_VALIDITY_DAYS = 30;
export const DEPOSIT_PERCENT = 50;
export const PAYMENT_TERM_DAYS = 14;
/** Hosting has a minimum term of 12 months, then ends with 1 month's notice. */
export const HOSTING_MINIMUM_MONTHS = 12;
export const CANCELLATION_NOTICE_MONTHS = 1;
/** Dutch VAT on everything the agency sells; prices exclude it. */
export const VAT_RATE = DUTCH_VAT_BP / 100;
/** The date of the terms and conditions an offer's signer agrees to (the terms page says it was last updated then). */
export const TERMS_VERSION = "2025-01-05";

/** Extra lines an offer may carry beside the package, and their limits. */
export const OFFER_MAX_LINES = 10;
export const OFFER_LINE_DESCRIPTION_MAX = 200;
/** One line at most €100,000 either way (a discount is a negative line). */
export const OFFER_LINE_MAX_CENTS = 10_000_000;

/** The packages from the cheapest up: an upgrade goes to a later one. */
export const PACKAGE_ORDER: readonly PackageId[] = PACKAGE_IDS;

export function isUpgrade(from: PackageId, to: PackageId): boolean {
  return PACKAGE_ORDER.indexOf(to) > PACKAGE_ORDER.indexOf(from);
}

/** The packages a holder of `from` can move up to. */
export function upgradesFrom(from: PackageId): PackageId[] {
  return PACKAGE_ORDER.filter((to) => isUpgrade(from, to));
}

/** A package's fees in euro cents, excluding VAT: the specification's table. */
export function packageFeesCents(id: PackageId): { startupFeeCents: number; monthlyFeeCents: number } {
  const fees = PACKAGES.find((p) => p.id === id)!.fees.EUR;
  return { startupFeeCents: fees.startupFee * 100, monthlyFeeCents: fees.monthlyFee * 100 };
}

/**
 * VAT of one line, rounded to the cent, a half cent away from zero: the Dutch tax authority accepts VAT rounded per
 * line as long as it is done the same way on every line.
 */
export function vatOf(netCents: number, rate: number): number {
  return vatCents(netCents, rate * 100);
}

/** An amount as an invoice shows it: without VAT, the VAT, and with VAT. */
export interface Amount {
  netCents: number;
  vatCents: number;
  totalCents: number;
}

export interface AmountLine extends Amount {
  /** Which line of the offer: its index among the one-time lines (0 is the package's startup fee). */
  index: number;
}

const sum = (lines: readonly Amount[]): Amount => ({
  netCents: lines.reduce((n, l) => n + l.netCents, 0),
  vatCents: lines.reduce((n, l) => n + l.vatCents, 0),
  totalCents: lines.reduce((n, l) => n + l.totalCents, 0),
});

const line = (index: number, netCents: number, vat: number): AmountLine => ({ index, netCents, vatCents: vat, totalCents: netCents + vat });

export interface OfferAmounts {
  /** The one-time lines (the startup fee, then the extra lines), each with its VAT. */
  lines: AmountLine[];
  oneTime: Amount;
  monthly: Amount;
  /** Half of each one-time line, each with the VAT on that half: what is paid at the order. */
  depositLines: AmountLine[];
  deposit: Amount;
  /**
   * The rest of each line, with the rest of its VAT (the line's VAT less the deposit's), so the deposit and the
   * balance add up to the offer to the cent.
   */
  balanceLines: AmountLine[];
  balance: Amount;
}

/** Everything an offer charges, from its startup fee (or, for an upgrade, the difference), its extra lines and its monthly fee. */
export function offerAmounts(input: { startupFeeCents: number; extraCents: readonly number[]; monthlyFeeCents: number; vatRate: number }): OfferAmounts {
  const { vatRate } = input;
  const lines = [input.startupFeeCents, ...input.extraCents].map((net, index) => line(index, net, vatOf(net, vatRate)));
  const depositLines = lines.map((l) => {
    const net = Math.round((l.netCents * DEPOSIT_PERCENT) / 100);
    return line(l.index, net, vatOf(net, vatRate));
  });
  const balanceLines = lines.map((l, i) => line(l.index, l.netCents - depositLines[i]!.netCents, l.vatCents - depositLines[i]!.vatCents));
  const monthlyVat = vatOf(input.monthlyFeeCents, vatRate);
  return {
    lines,
    oneTime: sum(lines),
    monthly: { netCents: input.monthlyFeeCents, vatCents: monthlyVat, totalCents: input.monthlyFeeCents + monthlyVat },
    depositLines,
    deposit: sum(depositLines),
    balanceLines,
    balance: sum(balanceLines),
  };
}
