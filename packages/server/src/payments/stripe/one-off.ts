import type { Stripe } from "stripe";
import { randomToken } from "../../lib/crypto";
import { saveCustomer, findCustomer } from "../customers-repository";
import { checkoutRecord, type PaymentCheckoutInput, type PaymentHandlers } from "../one-off";
import { completePaymentCheckout, findPaymentCheckoutAt, insertPaymentCheckout, type PaymentCheckoutRow } from "../payment-checkouts-repository";
import { paymentEventRecorded, recordPaymentEvent } from "../provider-events-repository";
import { atStripe, ProviderError } from "../provider-error";
import { idOf, type StripeContext } from "./client";
import type { WebhookResult } from "./webhooks";

/**
 * One-off payments through Stripe Checkout: an offer's deposit or an invoice in payment mode (iDEAL and card; paid
 * with iDEAL, the payment leaves a SEPA Direct Debit payment method, `generated_sepa_debit`, for the monthly fee), and
 * a SEPA Direct Debit mandate in setup mode when the deposit left none. Their completion comes as a signed webhook,
 * handled once by event id and once per checkout, and reaches the handler of the checkout's purpose.
 */

export async function createStripePaymentCheckout(ctx: StripeContext, input: PaymentCheckoutInput): Promise<{ checkoutUrl: string }> {
  const ourId = randomToken();
  const customer = input.company ? await findCustomer(ctx.db, input.company.id, "stripe") : null;
  const metadata = { purpose: input.purpose, reference: input.reference, checkoutId: ourId, ...(input.company ? { companyId: input.company.id } : {}) };
  const common = {
    ui_mode: "hosted_page" as const,
    locale: input.locale,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata,
    ...(customer ? { customer } : { customer_email: input.email }),
  };
  const params: Stripe.Checkout.SessionCreateParams =
    input.purpose === "mandate"
      ? { ...common, mode: "setup", currency: "eur", allowed_payment_method_types: ["ideal", "sepa_debit"], setup_intent_data: { metadata } }
      : {
          ...common,
          mode: "payment",
          // The deposit of an offer is paid with iDEAL or a card; a later payment too.
          allowed_payment_method_types: ["ideal", "card"],
          line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: input.amountCents, product_data: { name: input.description } } }],
          ...(customer ? {} : { customer_creation: "always" as const }),
          payment_intent_data: {
            description: input.description,
            metadata,
            // Kept for later: an iDEAL payment then leaves a SEPA Direct Debit mandate for the monthly fee.
            ...(input.keepMandate ? { setup_future_usage: "off_session" as const } : {}),
          },
        };
  const session = await atStripe("create checkout session", () => ctx.stripe.checkout.sessions.create(params, { idempotencyKey: `payment-${ourId}` }));
  if (!session.url) throw new Error(`Stripe returned no url for checkout session ${session.id}`);
  await insertPaymentCheckout(
    ctx.db,
    checkoutRecord(input, {
      id: ourId,
      provider: "stripe",
      externalId: session.id,
      expiresAt: new Date((session.expires_at ?? Math.floor(Date.now() / 1000) + 86_400) * 1000),
    }),
  );
  return { checkoutUrl: session.url };
}

export async function expireStripePaymentCheckout(ctx: StripeContext, checkout: PaymentCheckoutRow): Promise<void> {
  if (!checkout.external_id) return;
  const id = checkout.external_id;
  try {
    await atStripe("expire checkout session", () => ctx.stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` }));
  } catch (error) {
    // Only an open session can be expired: one paid meanwhile is handled by its webhook.
    if (!(error instanceof ProviderError) || error.providerStatus !== 400) throw error;
  }
}

const ONE_OFF_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** A Checkout event of a one-off payment or a mandate (not of a subscription). */
export function isOneOffEvent(event: Stripe.Event): event is Stripe.Event & { data: { object: Stripe.Checkout.Session } } {
  return event.type.startsWith("checkout.session.") && ["payment", "setup"].includes((event.data.object as Stripe.Checkout.Session).mode);
}

/** The payment was refused by its handler (what it pays for was paid already): refund it, then record that. */
class RefundFirst extends Error {}

interface PaymentDetails {
  paymentRef: string;
  mandateRef: string | null;
  customerRef: string | null;
}

/** What Stripe knows of the payment: its id, the SEPA Direct Debit mandate it left, the customer. Asked outside any transaction. */
async function paymentDetails(ctx: StripeContext, session: Stripe.Checkout.Session): Promise<PaymentDetails> {
  const customerRef = idOf(session.customer);
  if (session.mode === "setup") {
    const intentId = idOf(session.setup_intent);
    if (!intentId) throw new Error(`Setup session ${session.id} has no setup intent`);
    const intent = await atStripe("retrieve setup intent", () => ctx.stripe.setupIntents.retrieve(intentId));
    const method = idOf(intent.payment_method);
    // The customer's default for invoices: the package's subscription is collected with it from now on.
    if (method && customerRef) {
      await atStripe("set default payment method", () =>
        ctx.stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: method } }, { idempotencyKey: `mandate-${intent.id}` }),
      );
    }
    return { paymentRef: intent.id, mandateRef: method, customerRef };
  }
  const intentId = idOf(session.payment_intent);
  if (!intentId) throw new Error(`Payment session ${session.id} has no payment intent`);
  const intent = await atStripe("retrieve payment intent", () => ctx.stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] }));
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  return { paymentRef: intent.id, mandateRef: idOf(charge?.payment_method_details?.ideal?.generated_sepa_debit), customerRef };
}

/**
 * Handles a Checkout event of a one-off payment. The details are asked of Stripe first (outside any transaction);
 * then, in one transaction, the event id is recorded, the checkout claimed and its purpose's handler called. A
 * payment the handler refuses (the deposit was paid through another checkout meanwhile) is refunded at Stripe, and
 * only then recorded, so a failure on the way makes Stripe deliver the event again.
 */
export async function handleOneOffEvent(ctx: StripeContext, handlers: PaymentHandlers, event: Stripe.Event & { data: { object: Stripe.Checkout.Session } }): Promise<WebhookResult> {
  const type = event.type;
  const session = event.data.object;
  const result = (mailIds: number[] = [], ignored = false, duplicate = false): WebhookResult => ({ type, duplicate, ignored, mailIds });
  const settle = () => ctx.db.transaction(async (tx) => ((await recordPaymentEvent(tx, event.id, "stripe", type)) ? result([], true) : result([], true, true)));
  if (await paymentEventRecorded(ctx.db, event.id)) return result([], false, true);
  const known = await findPaymentCheckoutAt(ctx.db, "stripe", session.id);
  // Not ours, or already handled (completed, then async_payment_succeeded), or not paid yet (a debit under way).
  if (!known || known.status !== "open" || !ONE_OFF_EVENTS.has(type) || (session.mode === "payment" && session.payment_status !== "paid")) return settle();

  const details = await paymentDetails(ctx, session);
  const at = new Date((event.created ?? Math.floor(Date.now() / 1000)) * 1000);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, event.id, "stripe", type))) return result([], false, true);
      const checkout = await findPaymentCheckoutAt(tx, "stripe", session.id, { lock: true });
      if (!checkout || checkout.status !== "open") return result();
      const outcome = await handlers.handle(tx, { checkout, provider: "stripe", ...details, at });
      if (!outcome.accepted) throw new RefundFirst();
      await completePaymentCheckout(tx, checkout.id, { status: "paid", paymentRef: details.paymentRef, companyId: outcome.companyId });
      if (details.customerRef && outcome.companyId) await saveCustomer(tx, outcome.companyId, "stripe", details.customerRef);
      return result(outcome.mailIds);
    });
  } catch (error) {
    if (!(error instanceof RefundFirst)) throw error;
  }
  if (details.paymentRef.startsWith("pi_")) {
    ctx.log.warn({ checkout: known.id, paymentIntent: details.paymentRef }, "a second payment of something already paid: refunded at Stripe");
    try {
      await atStripe("refund", () =>
        ctx.stripe.refunds.create(
          { payment_intent: details.paymentRef, reason: "duplicate", metadata: { checkoutId: known.id } },
          { idempotencyKey: `refund-${details.paymentRef}` },
        ),
      );
    } catch (error) {
      if (!(error instanceof ProviderError && error.providerCode === "charge_already_refunded")) throw error;
    }
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.id, "stripe", type))) return result([], false, true);
    await completePaymentCheckout(tx, known.id, { status: "refunded", paymentRef: details.paymentRef, companyId: null });
    return result();
  });
}
