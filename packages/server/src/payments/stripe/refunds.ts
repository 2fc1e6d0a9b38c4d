import type { Stripe } from "stripe";
import { atStripe, isGoneAtProvider, ProviderError } from "../provider-error";
import { idOf, type StripeContext } from "./client";

/** Why a subscription was cancelled at once with its first payment refunded; kept in its metadata (`refunded`). */
export type RefundReason = "duplicate" | "account_deleted";

/** The refund reason Stripe records (and shows the customer's bank) for ours. */
const STRIPE_REASON: Record<RefundReason, Stripe.RefundCreateParams.Reason> = {
  duplicate: "duplicate",
  account_deleted: "requested_by_customer",
};

/** Whether Stripe's copy of a subscription says we refunded it as the second subscription of a user. */
export const refundedAsDuplicate = (subscription: Stripe.Subscription) => subscription.metadata?.refunded === "duplicate";

/**
 * Ends a subscription nobody should pay for — the second one of a user who already has one, or one paid for after
 * its account was deleted — and gives the money back: the payments of its first invoice are refunded, the reason
 * is written into its metadata, and it is cancelled at once. Each step can be repeated safely (idempotency keys,
 * an already refunded charge, an already cancelled subscription), so a webhook delivery that fails halfway and comes
 * again finishes the job; the metadata lets that later delivery know what was done.
 * @returns the subscription as Stripe has it afterwards
 */
export async function cancelAndRefund(ctx: StripeContext, subscription: Stripe.Subscription, reason: RefundReason): Promise<Stripe.Subscription> {
  const invoiceId = idOf(subscription.latest_invoice);
  if (invoiceId) {
    const payments = await atStripe("list invoice payments", () => ctx.stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 10 }));
    for (const payment of payments.data) {
      const intent = idOf(payment.payment.payment_intent);
      if (!intent) continue;
      try {
        await atStripe("refund", () =>
          ctx.stripe.refunds.create(
            { payment_intent: intent, reason: STRIPE_REASON[reason], metadata: { subscriptionId: subscription.id, refunded: reason } },
            { idempotencyKey: `refund-${subscription.id}-${intent}` },
          ),
        );
      } catch (error) {
        if (!(error instanceof ProviderError && error.providerCode === "charge_already_refunded")) throw error;
      }
    }
  }
  let current = subscription;
  if (subscription.metadata?.refunded !== reason) {
    current = await atStripe("mark subscription refunded", () =>
      ctx.stripe.subscriptions.update(subscription.id, { metadata: { refunded: reason } }, { idempotencyKey: `refunded-${subscription.id}` }),
    );
  }
  if (current.status === "canceled") return current;
  try {
    return await atStripe("cancel subscription", () => ctx.stripe.subscriptions.cancel(subscription.id, {}, { idempotencyKey: `cancel-${subscription.id}` }));
  } catch (error) {
    if (!isGoneAtProvider(error)) throw error;
    return { ...current, status: "canceled", ended_at: Math.floor(Date.now() / 1000) };
  }
}
