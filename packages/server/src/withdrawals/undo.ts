import type { FastifyInstance } from "fastify";
import { sha256 } from "../lib/crypto";
import { applySubscriptionState, type FulfilmentResult } from "../payments/fulfilment";
import { atStripe } from "../payments/provider-error";
import { applyStripeSubscription } from "../payments/stripe/sync";
import { idOf } from "../payments/stripe/client";
import { liveSubscription, lockStripeSubscription, subscriptionById, type SubscriptionRow } from "../payments/subscriptions-repository";
import { claimUndo, releaseUndo } from "./repository";

export type UndoOutcome = "restored" | "resumed" | "nothing_to_undo" | "refunded" | "invalid" | "busy";

/** What an undo link did, and to which statement of which account (for the audit log). */
export interface UndoResult {
  outcome: UndoOutcome;
  withdrawal?: { id: string; userId: string | null };
}

/**
 * The acknowledgement's link for an owner who did not send the statement. What it undoes depends on how far the
 * statement went: one not yet carried out is simply never carried out; a cancellation at period end is resumed. A
 * subscription that was ended and whose refund was paid is not restored (`refunded`): the customer has their money
 * back, and running it again for free would let anyone withdraw, keep the refund and undo, over and over. The link
 * then changes nothing and can be followed again; the customer subscribes again if they want to. Only a subscription
 * of which nothing was refunded (nothing was paid for it) runs again until the end of the period it had. The link is
 * single use for what it does, and works until that period's end.
 */
export async function undoWithdrawal(app: FastifyInstance, token: string): Promise<UndoResult> {
  const claim = await claimUndo(app.db, sha256(token));
  if (claim.state !== "claimed") return { outcome: claim.state };
  const { row, previousOutcome } = claim;
  const withdrawal = { id: row.id, userId: row.user_id };
  const done = (outcome: UndoOutcome): UndoResult => ({ outcome, withdrawal });
  if (previousOutcome === "pending") return done(row.within_period ? "restored" : "resumed");
  if (previousOutcome === "withdrawn" && (row.refund_cents ?? 0) > 0) {
    await releaseUndo(app.db, row.id, previousOutcome);
    return done("refunded");
  }
  const sub = row.subscription_id ? await subscriptionById(app.db, row.subscription_id) : null;
  if (!sub || !row.user_id) return done("nothing_to_undo");
  try {
    if (previousOutcome === "cancelled_at_period_end") {
      if (!sub.cancel_at_period_end || sub.current_period_end <= new Date()) return done("nothing_to_undo");
      const result = await app.payments.providerFor(sub).setCancelAtPeriodEnd(sub, false);
      app.payments.deliverMails(result.mailIds);
      return done("resumed");
    }
    if (previousOutcome !== "withdrawn" || (await liveSubscription(app.db, sub.company_id))) return done("nothing_to_undo");
    const result = sub.provider === "local" ? await restoreLocal(app, sub) : await restoreStripe(app, sub);
    if (result) app.payments.deliverMails(result.mailIds);
    return done("restored");
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
