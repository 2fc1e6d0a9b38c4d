import type { Stripe } from "stripe";
import type { Db } from "../../db/db";
import { ApiError } from "../../lib/api-error";
import { DuplicateSubscription, type FulfilmentResult } from "../fulfilment";
import { markStripeCheckoutPaid } from "../checkouts-repository";
import { saveCustomer } from "../customers-repository";
import { paymentEventRecorded, recordPaymentEvent } from "../provider-events-repository";
import { atStripe, isGoneAtProvider } from "../provider-error";
import { idOf, type StripeContext } from "./client";
import { cancelAndRefund } from "./refunds";
import { applyStripeSubscription, OrphanSubscription, stripeCompanyOf, type SyncOptions } from "./sync";
import { handleOneOffEvent, isOneOffEvent } from "./one-off";
import { isSubscriptionInvoiceCreated, subscriptionInvoiceCreated, settlePackageInvoice } from "./packages";
import { lockStripeSubscription, stripeSubscriptionVersion } from "../subscriptions-repository";

export interface WebhookResult {
  /** The event's type (`customer.subscription.updated`, …). */
  type: string;
  /** The event id was handled before: nothing was done. */
  duplicate: boolean;
  /** An event type this server does not act on: recorded, nothing else done. */
  ignored: boolean;
  mailIds: number[];
}

const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  // A payment method whose result arrives later (SEPA Direct Debit): the session completed unpaid, then this.
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
]);

/** The events acted on: the fake-Stripe tests expect them, and the metrics start a failed count at 0 for each. */
export const STRIPE_HANDLED_EVENTS = [...HANDLED_EVENTS, "invoice.created"];

/** A subscription as Stripe answered for a webhook event, and the version our row had before Stripe was asked. */
interface FetchedSubscription {
  id: string;
  version: string | null;
  /** Null when Stripe no longer has it and the event carries no copy: nothing to write. */
  subscription: Stripe.Subscription | null;
  /** The failure an invoice event reports is already settled at Stripe (paid or voided since): a late delivery. */
  settledInvoice?: boolean;
}

/** Another write of the subscription came in while Stripe was asked: the event is handled again. */
class StaleFetch extends Error {}

/** Tries at handling an event whose fetched state keeps being overtaken; after that the 500 makes Stripe retry. */
const SYNC_ATTEMPTS = 5;

/**
 * Verifies and handles one webhook delivery. Throws ApiError(400) for a missing or bad signature; any other
 * error rolls the whole event back (including its id), so the 500 makes Stripe deliver it again later.
 *
 * Stripe is asked before the transaction, never inside it: a slow Stripe must not hold a transaction open (on the
 * embedded database that would stall every other query). The row's version, read before asking, is checked again
 * under the subscription's lock; when another write came in between, the fetched state may be older than the
 * stored one, so the event is rolled back and handled again with a fresh answer from Stripe.
 */
export async function handleStripeWebhook(ctx: StripeContext, rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
  if (!signature) throw new ApiError(400, "payments.signature_missing");
  let event: Stripe.Event;
  try {
    event = ctx.stripe.webhooks.constructEvent(rawBody, signature, ctx.settings.webhookSecret!);
  } catch {
    throw new ApiError(400, "payments.signature_invalid");
  }
  // One-off payments (an offer's deposit, an invoice, a mandate); a subscription's new invoice: its extra time, its number.
  if (isOneOffEvent(event)) {
    if (!ctx.handlers) throw new Error("No payment handlers are registered");
    return handleOneOffEvent(ctx, ctx.handlers, event);
  }
  if (isSubscriptionInvoiceCreated(event)) return subscriptionInvoiceCreated(ctx, event);
  const type = event.type;
  const ignored = !HANDLED_EVENTS.has(type);
  // A redelivery is acknowledged without asking Stripe; the insert below is what settles a concurrent one.
  if (await paymentEventRecorded(ctx.db, event.id)) return { type, duplicate: true, ignored, mailIds: [] };

  let fetched: FetchedSubscription | null = null;
  let settled = false;
  for (let attempt = 1; ; attempt++) {
    if (!settled) fetched = HANDLED_EVENTS.has(event.type) ? await fetchSubscription(ctx, event) : null;
    settled = false;
    try {
      return await ctx.db.transaction(async (tx) => {
        // Recorded first: a redelivery (or a concurrent delivery) of the same event stops here.
        if (!(await recordPaymentEvent(tx, event.id, "stripe", type))) return { type, duplicate: true, ignored, mailIds: [] };
        if (ignored) return { type, duplicate: false, ignored, mailIds: [] };
        const result = await handleEvent(ctx, tx, event, fetched);
        return { type, duplicate: false, ignored, mailIds: result?.mailIds ?? [] };
      });
    } catch (error) {
      if (attempt >= SYNC_ATTEMPTS) throw error;
      if ((error instanceof DuplicateSubscription || error instanceof OrphanSubscription) && fetched?.subscription) {
        // Nobody must pay for this one: Stripe cancels and refunds it (outside any transaction), and the event is
        // handled again with that state, which records it as ended (and, for a duplicate, mails the customer).
        const duplicate = error instanceof DuplicateSubscription;
        ctx.log.warn(
          { subscriptionId: fetched.id, ...(duplicate ? { companyId: error.companyId, kept: error.kept.external_id ?? error.kept.id } : {}) },
          duplicate
            ? "second live subscription of a company: cancelled at Stripe and its first payment refunded"
            : "Stripe subscription of a deleted account (its company is gone): cancelled at Stripe and its first payment refunded",
        );
        fetched = { ...fetched, subscription: await cancelAndRefund(ctx, fetched.subscription, duplicate ? "duplicate" : "account_deleted") };
        settled = true;
        continue;
      }
      if (!(error instanceof StaleFetch)) throw error;
    }
  }
}

/**
 * Out-of-order safety: events are used only as a trigger. Each one names a subscription, which is re-fetched from
 * Stripe and written as Stripe has it now (unless another write overtook the fetch, see handleStripeWebhook). An old
 * `created` arriving after a newer `updated` therefore writes the newer state again instead of rolling it back, and
 * a `deleted` that overtakes `checkout.session.completed` is not resurrected. The price is one API call per event,
 * which is fine at a subscription's rate of events.
 */
async function handleEvent(ctx: StripeContext, tx: Db, event: Stripe.Event, fetched: FetchedSubscription | null): Promise<FulfilmentResult | null> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
      const customerId = idOf(session.customer);
      const companyId = customerId ? await stripeCompanyOf(tx, session.metadata, userId, null) : null;
      if (companyId && customerId) await saveCustomer(tx, companyId, "stripe", customerId);
      const failed = event.type === "checkout.session.async_payment_failed";
      const result = await applyFetched(ctx, tx, fetched, {
        fallbackUserId: userId,
        ...(failed ? { paymentIssue: { kind: "failed" as const, invoice: idOf(session.invoice) } } : {}),
      });
      // A direct debit completes the session unpaid; the checkout counts as paid when its money has arrived.
      if (!failed && session.payment_status !== "unpaid") await markStripeCheckoutPaid(tx, session.id, result?.subscription.id ?? null);
      return result;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return applyFetched(ctx, tx, fetched, {});
    case "invoice.paid": {
      const invoice = event.data.object;
      await settlePackageInvoice(tx, invoice, new Date(event.created * 1000));
      // A renewal's invoice: the customer is told what it charged. (The first one is the start's.)
      return applyFetched(ctx, tx, fetched, { paymentIssue: null, invoice, renewed: invoice.billing_reason === "subscription_cycle" });
    }
    case "invoice.payment_failed":
    case "invoice.payment_action_required": {
      if (fetched?.settledInvoice) return applyFetched(ctx, tx, fetched, {});
      const kind = event.type === "invoice.payment_failed" ? ("failed" as const) : ("requires_action" as const);
      return applyFetched(ctx, tx, fetched, { paymentIssue: { kind, invoice: event.data.object.id ?? null }, invoice: event.data.object });
    }
    default:
      return null;
  }
}

/** The subscription an event names, as Stripe has it now, with our row's version from before the call. */
async function fetchSubscription(ctx: StripeContext, event: Stripe.Event): Promise<FetchedSubscription | null> {
  let subscriptionId: string | null = null;
  let fallback: Stripe.Subscription | undefined;
  let invoiceId: string | null = null;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
      if (event.data.object.mode === "subscription") subscriptionId = idOf(event.data.object.subscription);
      break;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      subscriptionId = event.data.object.id;
      fallback = event.data.object;
      break;
    case "invoice.payment_failed":
    case "invoice.payment_action_required":
      invoiceId = event.data.object.id ?? null;
      subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      break;
    case "invoice.paid":
      subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      break;
    default:
      break;
  }
  if (!subscriptionId) return null;
  const version = await stripeSubscriptionVersion(ctx.db, subscriptionId);
  try {
    // With its latest invoice, whose amounts the subscription mails say.
    const subscription = await atStripe("retrieve subscription", () => ctx.stripe.subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice"] }));
    return { id: subscriptionId, version, subscription, settledInvoice: invoiceId ? await invoiceSettled(ctx, invoiceId) : false };
  } catch (error) {
    if (!isGoneAtProvider(error)) throw error;
    // Gone from Stripe (e.g. test data deleted): the event's own copy is the last word there is.
    if (fallback) return { id: subscriptionId, version, subscription: fallback };
    ctx.log.warn({ subscriptionId }, "Stripe subscription from a webhook no longer exists; event ignored");
    return { id: subscriptionId, version, subscription: null };
  }
}

/**
 * Whether an invoice whose failure an event reports has been paid or voided since: Stripe may deliver that failure
 * after the invoice.paid that followed it, and it must not bring the notice back. A deleted invoice settles nothing.
 */
async function invoiceSettled(ctx: StripeContext, invoiceId: string): Promise<boolean> {
  try {
    const invoice = await atStripe("retrieve invoice", () => ctx.stripe.invoices.retrieve(invoiceId));
    return invoice.status === "paid" || invoice.status === "void" || invoice.status === "uncollectible";
  } catch (error) {
    if (!isGoneAtProvider(error)) throw error;
    return false;
  }
}

/** Writes a fetched state under the subscription's lock, unless another write came in since it was fetched. */
async function applyFetched(ctx: StripeContext, tx: Db, fetched: FetchedSubscription | null, opts: SyncOptions): Promise<FulfilmentResult | null> {
  if (!fetched) return null;
  await lockStripeSubscription(tx, fetched.id);
  if ((await stripeSubscriptionVersion(tx, fetched.id)) !== fetched.version) throw new StaleFetch();
  return fetched.subscription ? applyStripeSubscription(ctx, tx, fetched.subscription, opts) : null;
}
