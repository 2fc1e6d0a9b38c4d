import { chargeFor, DUTCH_VAT_BP } from "@agency/contract";
import type { Db } from "../../db/db";
import { randomToken } from "../../lib/crypto";
import { findBillingDetails, insertLocalInvoice, type BillingDetails, type InvoiceLine, type LocalInvoiceRow } from "./billing-repository";
import { recordInvoiceAmount } from "../invoice-amounts-repository";
import { findPlan, priceCents } from "../plans-repository";
import type { SubscriptionRow } from "../subscriptions-repository";
import { isPackageSubscription, issueMonthlyInvoice } from "../package-invoices";

/**
 * The invoices of the local test provider, written as Stripe writes them: one when a checkout is paid, one per
 * renewal, and one when the billing period is switched (the new period charged, the unused rest of the old one
 * credited). Prices exclude VAT; a Dutch billing address pays 21 % on top, shown as its own line. Other addresses get
 * no VAT on these test invoices (Stripe Tax decides that for real ones).
 */

/** The VAT rate a billing address pays on these test invoices, in basis points. */
export function vatRateFor(details: BillingDetails | null): number {
  return details?.country === "NL" ? DUTCH_VAT_BP : 0;
}

/** The charge for the subscription's current period. */
export async function periodLine(db: Db, subscription: SubscriptionRow): Promise<InvoiceLine> {
  return {
    kind: "period",
    billingPeriod: subscription.billing_period,
    from: subscription.current_period_start.toISOString(),
    to: subscription.current_period_end.toISOString(),
    amountCents: priceCents(await planOf(db, subscription), subscription.billing_period),
  };
}

/** The credit for the part of the current period after `at`, when the subscription leaves it early. */
export async function unusedTimeLine(db: Db, subscription: SubscriptionRow, at: Date): Promise<InvoiceLine> {
  const start = subscription.current_period_start.getTime();
  const end = subscription.current_period_end.getTime();
  const unused = end > start ? Math.min(1, Math.max(0, (end - at.getTime()) / (end - start))) : 0;
  const price = priceCents(await planOf(db, subscription), subscription.billing_period);
  return {
    kind: "unused_time",
    billingPeriod: subscription.billing_period,
    from: at.toISOString(),
    to: subscription.current_period_end.toISOString(),
    amountCents: -Math.round(price * unused),
  };
}

/**
 * The lines of extra time a renewal's invoice adds (the customer agreed to them; requests/allowance.ts's
 * billableOverage says which), one per calendar month and rate.
 */
export function extraTimeLines(
  subscription: SubscriptionRow,
  lines: readonly { periodStart: Date; periodEnd: Date; minutes: number; amountCents: number }[],
): InvoiceLine[] {
  return lines.map((line) => ({
    kind: "extra_time",
    billingPeriod: subscription.billing_period,
    from: line.periodStart.toISOString(),
    to: line.periodEnd.toISOString(),
    amountCents: line.amountCents,
    minutes: line.minutes,
  }));
}

/**
 * Writes an invoice of these lines for the subscription's company, with the VAT its billing address owes, and keeps
 * its amounts as the subscription's latest invoice (what the subscription mails say).
 */
export async function writeInvoice(
  tx: Db,
  subscription: SubscriptionRow,
  lines: InvoiceLine[],
  { at = new Date(), status = "paid" }: { at?: Date; status?: LocalInvoiceRow["status"] } = {},
): Promise<LocalInvoiceRow> {
  const details = await findBillingDetails(tx, subscription.company_id);
  const plan = await planOf(tx, subscription);
  const charge = chargeFor(
    lines.reduce((sum, line) => sum + line.amountCents, 0),
    vatRateFor(details),
  );
  await recordInvoiceAmount(tx, subscription.id, { totalCents: charge.totalCents, taxCents: charge.taxCents, currency: plan.currency });
  return insertLocalInvoice(
    tx,
    {
      id: randomToken(),
      company_id: subscription.company_id,
      user_id: subscription.user_id,
      subscription_id: subscription.id,
      currency: plan.currency,
      lines,
      subtotal_cents: charge.netCents,
      tax_rate_bp: charge.rateBp,
      tax_cents: charge.taxCents,
      total_cents: charge.totalCents,
      country: details?.country ?? null,
      vat_number: details?.vatNumber ?? null,
      status,
    },
    at,
  );
}

async function planOf(db: Db, subscription: SubscriptionRow) {
  const plan = await findPlan(db, subscription.plan_id, { activeOnly: false });
  if (!plan) throw new Error(`Plan ${subscription.plan_id} of subscription ${subscription.id} does not exist`);
  return plan;
}

/**
 * The invoice of the subscription's current period, as a renewal writes it: a package's monthly fee is one of the
 * agency's numbered invoices (package-invoices.ts), a plan's a test invoice of this provider's own. Both carry the
 * extra time on requests the customer agreed to (`extraTime`), so the caller marks it invoiced with the returned id.
 */
export async function writePeriodInvoice(
  tx: Db,
  subscription: SubscriptionRow,
  opts: { at: Date; status: "paid" | "open"; extraTime?: Parameters<typeof extraTimeLines>[1] },
): Promise<{ id: string }> {
  if (await isPackageSubscription(tx, subscription)) return issueMonthlyInvoice(tx, subscription, opts);
  return writeInvoice(tx, subscription, [await periodLine(tx, subscription), ...extraTimeLines(subscription, opts.extraTime ?? [])], opts);
}
