import type { Stripe } from "stripe";
import type { BillingPeriod, SubscriptionStatus } from "@agency/contract";
import { userExists } from "../../accounts/repository";
import type { Db } from "../../db/db";
import { findCompany, membershipOf } from "../../teams/repository";
import { applySubscriptionState, type FulfilmentResult } from "../fulfilment";
import { recordInvoiceAmount } from "../invoice-amounts-repository";
import type { IssueChange } from "../payment-attention";
import { findCustomerCompany } from "../customers-repository";
import { findPlan, listPlans, type PlanRow } from "../plans-repository";
import { idOf, type StripeContext } from "./client";
import { refundedAsDuplicate } from "./refunds";

export interface SyncOptions {
  /** Who bought it when Stripe's copy does not say (the checkout session's client_reference_id). */
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
 * A subscription our checkout made for a company (or, before companies, an account) that no longer exists (paid after
 * it was deleted) and that Stripe still runs: nothing was written; the caller cancels it at Stripe and refunds it,
 * then applies again.
 */
export class OrphanSubscription extends Error {
  constructor(readonly subscription: Stripe.Subscription) {
    super(`Stripe subscription ${subscription.id} belongs to a deleted company`);
    this.name = "OrphanSubscription";
  }
}

const ENDED_AT_STRIPE = new Set(["canceled", "incomplete_expired"]);

/**
 * The company a Stripe object of ours belongs to: the one its metadata names (our checkouts), else, for a checkout an
 * instance of the release before companies made, the company of the member it names, else the company whose customer
 * it is. Null when none of those exists (any more).
 */
export async function stripeCompanyOf(
  tx: Db,
  metadata: Stripe.Metadata | null | undefined,
  userId: string | null,
  customerId: string | null,
): Promise<string | null> {
  if (metadata?.companyId) return (await findCompany(tx, metadata.companyId))?.id ?? null;
  const member = userId && (await userExists(tx, userId)) ? await membershipOf(tx, userId) : null;
  if (member) return member.id;
  return customerId ? findCustomerCompany(tx, "stripe", customerId) : null;
}

/**
 * Stripe's subscription → our row, through the one fulfilment function. Null when it is not one of ours. Throws
 * DuplicateSubscription (from fulfilment) for a second live subscription of a company, and OrphanSubscription for a
 * running one of a deleted company.
 */
export async function applyStripeSubscription(
  ctx: StripeContext,
  tx: Db,
  subscription: Stripe.Subscription,
  opts: SyncOptions,
): Promise<FulfilmentResult | null> {
  const customerId = idOf(subscription.customer);
  const named = subscription.metadata?.userId || opts.fallbackUserId || null;
  const userId = named && (await userExists(tx, named)) ? named : null;
  const companyId = await stripeCompanyOf(tx, subscription.metadata, named, customerId);
  if (!companyId) {
    // Our checkouts put the company's (or member's) id into the metadata: only then is it known to be ours, of a
    // company since deleted. Anything else in the Stripe account (another product's subscriptions) is left alone.
    const ours = Boolean(subscription.metadata?.companyId || subscription.metadata?.userId);
    if (ours && !ENDED_AT_STRIPE.has(subscription.status)) throw new OrphanSubscription(subscription);
    ctx.log.warn({ subscriptionId: subscription.id, customerId }, "Stripe subscription of no known company; ignored");
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
    companyId,
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
