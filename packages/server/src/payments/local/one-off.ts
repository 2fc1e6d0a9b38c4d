import { randomInt } from "node:crypto";
import type { Db } from "../../db/db";
import { randomToken } from "../../lib/crypto";
import { applySubscriptionState, stateOf } from "../fulfilment";
import { checkoutRecord, type PackageChange, type PackageStart, type PaymentCheckoutInput, type PaymentHandlers, type PaymentOutcome, type PreparedSubscription } from "../one-off";
import { completePaymentCheckout, findPaymentCheckout, insertPaymentCheckout, type PaymentCheckoutRow } from "../payment-checkouts-repository";
import { lockSubscription } from "../subscriptions-repository";
import { saveLocalPaymentMethod, type LocalPaymentChoice } from "./payment-methods";
import type { CheckoutProblem } from "./test-checkout-page";

/**
 * The test provider's one-off payments and package subscriptions. Its checkout page for a payment (routes/api/payments)
 * pays by test card or through the test bank's iDEAL, which also gives a test SEPA Direct Debit mandate; a payment
 * reaches the handler of its purpose in the transaction that records it, as a Stripe webhook does.
 */

/** As long as a Stripe Checkout Session stays open by default. */
const TTL_MS = 24 * 60 * 60 * 1000;

export async function createLocalPaymentCheckout(db: Db, input: PaymentCheckoutInput): Promise<{ checkoutUrl: string }> {
  // 256 random bits: the page is opened by a plain navigation without a session, so the id is the authorisation.
  const id = randomToken();
  await insertPaymentCheckout(db, checkoutRecord(input, { id, provider: "local", externalId: null, expiresAt: new Date(Date.now() + TTL_MS) }));
  return { checkoutUrl: `${input.apiBaseUrl}/payments/test-checkout/${id}` };
}

export function paymentProblem(checkout: PaymentCheckoutRow | null, now: Date = new Date()): CheckoutProblem | null {
  if (!checkout || checkout.provider !== "local") return "unknown";
  if (checkout.status === "paid" || checkout.status === "refunded") return "paid";
  if (checkout.status === "canceled") return "canceled";
  return checkout.expires_at <= now ? "expired" : null;
}

export type LocalPaymentResult =
  | { ok: true; checkout: PaymentCheckoutRow; outcome: PaymentOutcome }
  | { ok: false; problem: CheckoutProblem; checkout: PaymentCheckoutRow | null };

/**
 * Pay: claims the checkout and hands the payment to its purpose's handler, in one transaction, so a double click or
 * two tabs pay once. When what it pays for was paid meanwhile (another checkout of the same deposit), the handler
 * refuses it and this payment is recorded as refunded, as Stripe refunds one.
 */
export function payLocalCheckout(db: Db, handlers: PaymentHandlers, id: string, method: LocalPaymentChoice, now: Date = new Date()): Promise<LocalPaymentResult> {
  return db.transaction(async (tx): Promise<LocalPaymentResult> => {
    const checkout = await findPaymentCheckout(tx, id, { lock: true });
    const problem = paymentProblem(checkout, now);
    if (problem || !checkout) return { ok: false, problem: problem ?? "unknown", checkout };
    const paymentRef = `local_${randomToken()}`;
    const mandateRef = method.kind === "sepa_debit" ? `TEST-MANDATE-${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}` : null;
    const outcome = await handlers.handle(tx, { checkout, provider: "local", paymentRef, mandateRef, customerRef: null, at: now });
    if (outcome.accepted && outcome.companyId && mandateRef) await saveLocalPaymentMethod(tx, outcome.companyId, method, now, mandateRef);
    await completePaymentCheckout(tx, id, { status: outcome.accepted ? "paid" : "refunded", paymentRef, companyId: outcome.companyId });
    return { ok: true, checkout, outcome };
  });
}

/** A package's monthly fee at the test provider: its renewals are played by the renewal job. */
export async function prepareLocalPackage(change: PackageStart | PackageChange): Promise<PreparedSubscription> {
  if (change.kind === "start") {
    return (tx) =>
      applySubscriptionState(tx, {
        companyId: change.companyId,
        userId: change.userId,
        provider: "local",
        externalId: null,
        planId: change.plan.id,
        billingPeriod: "monthly",
        status: "active",
        // Nothing is charged until the first of the month: the days before it come with the delivery.
        currentPeriodStart: new Date(),
        currentPeriodEnd: change.startAt,
        cancelAtPeriodEnd: false,
        billingAnchor: change.startAt,
      });
  }
  return async (tx) => {
    const row = (await lockSubscription(tx, { id: change.subscription.id })) ?? change.subscription;
    // The period under way was charged at the old fee; the next renewal charges the new package's.
    return applySubscriptionState(tx, { ...stateOf(row), planId: change.plan.id });
  };
}
