import type { Stripe } from "stripe";
import type { FastifyBaseLogger } from "fastify";
import type { BillingPeriod, CreateCheckoutResponse } from "@agency/contract";
import type { Db } from "../db/db";
import { randomToken } from "../lib/crypto";
import { ApiError } from "../lib/api-error";
import { end as endSubscription, type FulfilmentResult } from "./fulfilment";
import type { CheckoutInput, PaymentProvider } from "./provider";
import { createCheckoutSession } from "./checkouts-repository";
import { findCustomer, saveCustomer } from "./customers-repository";
import type { PlanRow } from "./plans-repository";
import { createStripeClient, isGoneAtStripe, type StripeContext, type StripeSettings } from "./stripe-client";
import { applyStripeSubscription } from "./stripe-sync";
import { handleStripeWebhook, type WebhookResult } from "./stripe-webhooks";
import { lockStripeSubscription, lockSubscription, type SubscriptionRow } from "./subscriptions-repository";

/**
 * Checkout Sessions (hosted or embedded), subscriptions kept in step through signed webhooks (stripe-webhooks.ts),
 * and cancel/resume at period end through the Subscriptions API. Every state Stripe reports goes through
 * applySubscriptionState (stripe-sync.ts).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private readonly ctx: StripeContext;

  constructor(db: Db, settings: StripeSettings, log: Pick<FastifyBaseLogger, "info" | "warn" | "error">, stripe: Stripe = createStripeClient(settings)) {
    this.ctx = { db, settings, log, stripe };
  }

  private get db() {
    return this.ctx.db;
  }
  private get settings() {
    return this.ctx.settings;
  }
  get stripe(): Stripe {
    return this.ctx.stripe;
  }

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
      return applyStripeSubscription(this.ctx, tx, updated, {});
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
      this.ctx.log.warn({ subscriptionId: subscription.external_id }, "Stripe subscription to cancel no longer exists; recorded as ended");
      return this.db.transaction(async (tx) => endSubscription(tx, (await lockSubscription(tx, { id: subscription.id })) ?? subscription));
    }
    const result = await this.db.transaction(async (tx) => {
      await lockStripeSubscription(tx, canceled.id);
      return applyStripeSubscription(this.ctx, tx, canceled, {});
    });
    if (!result) throw new Error(`Could not record Stripe subscription ${canceled.id}`);
    return result;
  }

  /** Verifies and handles one webhook delivery (see stripe-webhooks.ts). */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
    return handleStripeWebhook(this.ctx, rawBody, signature);
  }

  private priceFor(plan: PlanRow, period: BillingPeriod): string {
    const price =
      period === "yearly" ? (plan.stripe_price_yearly ?? this.settings.priceYearly) : (plan.stripe_price_monthly ?? this.settings.priceMonthly);
    if (!price) throw new ApiError(503, "payments.unavailable", `No Stripe price is configured for plan '${plan.id}' (${period})`);
    return price;
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

