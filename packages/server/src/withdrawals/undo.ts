import type { FastifyInstance } from "fastify";
import { sha256 } from "../lib/crypto";
import { applySubscriptionState, type FulfilmentResult } from "../payments/fulfilment";
import { atStripe } from "../payments/provider-error";
import { applyStripeSubscription } from "../payments/stripe/sync";
import { idOf } from "../payments/stripe/client";
import { liveSubscription, lockStripeSubscription, subscriptionById, type SubscriptionRow } from "../payments/subscriptions-repository";
import { claimUndo, releaseUndo } from "./repository";

export type UndoOutcome = "restored" | "resumed" | "nothing_to_undo" | "invalid" | "busy";

/**
 * The acknowledgement's link for an owner who did not send the statement. What it undoes depends on how far the
 * statement went: one not yet carried out is simply never carried out; a cancellation at period end is resumed; a
 * subscription already ended and refunded runs again until the end of the period it had, free of charge (the
 * refund stays with the customer: a stranger's statement must cost the owner nothing), and renews as before after
 * that. The link is single use and works until that period's end.
 */
export async function undoWithdrawal(app: FastifyInstance, token: string): Promise<UndoOutcome> {
  const claim = await claimUndo(app.db, sha256(token));
  if (claim.state !== "claimed") return claim.state;
  const { row, previousOutcome } = claim;
  if (previousOutcome === "pending") return row.within_period ? "restored" : "resumed";
  const sub = row.subscription_id ? await subscriptionById(app.db, row.subscription_id) : null;
  if (!sub || !row.user_id) return "nothing_to_undo";
  try {
    if (previousOutcome === "cancelled_at_period_end") {
      if (!sub.cancel_at_period_end || sub.current_period_end <= new Date()) return "nothing_to_undo";
      const result = await app.payments.providerFor(sub).setCancelAtPeriodEnd(sub, false);
      app.payments.deliverMails(result.mailIds);
      return "resumed";
    }
    if (previousOutcome !== "withdrawn" || (await liveSubscription(app.db, sub.company_id))) return "nothing_to_undo";
    const result = sub.provider === "local" ? await restoreLocal(app, sub) : await restoreStripe(app, sub);
    if (result) app.payments.deliverMails(result.mailIds);
    return "restored";
  } catch (error) {
    await releaseUndo(app.db, row.id, previousOutcome);
    throw error;
  }
}

/** A new local subscription, running from now to the ended one's period end without a charge, then renewing. */
function restoreLocal(app: FastifyInstance, sub: SubscriptionRow): Promise<FulfilmentResult> {
  return app.db.transaction((tx) =>
    applySubscriptionState(tx, {
      companyId: sub.company_id,
      userId: sub.user_id,
      provider: "local",
      externalId: null,
      planId: sub.plan_id,
      billingPeriod: sub.billing_period,
      status: "active",
      currentPeriodStart: new Date(),
      currentPeriodEnd: sub.current_period_end,
      cancelAtPeriodEnd: false,
      billingAnchor: sub.billing_anchor,
    }),
  );
}

/**
 * Stripe cannot revive a cancelled subscription, so a new one is made for the same customer and price, on a trial
 * until the old period's end (no charge before then) and paid afterwards with the payment method the old one used.
 */
async function restoreStripe(app: FastifyInstance, sub: SubscriptionRow): Promise<FulfilmentResult | null> {
  const stripe = app.payments.stripe;
  if (!stripe || !sub.external_id) throw new Error(`Stripe subscription row ${sub.id} cannot be restored: Stripe is not configured`);
  const oldId = sub.external_id;
  const old = await atStripe("retrieve subscription", () => stripe.stripe.subscriptions.retrieve(oldId));
  const item = old.items.data[0];
  const customer = idOf(old.customer);
  if (!item || !customer) throw new Error(`Stripe subscription ${oldId} has no price or customer to restore`);
  const paymentMethod = idOf(old.default_payment_method);
  const created = await atStripe("restore subscription", () =>
    stripe.stripe.subscriptions.create(
      {
        customer,
        items: [{ price: item.price.id }],
        trial_end: Math.floor(sub.current_period_end.getTime() / 1000),
        ...(paymentMethod ? { default_payment_method: paymentMethod } : {}),
        metadata: { ...old.metadata, restoredFrom: oldId },
      },
      { idempotencyKey: `withdrawal-restore-${oldId}` },
    ),
  );
  const ctx = { db: app.db, settings: app.config.stripe, log: app.log, publicUrl: app.config.publicUrl, stripe: stripe.stripe };
  return app.db.transaction(async (tx) => {
    await lockStripeSubscription(tx, created.id);
    return applyStripeSubscription(ctx, tx, created, { fallbackUserId: sub.user_id });
  });
}
