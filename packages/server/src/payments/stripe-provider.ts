import { Stripe } from "stripe";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/db";
import { randomToken } from "../lib/crypto";
import type { BillingPeriod, CreateCheckoutResponse, SubscriptionStatus } from "@agency/contract";
import { userExists } from "../accounts/store";
import { ApiError } from "../lib/api-error";
import { applySubscriptionState, end as endSubscription, type FulfilmentResult } from "./fulfilment";
import type { CheckoutInput, PaymentProvider } from "./provider";
import { createCheckoutSession, markStripeCheckoutPaid } from "./checkouts-repository";
import { findCustomer, findCustomerUser, saveCustomer } from "./customers-repository";
import { findPlan, listPlans, type PlanRow } from "./plans-repository";
import { paymentEventRecorded, recordPaymentEvent } from "./provider-events-repository";
import { lockStripeSubscription, lockSubscription, stripeSubscriptionVersion, type SubscriptionRow } from "./subscriptions-repository";

export type StripeSettings = Config["stripe"];

/** Every setting the provider needs is present (config.ts refuses a partial set, so this is all or nothing). */
export function stripeConfigured(s: StripeSettings): boolean {
  return Boolean(s.secretKey && s.webhookSecret && s.priceMonthly && s.priceYearly);
}

/**
 * The official SDK, optionally pointed at another host (STRIPE_API_BASE: stripe-mock or the fake Stripe of the
 * tests). Retries are the SDK's own: it reuses an idempotency key per request, so a retried create is not doubled.
 */
export function createStripeClient(s: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = {
    telemetry: false,
    maxNetworkRetries: 2,
    // A webhook delivery waits on these calls (outside any transaction); do not hold it for Stripe's 80 s default.
    timeout: 20_000,
    appInfo: { name: "agency-server" },
  };
  if (s.apiBase) {
    const base = new URL(s.apiBase);
    options.protocol = base.protocol === "http:" ? "http" : "https";
    options.host = base.hostname;
    options.port = base.port || (base.protocol === "http:" ? 80 : 443);
  }
  return new Stripe(s.secretKey!, options);
}

export interface WebhookResult {
  /** The event id was handled before: nothing was done. */
  duplicate: boolean;
  mailIds: number[];
}

const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
]);

/** A subscription as Stripe answered for a webhook event, and the version our row had before Stripe was asked. */
interface FetchedSubscription {
  id: string;
  version: string | null;
  /** Null when Stripe no longer has it and the event carries no copy: nothing to write. */
  subscription: Stripe.Subscription | null;
}

/** Another write of the subscription came in while Stripe was asked: the event is handled again. */
class StaleFetch extends Error {}

/** Tries at handling an event whose fetched state keeps being overtaken; after that the 500 makes Stripe retry. */
const SYNC_ATTEMPTS = 5;

/** Stripe answered 404: the object no longer exists there (deleted in the dashboard, or with its customer). */
const isGoneAtStripe = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

/**
 * Checkout Sessions (hosted or embedded), subscriptions kept in step through signed webhooks, and cancel/resume at
 * period end through the Subscriptions API. Every state Stripe reports goes through applySubscriptionState.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;

  constructor(
    private readonly db: Db,
    private readonly settings: StripeSettings,
    private readonly log: Pick<FastifyBaseLogger, "info" | "warn">,
    readonly stripe: Stripe = createStripeClient(settings),
  ) {}

  async createCheckout(input: CheckoutInput): Promise<CreateCheckoutResponse> {
    const price = this.priceFor(input.plan, input.billingPeriod);
    const customer = await this.customerFor(input.user);
    const embedded = this.settings.checkout === "embedded";
    const metadata = { userId: input.user.id, planId: input.plan.id, billingPeriod: input.billingPeriod };
    const ourId = randomToken();
    // Stripe renamed the modes on 2026-03-25: 'hosted_page' and 'embedded_page' (formerly 'hosted' and 'embedded').
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "subscription",
      ui_mode: embedded ? "embedded_page" : "hosted_page",
      customer,
      client_reference_id: input.user.id,
      line_items: [{ price, quantity: 1 }],
      metadata,
      // Copied onto the subscription, so its own events say whose it is even before checkout.session.completed.
      subscription_data: { metadata },
      locale: input.locale,
      ...(embedded
        ? // Embedded sessions have no success/cancel pages: the form reports completion to the page itself, and
          // return_url is only used after a redirect-based payment method.
          { return_url: input.successUrl, redirect_on_completion: "if_required" as const }
        : { success_url: input.successUrl, cancel_url: input.cancelUrl }),
    };
    const session = await this.stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${ourId}` });
    await createCheckoutSession(this.db, {
      id: ourId,
      provider: "stripe",
      external_id: session.id,
      user_id: input.user.id,
      plan_id: input.plan.id,
      billing_period: input.billingPeriod,
      locale: input.locale,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: new Date((session.expires_at ?? Math.floor(Date.now() / 1000) + 86_400) * 1000),
    });
    if (embedded) {
      if (!session.client_secret) throw new Error(`Stripe returned no client_secret for embedded session ${session.id}`);
      return { sessionId: session.id, clientSecret: session.client_secret, publishableKey: this.settings.publishableKey };
    }
    if (!session.url) throw new Error(`Stripe returned no url for hosted session ${session.id}`);
    return { checkoutUrl: session.url };
  }

  async setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<FulfilmentResult> {
    if (!subscription.external_id) throw new Error(`Stripe subscription row ${subscription.id} has no Stripe id`);
    const updated = await this.stripe.subscriptions.update(subscription.external_id, { cancel_at_period_end: cancel });
    const result = await this.db.transaction(async (tx) => {
      await lockStripeSubscription(tx, updated.id);
      return this.applyStripeSubscription(tx, updated, {});
    });
    if (!result) throw new Error(`Could not record Stripe subscription ${updated.id}`);
    return result;
  }

  async cancelNow(subscription: SubscriptionRow): Promise<FulfilmentResult> {
    if (!subscription.external_id) throw new Error(`Stripe subscription row ${subscription.id} has no Stripe id`);
    // Ends it now, without a prorated refund or a final invoice: access stops at once, like the account.
    let canceled: Stripe.Subscription;
    try {
      canceled = await this.stripe.subscriptions.cancel(subscription.external_id);
    } catch (error) {
      if (!isGoneAtStripe(error)) throw error;
      // Stripe no longer has it (deleted there, e.g. with its customer): nothing can charge any more, so it is
      // recorded as ended here.
      this.log.warn({ subscriptionId: subscription.external_id }, "Stripe subscription to cancel no longer exists; recorded as ended");
      return this.db.transaction(async (tx) => endSubscription(tx, (await lockSubscription(tx, { id: subscription.id })) ?? subscription));
    }
    const result = await this.db.transaction(async (tx) => {
      await lockStripeSubscription(tx, canceled.id);
      return this.applyStripeSubscription(tx, canceled, {});
    });
    if (!result) throw new Error(`Could not record Stripe subscription ${canceled.id}`);
    return result;
  }

  /**
   * Verifies and handles one webhook delivery. Throws ApiError(400) for a missing or bad signature; any other
   * error rolls the whole event back (including its id), so the 500 makes Stripe deliver it again later.
   *
   * Stripe is asked before the transaction, never inside it: a slow Stripe must not hold a transaction open (on the
   * embedded database that would stall every other query). The row's version, read before asking, is checked again
   * under the subscription's lock; when another write came in between, the fetched state may be older than the
   * stored one, so the event is rolled back and handled again with a fresh answer from Stripe.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
    if (!signature) throw new ApiError(400, "payments.signature_missing");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret!);
    } catch {
      throw new ApiError(400, "payments.signature_invalid");
    }
    // A redelivery is acknowledged without asking Stripe; the insert below is what settles a concurrent one.
    if (await paymentEventRecorded(this.db, event.id)) return { duplicate: true, mailIds: [] };

    for (let attempt = 1; ; attempt++) {
      const fetched = HANDLED_EVENTS.has(event.type) ? await this.fetchSubscription(event) : null;
      try {
        return await this.db.transaction(async (tx) => {
          // Recorded first: a redelivery (or a concurrent delivery) of the same event stops here.
          if (!(await recordPaymentEvent(tx, event.id, "stripe", event.type))) return { duplicate: true, mailIds: [] };
          if (!HANDLED_EVENTS.has(event.type)) return { duplicate: false, mailIds: [] };
          const result = await this.handleEvent(tx, event, fetched);
          return { duplicate: false, mailIds: result?.mailIds ?? [] };
        });
      } catch (error) {
        if (!(error instanceof StaleFetch) || attempt >= SYNC_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Out-of-order safety: events are used only as a trigger. Each one names a subscription, which is re-fetched from
   * Stripe and written as Stripe has it now (unless another write overtook the fetch, see handleWebhook). An old
   * `created` arriving after a newer `updated` therefore writes the newer state again instead of rolling it back, and
   * a `deleted` that overtakes `checkout.session.completed` is not resurrected. The price is one API call per event,
   * which is fine at a subscription's rate of events.
   */
  private async handleEvent(tx: Db, event: Stripe.Event, fetched: FetchedSubscription | null): Promise<FulfilmentResult | null> {
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        if (session.mode !== "subscription") return null;
        const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
        const customerId = idOf(session.customer);
        if (userId && customerId && (await userExists(tx, userId))) await saveCustomer(tx, userId, "stripe", customerId);
        await markStripeCheckoutPaid(tx, session.id);
        return this.applyFetched(tx, fetched, { fallbackUserId: userId });
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        return this.applyFetched(tx, fetched, {});
      case "invoice.payment_failed":
        return this.applyFetched(tx, fetched, { paymentFailed: true });
      default:
        return null;
    }
  }

  /** The subscription an event names, as Stripe has it now, with our row's version from before the call. */
  private async fetchSubscription(event: Stripe.Event): Promise<FetchedSubscription | null> {
    let subscriptionId: string | null = null;
    let fallback: Stripe.Subscription | undefined;
    switch (event.type) {
      case "checkout.session.completed":
        if (event.data.object.mode === "subscription") subscriptionId = idOf(event.data.object.subscription);
        break;
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        subscriptionId = event.data.object.id;
        fallback = event.data.object;
        break;
      case "invoice.payment_failed":
        subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
        break;
      default:
        break;
    }
    if (!subscriptionId) return null;
    const version = await stripeSubscriptionVersion(this.db, subscriptionId);
    try {
      return { id: subscriptionId, version, subscription: await this.stripe.subscriptions.retrieve(subscriptionId) };
    } catch (error) {
      if (!isGoneAtStripe(error)) throw error;
      // Gone from Stripe (e.g. test data deleted): the event's own copy is the last word there is.
      if (fallback) return { id: subscriptionId, version, subscription: fallback };
      this.log.warn({ subscriptionId }, "Stripe subscription from a webhook no longer exists; event ignored");
      return { id: subscriptionId, version, subscription: null };
    }
  }

  /** Writes a fetched state under the subscription's lock, unless another write came in since it was fetched. */
  private async applyFetched(
    tx: Db,
    fetched: FetchedSubscription | null,
    opts: { fallbackUserId?: string | null; paymentFailed?: boolean },
  ): Promise<FulfilmentResult | null> {
    if (!fetched) return null;
    await lockStripeSubscription(tx, fetched.id);
    if ((await stripeSubscriptionVersion(tx, fetched.id)) !== fetched.version) throw new StaleFetch();
    return fetched.subscription ? this.applyStripeSubscription(tx, fetched.subscription, opts) : null;
  }

  /** Stripe's subscription → our row, through the one fulfilment function. Null when it is not one of ours. */
  private async applyStripeSubscription(
    tx: Db,
    subscription: Stripe.Subscription,
    opts: { fallbackUserId?: string | null; paymentFailed?: boolean },
  ): Promise<FulfilmentResult | null> {
    const customerId = idOf(subscription.customer);
    let userId: string | null = subscription.metadata?.userId || opts.fallbackUserId || null;
    if (!userId && customerId) userId = await findCustomerUser(tx, "stripe", customerId);
    if (!userId || !(await userExists(tx, userId))) {
      this.log.warn({ subscriptionId: subscription.id, customerId }, "Stripe subscription of no known user; ignored");
      return null;
    }

    const item = subscription.items?.data?.[0];
    const priceId = item?.price?.id ?? null;
    const plan = await this.planFor(tx, subscription.metadata?.planId, priceId);
    if (!plan) {
      this.log.warn({ subscriptionId: subscription.id, priceId }, "Stripe subscription for no known plan; ignored");
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

    return applySubscriptionState(tx, {
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
    });
  }

  private priceFor(plan: PlanRow, period: BillingPeriod): string {
    const price =
      period === "yearly" ? (plan.stripe_price_yearly ?? this.settings.priceYearly) : (plan.stripe_price_monthly ?? this.settings.priceMonthly);
    if (!price) throw new ApiError(503, "payments.unavailable", `No Stripe price is configured for plan '${plan.id}' (${period})`);
    return price;
  }

  private async planFor(db: Db, metadataPlanId: string | undefined, priceId: string | null): Promise<PlanRow | null> {
    if (metadataPlanId) {
      const plan = await findPlan(db, metadataPlanId, { activeOnly: false });
      if (plan) return plan;
    }
    const plans = await listPlans(db);
    if (priceId) {
      const byOwnPrice = plans.find((p) => p.stripe_price_monthly === priceId || p.stripe_price_yearly === priceId);
      if (byOwnPrice) return byOwnPrice;
      // The STRIPE_PRICE_* settings belong to plans without their own price ids (the seeded Pro plan).
      if (priceId === this.settings.priceMonthly || priceId === this.settings.priceYearly) {
        return plans.find((p) => !p.stripe_price_monthly && !p.stripe_price_yearly) ?? null;
      }
    }
    return null;
  }

  /** The user's Stripe customer, created on the first checkout; reusing it keeps one payment history per user. */
  private async customerFor(user: { id: string; email: string; name: string }): Promise<string> {
    const existing = await findCustomer(this.db, user.id, "stripe");
    if (existing) return existing;
    // The idempotency key makes two simultaneous first checkouts of one user get the same customer from Stripe.
    const customer = await this.stripe.customers.create(
      { email: user.email, name: user.name, metadata: { userId: user.id } },
      { idempotencyKey: `customer-${user.id}` },
    );
    await saveCustomer(this.db, user.id, "stripe", customer.id);
    return (await findCustomer(this.db, user.id, "stripe")) ?? customer.id;
  }
}

/** Exposed for the fake-Stripe tests' expectations. */
export const STRIPE_HANDLED_EVENTS = [...HANDLED_EVENTS];
