import type { Db } from "../db/db";
import type { InvoiceAmount } from "../mail/subscription-templates";

/**
 * What the latest invoice of a subscription charges, VAT included, as the provider wrote it (the test provider's
 * invoice, Stripe's latest_invoice): the amount the subscription mails say.
 */
export async function recordInvoiceAmount(tx: Db, subscriptionId: string, amount: InvoiceAmount): Promise<void> {
  await tx.query("UPDATE subscriptions SET invoice_total_cents = $2, invoice_tax_cents = $3, invoice_currency = $4 WHERE id = $1", [
    subscriptionId,
    amount.totalCents,
    amount.taxCents,
    amount.currency.toUpperCase(),
  ]);
}
