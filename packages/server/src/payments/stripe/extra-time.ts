import type { Stripe } from "stripe";
import { billableOverage, type OverageLine } from "../../requests/allowance";
import { companyCustomer, extraTimeLine, isPackageSubscription } from "../package-invoices";
import { atStripe } from "../provider-error";
import { subscriptionByExternalId } from "../subscriptions-repository";
import { idOf, type StripeContext } from "./client";

/**
 * The extra time on requests at Stripe. When Stripe drafts the renewal invoice of a company's subscription
 * (invoice.created, billing_reason subscription_cycle; it finalises the draft about an hour later), each line of the
 * time the company agreed to and no invoice has taken (billableOverage) becomes an invoice item on that draft. The
 * webhook then marks those agreements invoiced with Stripe's invoice id, in its transaction.
 *
 * Each item carries the ids of its agreements, in its metadata and in its idempotency key: a redelivered event finds
 * them on the invoice (or Stripe answers the same item again) and adds nothing twice. A draft finalised before the
 * items were added takes none; that time waits for the next invoice.
 */

/** The metadata key of an invoice item that names the agreements it charges ("12-13"). */
const AGREEMENTS = "extraTimeAgreements";

export interface StripeExtraTime {
  /** The lines on Stripe's invoice: our numbered copy of a package's invoice carries them too. */
  lines: OverageLine[];
  /** The agreements Stripe's invoice charges: mark them invoiced (markExtraTimeInvoiced) with its id. */
  agreementIds: number[];
  /** The invoice's total with them, as Stripe now has it. */
  totalCents: number;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Adds the agreed extra time to the renewal invoice Stripe drafted; null when there is none to add to it. */
export async function addExtraTime(ctx: StripeContext, invoice: Stripe.Invoice, subscriptionId: string): Promise<StripeExtraTime | null> {
  const invoiceId = invoice.id;
  if (!invoiceId || invoice.billing_reason !== "subscription_cycle" || invoice.status !== "draft") return null;
  const row = await subscriptionByExternalId(ctx.db, "stripe", subscriptionId);
  if (!row) return null;
  const lines = await billableOverage(ctx.db, row.company_id);
  if (lines.length === 0) return null;

  const fresh = await atStripe("retrieve invoice", () => ctx.stripe.invoices.retrieve(invoiceId));
  const present = new Set((fresh.lines?.data ?? []).flatMap((line) => (line.metadata?.[AGREEMENTS] ?? "").split("-").filter(Boolean).map(Number)));
  // A package's fee is charged with its VAT (no Stripe Tax on it), so is its extra time; a plan's prices exclude VAT,
  // which Stripe Tax adds when it is on (STRIPE_AUTOMATIC_TAX).
  const withVat = await isPackageSubscription(ctx.db, row);
  const locale = (await companyCustomer(ctx.db, row.company_id, row.user_id))?.locale ?? "nl";
  const customer = idOf(fresh.customer);
  const taken: OverageLine[] = [];
  const ids: number[] = [];
  let added = false;
  for (const line of lines) {
    const key = line.agreementIds.join("-");
    const on = line.agreementIds.filter((id) => present.has(id));
    if (on.length === line.agreementIds.length) {
      taken.push(line);
      ids.push(...on);
      continue;
    }
    if (on.length > 0) {
      // Agreed to again between an earlier delivery and this one: what is on the invoice is invoiced, the rest waits.
      ctx.log.warn({ invoice: invoiceId, agreements: key }, "extra time partly on a Stripe invoice already; the rest waits for the next invoice");
      ids.push(...on);
      continue;
    }
    if (fresh.status !== "draft" || !customer || line.currency.toLowerCase() !== fresh.currency) continue;
    // The line as our numbered invoice writes it: the same description, and the same VAT rounded on its own.
    const item = extraTimeLine(locale, line);
    await atStripe("create invoice item", () =>
      ctx.stripe.invoiceItems.create(
        {
          customer,
          invoice: invoiceId,
          amount: withVat ? item.netCents + item.vatCents : item.netCents,
          currency: fresh.currency,
          description: item.description,
          period: { start: seconds(line.periodStart), end: seconds(line.periodEnd) },
          metadata: { [AGREEMENTS]: key, period: line.period, minutes: String(line.minutes) },
          ...(!withVat && ctx.settings.automaticTax ? { tax_behavior: "exclusive" as const } : {}),
        },
        { idempotencyKey: `extra-time-${key}` },
      ),
    );
    taken.push(line);
    ids.push(...line.agreementIds);
    added = true;
  }
  if (ids.length === 0) return null;
  const totalCents = added ? (await atStripe("retrieve invoice", () => ctx.stripe.invoices.retrieve(invoiceId))).total : fresh.total;
  return { lines: taken, agreementIds: ids, totalCents };
}
