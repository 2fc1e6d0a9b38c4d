import type { Stripe } from "stripe";
import type { Db } from "../db/db";
import { randomToken } from "../lib/crypto";
import { atStripe, ProviderError } from "../payments/provider-error";
import { idOf } from "../payments/stripe/client";
import type { SubscriptionRow } from "../payments/subscriptions-repository";
import { latestPaidLocalInvoice, markLocalInvoiceRefunded, type WithdrawalRow } from "./repository";

export interface RefundDone {
  cents: number;
  currency: string;
  /** The provider's refund id; null when nothing was paid, so nothing was refunded. */
  reference: string | null;
}

/** The amount to give back of `paidCents`: all of it, or less the days used (rounded to the cent, never below 0). */
export function refundCents(paidCents: number, usedDays: number | null, periodDays: number | null): number {
  if (usedDays === null || periodDays === null || periodDays <= 0) return paidCents;
  return Math.max(0, paidCents - Math.round((paidCents * usedDays) / periodDays));
}

/**
 * The local test provider's refund: the newest paid invoice of the subscription, refunded as the statement says,
 * recorded with a test refund id (no money moves; the same code path as Stripe's up to the provider call).
 */
export async function refundLocal(db: Db, sub: SubscriptionRow, w: WithdrawalRow): Promise<RefundDone> {
  const invoice = await latestPaidLocalInvoice(db, sub.id);
  if (!invoice) return { cents: 0, currency: "EUR", reference: null };
  const cents = refundCents(invoice.total_cents, w.used_days, w.period_days);
  if (cents === invoice.total_cents) await markLocalInvoiceRefunded(db, invoice.id);
  return { cents, currency: invoice.currency, reference: cents > 0 ? `test_re_${randomToken().slice(0, 24)}` : null };
}

/**
 * Stripe's refund: every paid payment of the subscription's latest invoice, each less the days used. The
 * idempotency key names the subscription and the payment, so however often this runs (a retry after a failure, two
 * instances) Stripe makes one refund per payment; the amount comes from the stored statement, so a retry asks for
 * the same amount. A payment refunded already (by staff in the Dashboard) is left as it is.
 */
export async function refundStripe(stripe: Stripe, sub: SubscriptionRow, w: WithdrawalRow): Promise<RefundDone> {
  const subscriptionId = sub.external_id;
  if (!subscriptionId) throw new Error(`Stripe subscription row ${sub.id} has no Stripe id`);
  const remote = await atStripe("retrieve subscription", () => stripe.subscriptions.retrieve(subscriptionId));
  const invoiceId = idOf(remote.latest_invoice);
  let cents = 0;
  let currency = "EUR";
  const references: string[] = [];
  if (invoiceId) {
    const payments = await atStripe("list invoice payments", () => stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 10 }));
    for (const payment of payments.data) {
      const intent = idOf(payment.payment.payment_intent);
      const amount = refundCents(payment.amount_paid ?? 0, w.used_days, w.period_days);
      if (!intent || amount <= 0) continue;
      currency = payment.currency.toUpperCase();
      try {
        const refund = await atStripe("refund", () =>
          stripe.refunds.create(
            { payment_intent: intent, amount, reason: "requested_by_customer", metadata: { withdrawal: w.id, subscriptionId } },
            { idempotencyKey: `withdrawal-${subscriptionId}-${intent}` },
          ),
        );
        references.push(refund.id);
        cents += amount;
      } catch (error) {
        if (!(error instanceof ProviderError && error.providerCode === "charge_already_refunded")) throw error;
      }
    }
  }
  return { cents, currency, reference: references.join(",") || null };
}
