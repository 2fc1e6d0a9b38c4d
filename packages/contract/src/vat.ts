/**
 * VAT on what the agency sells. Its prices exclude VAT (the terms say so): a billing address in the Netherlands pays
 * 21 % on top, shown as a line of its own on the invoice; what VAT another address pays, the payment provider's tax
 * settings decide (the built-in test provider charges none).
 */

/** Dutch VAT in basis points: 21 %. */
export const DUTCH_VAT_BP = 2100;

/**
 * The VAT on a net amount in cents at a rate in basis points, rounded to the cent as the invoice rounds it: half a cent
 * away from zero, so a credit's VAT is the charge's with its sign turned.
 */
export function vatCents(netCents: number, rateBp: number): number {
  const cents = Math.floor((Math.abs(netCents) * rateBp + 5_000) / 10_000);
  return netCents < 0 ? -cents : cents;
}

/** What an invoice charges: the net amount, its VAT, and the total that is paid, all in cents. */
export interface Charge {
  netCents: number;
  taxCents: number;
  totalCents: number;
  /** The VAT rate in basis points (2100 for 21 %). */
  rateBp: number;
}

/** The charge for a net amount at a VAT rate. */
export function chargeFor(netCents: number, rateBp: number): Charge {
  const taxCents = vatCents(netCents, rateBp);
  return { netCents, taxCents, totalCents: netCents + taxCents, rateBp };
}
