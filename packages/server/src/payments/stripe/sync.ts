import type { Stripe } from "stripe";
import type { BillingPeriod, SubscriptionStatus } from "@agency/contract";
import { userExists } from "../../accounts/repository";
import type { Db } from "../../db/db";
import { applySubscriptionState, type FulfilmentResult } from "../fulfilment";
import { recordInvoiceAmount } from "../invoice-amounts-repository";
import type { IssueChange } from "../payment-attention";
import { findCustomerUser } from "../customers-repository";
import { findPlan, listPlans, type PlanRow } from "../plans-repository";
import { idOf, type StripeContext } from "./client";
import { refundedAsDuplicate } from "./refunds";

export interface SyncOptions {
  /** Whose subscription it is when Stripe's copy does not say (the checkout session's client_reference_id). */
  fallbackUserId?: string | null;
  /** A charge just failed (invoice.payment_failed). */
  paymentFailed?: boolean;
  /** What the event says about the payment that needs the customer (see fulfilment's SubscriptionState). */
  paymentIssue?: IssueChange;
  /** The invoice the event is about; else the subscription's latest invoice, when Stripe's answer includes it. */
  invoice?: Stripe.Invoice;
  /** The event reports a renewal's invoice paid. */
  renewed?: boolean;
}

/**
 * A subscription our checkout made for an account that no longer exists (paid after the account was deleted) and
 * that Stripe still runs: nothing was written; the caller cancels it at Stripe and refunds it, then applies again.
 */
export class OrphanSubscription extends Error {
  constructor(readonly subscription: Stripe.Subscription) {
    super(`Stripe subscription ${subscription.id} belongs to a deleted account`);
    this.name = "OrphanSubscription";
  }
}

const ENDED_AT_STRIPE = new Set(["canceled", "incomplete_expired"]);

/**
 * Stripe's subscription → our row, through the one fulfilment function. Null when it is not one of ours. Throws
 * DuplicateSubscription (from fulfilment) for a second live subscription of a user, and OrphanSubscription for a
 * running one of a deleted account.
 */
export async function applyStripeSubscription(
  ctx: StripeContext,
  tx: Db,
  subscription: Stripe.Subscription,
  opts: SyncOptions,
): Promise<FulfilmentResult | null> {
  const customerId = idOf(subscription.customer);
  let userId: string | null = subscription.metadata?.userId || opts.fallbackUserId || null;
  if (!userId && customerId) userId = await findCustomerUser(tx, "stripe", customerId);
  if (!userId || !(await userExists(tx, userId))) {
    // Our checkouts put the user's id into the metadata: only then is it known to be ours, of an account since
    // deleted. Anything else in the Stripe account (another product's subscriptions) is left alone.
    if (subscription.metadata?.userId && !ENDED_AT_STRIPE.has(subscription.status)) throw new OrphanSubscription(subscription);
    ctx.log.warn({ subscriptionId: subscription.id, customerId }, "Stripe subscription of no known user; ignored");
    return null;
  }

  const item = subscription.items?.data?.[0];
  const priceId = item?.price?.id ?? null;
  const plan = await planFor(ctx, tx, subscription.metadata?.planId, priceId);
  if (!plan) {
    ctx.log.warn({ subscriptionId: subscription.id, priceId }, "Stripe subscription for no known plan; ignored");
    return null;
  }
  const metaPeriod = subscription.metadata?.billingPeriod;
  const billingPeriod: BillingPeriod =
    item?.price?.recurring?.interval === "year" ? "yearly" : item?.price?.recurring?.interval === "month" ? "monthly" : metaPeriod === "yearly" ? "yearly" : "monthly";
  // Since API version 2025-03-31 the period lives on the subscription items.
  const start = item?.current_period_start ?? subscription.start_date ?? subscription.created;
  const end = item?.current_period_end ?? start;
  const status = subscription.status as SubscriptionStatus;
  // The customer portal may schedule the end with cancel_at instead of cancel_at_period_end; both are a pending end.
  const cancelAtPeriodEnd = status !== "canceled" && (subscription.cancel_at_period_end || subscription.cancel_at != null);

  const result = await applySubscriptionState(tx, {
    userId,
    provider: "stripe",
    externalId: subscription.id,
    planId: plan.id,
    billingPeriod,
    status,
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(end * 1000),
    cancelAtPeriodEnd,
    billingAnchor: subscription.billing_cycle_anchor ? new Date(subscription.billing_cycle_anchor * 1000) : undefined,
    endedAt: subscription.ended_at ? new Date(subscription.ended_at * 1000) : undefined,
    paymentFailed: opts.paymentFailed,
    paymentIssue: opts.paymentIssue,
    refundedDuplicate: refundedAsDuplicate(subscription),
    renewed: opts.renewed,
  });
  const latest = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  const invoice = [opts.invoice, latest].find((candidate) => typeof candidate?.total === "number");
  if (invoice) await recordInvoiceAmount(tx, result.subscription.id, invoiceAmount(invoice));
  return result;
}

/** What a Stripe invoice charges: its total, VAT included, and the tax in it (Stripe Tax's, none without it). */
export function invoiceAmount(invoice: Pick<Stripe.Invoice, "total" | "total_excluding_tax" | "currency">) {
  return { totalCents: invoice.total, taxCents: invoice.total - (invoice.total_excluding_tax ?? invoice.total), currency: invoice.currency };
}

/** Our plan for a Stripe subscription: the one its metadata names, else the one its price belongs to. */
async function planFor(ctx: StripeContext, db: Db, metadataPlanId: string | undefined, priceId: string | null): Promise<PlanRow | null> {
  if (metadataPlanId) {
    const plan = await findPlan(db, metadataPlanId, { activeOnly: false });
    if (plan) return plan;
  }
  const plans = await listPlans(db);
  if (priceId) {
    const byOwnPrice = plans.find((p) => p.stripe_price_monthly === priceId || p.stripe_price_yearly === priceId);
    if (byOwnPrice) return byOwnPrice;
    // The STRIPE_PRICE_* settings belong to plans without their own price ids (the seeded Pro plan).
    if (priceId === ctx.settings.priceMonthly || priceId === ctx.settings.priceYearly) {
      return plans.find((p) => !p.stripe_price_monthly && !p.stripe_price_yearly) ?? null;
    }
  }
  return null;
}
