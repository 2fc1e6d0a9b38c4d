import type { Stripe } from "stripe";
import type { FastifyBaseLogger } from "fastify";
import type { BillingPeriod, CreateCheckoutResponse, Invoice } from "@agency/contract";
import type { Db } from "../../db/db";
import { randomToken } from "../../lib/crypto";
import { ApiError } from "../../lib/api-error";
import { end as endSubscription, type FulfilmentResult } from "../fulfilment";
import { withCheckoutId, type CheckoutInput, type CheckoutProgress, type PaymentProvider, type PortalInput } from "../provider";
import { atStripe, isGoneAtProvider, ProviderError } from "../provider-error";
import { closeCheckout, createCheckoutSession, type CheckoutSessionRow } from "../checkouts-repository";
import { findCustomer, saveCustomer } from "../customers-repository";
import type { PlanRow } from "../plans-repository";
import { createPortalSession, listStripeInvoices } from "./billing";
import { createStripeClient, idOf, type StripeContext, type StripeSettings } from "./client";
import { stripePaymentPage } from "./payment-page";
import { applyStripeSubscription } from "./sync";
import { handleStripeWebhook, type WebhookResult } from "./webhooks";
import { lockStripeSubscription, lockSubscription, type SubscriptionRow } from "../subscriptions-repository";
import { withPackageInvoices } from "../invoices-repository";
import type { PackageChange, PackageStart, PaymentCheckoutInput, PaymentHandlers, PreparedSubscription } from "../one-off";
import type { PaymentCheckoutRow } from "../payment-checkouts-repository";
import { createStripePaymentCheckout, expireStripePaymentCheckout } from "./one-off";
import { prepareStripePackage } from "./packages";

/**
 * Checkout Sessions (hosted or embedded), subscriptions kept in step through signed webhooks (payments/stripe/webhooks.ts),
 * cancel/resume at period end through the Subscriptions API, and the customer portal and invoices
 * (payments/stripe/billing.ts). Every state Stripe reports goes through applySubscriptionState (payments/stripe/sync.ts); every call
 * to Stripe goes through atStripe, so a failure there is a ProviderError.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private readonly ctx: StripeContext;

  constructor(
    db: Db,
    settings: StripeSettings,
    log: Pick<FastifyBaseLogger, "info" | "warn" | "error">,
    publicUrl: string,
    stripe: Stripe = createStripeClient(settings),
  ) {
    this.ctx = { db, settings, log, publicUrl, stripe };
  }

  get stripe(): Stripe {
    return this.ctx.stripe;
  }

  async createCheckout(input: CheckoutInput): Promise<CreateCheckoutResponse> {
    const { db, settings } = this.ctx;
    const price = this.priceFor(input.plan, input.billingPeriod);
    const customer = await this.customerFor(input.company, input.user);
    const embedded = settings.checkout === "embedded";
    const metadata = { companyId: input.company.id, userId: input.user.id, planId: input.plan.id, billingPeriod: input.billingPeriod };
    const ourId = randomToken();
    // Stripe fills in the session's id, which the success page shows to our server to ask what became of it.
    const successUrl = withCheckoutId(input.successUrl, "{CHECKOUT_SESSION_ID}");
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
      // Invoices a Dutch business can book: the billing address always, and a VAT number when it buys as a business.
      // Both are saved on the customer (its name becomes the business name given with the VAT number).
      billing_address_collection: "required",
      tax_id_collection: { enabled: true },
      customer_update: { address: "auto", name: "auto" },
      ...(settings.automaticTax ? { automatic_tax: { enabled: true } } : {}),
      // Which methods Checkout offers comes from the Dashboard: iDEAL | Wero for the first payment (which sets up a
      // SEPA Direct Debit mandate for the renewals), SEPA Direct Debit and cards. Without it, the default configuration.
      ...(settings.paymentMethodConfiguration ? { payment_method_configuration: settings.paymentMethodConfiguration } : {}),
      ...(embedded
        ? // Embedded sessions have no success/cancel pages: the form reports completion to the page itself, and
          // return_url is only used after a redirect-based payment method.
          { return_url: successUrl, redirect_on_completion: "if_required" as const }
        : { success_url: successUrl, cancel_url: input.cancelUrl }),
    };
    const session = await atStripe("create checkout session", () => this.stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${ourId}` }));
    await createCheckoutSession(db, input, {
      id: ourId,
      provider: "stripe",
      externalId: session.id,
      successUrl,
      expiresAt: new Date((session.expires_at ?? Math.floor(Date.now() / 1000) + 86_400) * 1000),
    });
    if (embedded) {
      if (!session.client_secret) throw new Error(`Stripe returned no client_secret for embedded session ${session.id}`);
      return { sessionId: session.id, clientSecret: session.client_secret, publishableKey: settings.publishableKey };
    }
    if (!session.url) throw new Error(`Stripe returned no url for hosted session ${session.id}`);
    return { checkoutUrl: session.url };
  }

  async checkoutProgress(checkout: CheckoutSessionRow): Promise<CheckoutProgress> {
    if (checkout.status !== "open" || !checkout.external_id) return checkout.status === "paid" ? "paid" : "closed";
    const session = await atStripe("retrieve checkout session", () => this.stripe.checkout.sessions.retrieve(checkout.external_id!));
    // A direct debit completes the session unpaid: its money arrives days later (checkout.session.async_payment_*).
    if (session.status === "complete") return session.payment_status === "unpaid" ? "processing" : "paid";
    return session.status === "open" ? "open" : "closed";
  }

  async expireCheckout(checkout: CheckoutSessionRow): Promise<void> {
    if (!checkout.external_id) return;
    const sessionId = checkout.external_id;
    try {
      await atStripe("expire checkout session", () => this.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` }));
    } catch (error) {
      if (!(error instanceof ProviderError) || error.providerStatus !== 400) throw error;
      // Only open sessions can be expired: it was completed (or expired) meanwhile. A subscription it made is
      // cancelled here, before the account goes; its webhook, should it come later, finds no account and cancels too.
      const session = await atStripe("retrieve checkout session", () => this.stripe.checkout.sessions.retrieve(sessionId));
      const subscriptionId = idOf(session.subscription);
      if (session.status === "complete" && subscriptionId) {
        try {
          await atStripe("cancel subscription", () => this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` }));
        } catch (cancelError) {
          if (!isGoneAtProvider(cancelError)) throw cancelError;
        }
      } else if (session.status === "open") {
        throw error;
      }
    }
    await closeCheckout(this.ctx.db, checkout.id, "stripe");
  }

  async setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<FulfilmentResult> {
    const id = this.stripeId(subscription);
    const updated = await atStripe(cancel ? "cancel at period end" : "resume", () => this.stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
    return this.record(updated);
  }

  async cancelNow(subscription: SubscriptionRow): Promise<FulfilmentResult> {
    const id = this.stripeId(subscription);
    // Ends it now, without a prorated refund or a final invoice: access stops at once, like the account.
    let canceled: Stripe.Subscription;
    try {
      canceled = await atStripe("cancel subscription", () => this.stripe.subscriptions.cancel(id));
    } catch (error) {
      if (!isGoneAtProvider(error)) throw error;
      // Stripe no longer has it (deleted there, e.g. with its customer): nothing can charge any more, so it is
      // recorded as ended here.
      this.ctx.log.warn({ subscriptionId: id }, "Stripe subscription to cancel no longer exists; recorded as ended");
      return this.ctx.db.transaction(async (tx) => endSubscription(tx, (await lockSubscription(tx, { id: subscription.id })) ?? subscription));
    }
    return this.record(canceled);
  }

  async createPortal(input: PortalInput): Promise<{ url: string } | null> {
    const customer = await findCustomer(this.ctx.db, input.company.id, "stripe");
    return customer ? createPortalSession(this.ctx, customer, input) : null;
  }

  paymentPage(subscription: SubscriptionRow, input: PortalInput): Promise<{ url: string } | null> {
    return stripePaymentPage(this.ctx, subscription, input);
  }

  async listInvoices(company: { id: string }, apiBaseUrl: string): Promise<Invoice[]> {
    const customer = await findCustomer(this.ctx.db, company.id, "stripe");
    return withPackageInvoices(this.ctx.db, company.id, customer ? await listStripeInvoices(this.ctx, customer) : [], apiBaseUrl);
  }

  /** What one-off payments pay for, registered at start (see one-off.ts). */
  usePaymentHandlers(handlers: PaymentHandlers): void {
    this.ctx.handlers = handlers;
  }

  createPaymentCheckout(input: PaymentCheckoutInput): Promise<{ checkoutUrl: string }> {
    return createStripePaymentCheckout(this.ctx, input);
  }

  expirePaymentCheckout(checkout: PaymentCheckoutRow): Promise<void> {
    return expireStripePaymentCheckout(this.ctx, checkout);
  }

  preparePackage(change: PackageStart | PackageChange): Promise<PreparedSubscription> {
    return prepareStripePackage(this.ctx, change);
  }

  /** Verifies and handles one webhook delivery (see payments/stripe/webhooks.ts). */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
    return handleStripeWebhook(this.ctx, rawBody, signature);
  }

  /** Writes the state Stripe answered, under the subscription's lock. */
  private async record(subscription: Stripe.Subscription): Promise<FulfilmentResult> {
    const result = await this.ctx.db.transaction(async (tx) => {
      await lockStripeSubscription(tx, subscription.id);
      return applyStripeSubscription(this.ctx, tx, subscription, {});
    });
    if (!result) throw new Error(`Could not record Stripe subscription ${subscription.id}`);
    return result;
  }

  private stripeId(subscription: SubscriptionRow): string {
    if (!subscription.external_id) throw new Error(`Stripe subscription row ${subscription.id} has no Stripe id`);
    return subscription.external_id;
  }

  private priceFor(plan: PlanRow, period: BillingPeriod): string {
    const { settings } = this.ctx;
    const price = period === "yearly" ? (plan.stripe_price_yearly ?? settings.priceYearly) : (plan.stripe_price_monthly ?? settings.priceMonthly);
    if (!price) throw new ApiError(503, "payments.unavailable", `No Stripe price is configured for plan '${plan.id}' (${period})`);
    return price;
  }

  /**
   * The company's Stripe customer, created on its first checkout (named after the company, mailed at the member who
   * bought); reusing it keeps one payment history per company, whichever member pays.
   */
  private async customerFor(company: { id: string; name: string }, user: { id: string; email: string }): Promise<string> {
    const { db } = this.ctx;
    const existing = await findCustomer(db, company.id, "stripe");
    if (existing) return existing;
    // The idempotency key makes two simultaneous first checkouts of one company get the same customer from Stripe.
    const customer = await atStripe("create customer", () =>
      this.stripe.customers.create(
        { email: user.email, name: company.name, metadata: { companyId: company.id, userId: user.id } },
        { idempotencyKey: `customer-${company.id}` },
      ),
    );
    await saveCustomer(db, company.id, "stripe", customer.id);
    return (await findCustomer(db, company.id, "stripe")) ?? customer.id;
  }
}
