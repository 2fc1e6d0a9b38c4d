import type { Stripe } from "stripe";
import { VAT_RATE, vatOf } from "@agency/contract";
import { findCustomer } from "../customers-repository";
import { findInvoiceAt, markInvoicePaid } from "../invoices-repository";
import type { PackageChange, PackageStart, PreparedSubscription } from "../one-off";
import { isPackageSubscription, issueMonthlyInvoice } from "../package-invoices";
import type { PlanRow } from "../plans-repository";
import { paymentEventRecorded, recordPaymentEvent } from "../provider-events-repository";
import { atStripe, ProviderError } from "../provider-error";
import { lockStripeSubscription, lockSubscription } from "../subscriptions-repository";
import type { Db } from "../../db/db";
import { markExtraTimeInvoiced } from "../../requests/minutes-repository";
import { ApiError } from "../../lib/api-error";
import { idOf, type StripeContext } from "./client";
import { addExtraTime } from "./extra-time";
import { applyStripeSubscription } from "./sync";
import type { WebhookResult } from "./webhooks";

/**
 * A package's monthly fee at Stripe: a subscription billed on the first of each month, collected by SEPA Direct Debit
 * with the mandate the iDEAL deposit left (`generated_sepa_debit`), or the one the customer gives later. Its price is
 * the package's monthly fee with 21 % VAT, on a product of the package's own. Each month's invoice is numbered from
 * the agency's series while Stripe still holds it as a draft (invoice.created), so Stripe's copy bears our number.
 */

/** The Stripe product of a package: made once, with an id of our own so it is found again. */
async function packageProduct(ctx: StripeContext, plan: PlanRow): Promise<string> {
  const id = `agency_package_${plan.id}`;
  try {
    await atStripe("create product", () => ctx.stripe.products.create({ id, name: plan.name, metadata: { planId: plan.id } }, { idempotencyKey: `product-${id}` }));
  } catch (error) {
    if (!(error instanceof ProviderError && error.providerCode === "resource_already_exists")) throw error;
  }
  return id;
}

const monthlyPrice = async (ctx: StripeContext, plan: PlanRow): Promise<Stripe.SubscriptionCreateParams.Item.PriceData> => ({
  currency: "eur",
  product: await packageProduct(ctx, plan),
  // The fee as charged: VAT included.
  unit_amount: plan.price_monthly_cents + vatOf(plan.price_monthly_cents, VAT_RATE),
  recurring: { interval: "month" },
});

export async function prepareStripePackage(ctx: StripeContext, change: PackageStart | PackageChange): Promise<PreparedSubscription> {
  let subscription: Stripe.Subscription;
  if (change.kind === "start") {
    const customer = await findCustomer(ctx.db, change.companyId, "stripe");
    if (!customer) throw new ApiError(503, "payments.unavailable", `Company ${change.companyId} has no Stripe customer to bill its package`);
    const metadata = { companyId: change.companyId, ...(change.userId ? { userId: change.userId } : {}), planId: change.plan.id, billingPeriod: "monthly" };
    const params: Stripe.SubscriptionCreateParams = {
      customer,
      items: [{ price_data: await monthlyPrice(ctx, change.plan) }],
      // The first full month starts on the first; the days before it are not charged.
      billing_cycle_anchor: Math.floor(change.startAt.getTime() / 1000),
      proration_behavior: "none",
      collection_method: "charge_automatically",
      payment_settings: { payment_method_types: ["sepa_debit"] },
      ...(change.mandateRef ? { default_payment_method: change.mandateRef } : {}),
      metadata,
    };
    subscription = await atStripe("create subscription", () => ctx.stripe.subscriptions.create(params, { idempotencyKey: change.key }));
  } else {
    const id = change.subscription.external_id;
    if (!id) throw new Error(`Stripe subscription row ${change.subscription.id} has no Stripe id`);
    const current = await atStripe("retrieve subscription", () => ctx.stripe.subscriptions.retrieve(id));
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${id} has no item`);
    const price = await monthlyPrice(ctx, change.plan);
    // From the next invoice on: the month under way was charged at the old fee.
    subscription = await atStripe("change subscription", () =>
      ctx.stripe.subscriptions.update(
        id,
        { items: [{ id: item.id, price_data: price }], proration_behavior: "none", metadata: { planId: change.plan.id } },
        { idempotencyKey: change.key },
      ),
    );
  }
  return async (tx: Db) => {
    await lockStripeSubscription(tx, subscription.id);
    const result = await applyStripeSubscription(ctx, tx, subscription, {});
    if (!result) throw new Error(`Could not record Stripe subscription ${subscription.id}`);
    return result;
  };
}

/** The invoice of a subscription, as Stripe reports it in invoice.created. */
export function isSubscriptionInvoiceCreated(event: Stripe.Event): event is Stripe.Event & { data: { object: Stripe.Invoice } } {
  return event.type === "invoice.created" && Boolean(idOf((event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription));
}

/**
 * A subscription's invoice, drafted by Stripe: a renewal's gets the extra time on requests the company agreed to
 * (extra-time.ts), and a package's monthly invoice is numbered. Our invoice is written (once: found again by Stripe's
 * id) with the extra time's lines and the total Stripe now charges, in the transaction that marks that extra time
 * invoiced; then Stripe's draft gets its number. The event id is recorded last, so a failure on the way makes Stripe
 * deliver the event again, which finds the items and our invoice and tries the number again. An invoice of nothing
 * (the free days before the first of the month) and the other invoices of plans are only recorded.
 */
export async function subscriptionInvoiceCreated(ctx: StripeContext, event: Stripe.Event & { data: { object: Stripe.Invoice } }): Promise<WebhookResult> {
  const invoice = event.data.object;
  const result: WebhookResult = { type: event.type, duplicate: false, ignored: false, mailIds: [] };
  if (await paymentEventRecorded(ctx.db, event.id)) return { ...result, duplicate: true };
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  // Stripe is asked outside the transaction; the items it adds change the total our invoice must match.
  const extra = subscriptionId ? await addExtraTime(ctx, invoice, subscriptionId) : null;
  const total = extra?.totalCents ?? invoice.total;
  const number =
    subscriptionId && invoice.id && (total > 0 || extra)
      ? await ctx.db.transaction(async (tx) => {
          await lockStripeSubscription(tx, subscriptionId);
          const row = await lockSubscription(tx, { provider: "stripe", externalId: subscriptionId });
          if (extra) await markExtraTimeInvoiced(tx, extra.agreementIds, invoice.id!, new Date());
          if (!row || total <= 0 || !(await isPackageSubscription(tx, row))) return null;
          const existing = await findInvoiceAt(tx, "stripe", invoice.id!);
          if (existing) return existing.number;
          const period = invoice.lines?.data?.[0]?.period;
          const at = new Date(invoice.created * 1000);
          const written = await issueMonthlyInvoice(
            tx,
            period ? { ...row, current_period_start: new Date(period.start * 1000), current_period_end: new Date(period.end * 1000) } : row,
            { status: invoice.status === "paid" ? "paid" : "open", at, externalId: invoice.id!, totalCents: total, extraTime: extra?.lines ?? [] },
          );
          return written.number;
        })
      : null;
  if (number && invoice.number !== number) {
    const fresh = await atStripe("retrieve invoice", () => ctx.stripe.invoices.retrieve(invoice.id!));
    if (fresh.status === "draft") {
      await atStripe("number invoice", () => ctx.stripe.invoices.update(invoice.id!, { number }, { idempotencyKey: `number-${invoice.id}-${number}` }));
    } else if (fresh.number !== number) {
      ctx.log.warn({ invoice: invoice.id, number, stripeNumber: fresh.number }, "Stripe finalised a package invoice before it was numbered; it keeps Stripe's number");
    }
  }
  await ctx.db.transaction(async (tx) => void (await recordPaymentEvent(tx, event.id, "stripe", event.type)));
  return { ...result, ignored: number === null && !extra };
}

/** Stripe collected a month's fee (invoice.paid): our invoice of it is paid. */
export async function settlePackageInvoice(tx: Db, invoice: Stripe.Invoice, at: Date): Promise<void> {
  if (!invoice.id) return;
  const ours = await findInvoiceAt(tx, "stripe", invoice.id);
  if (ours) await markInvoicePaid(tx, ours.id, at, invoice.id);
}
