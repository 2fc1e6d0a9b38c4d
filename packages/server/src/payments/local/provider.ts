import type { CreateCheckoutResponse, Invoice } from "@agency/contract";
import type { Db } from "../../db/db";
import { randomToken } from "../../lib/crypto";
import { activate, DuplicateSubscription, end, refundedDuplicate, setCancelAtPeriodEnd, type FulfilmentResult } from "../fulfilment";
import { saveBillingDetails, type BillingDetails } from "./billing-repository";
import { periodLine, writeInvoice } from "./invoices";
import { openLocalPaymentPage } from "./payment";
import { saveLocalPaymentMethod, type LocalPaymentChoice } from "./payment-methods";
import { listInvoices, openPortal } from "./portal";
import { withCheckoutId, type CheckoutInput, type CheckoutProgress, type PaymentProvider, type PortalInput } from "../provider";
import { closeCheckout, createCheckoutSession, findLocalCheckout, markCheckoutPaid, type CheckoutSessionRow } from "../checkouts-repository";
import { lockSubscription, type SubscriptionRow } from "../subscriptions-repository";
import type { CheckoutProblem } from "./test-checkout-page";

/** As long as a Stripe Checkout Session stays open by default. */
export const LOCAL_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export type { CheckoutSessionRow };

export type TestCheckoutOutcome =
  | { ok: true; session: CheckoutSessionRow; result: FulfilmentResult | null }
  | { ok: false; problem: CheckoutProblem; session: CheckoutSessionRow | null };

/**
 * The default provider: no keys, no network. Its checkout is a page this server renders (routes in
 * routes/api/subscriptions/test-checkout.ts); Pay activates through the same fulfilment as a Stripe webhook, and the
 * renewal job plays the part of Stripe's billing cycle (jobs/subscription-renewal.ts). It writes invoices as Stripe
 * does (payments/local/invoices.ts) and has a billing portal of its own (payments/local/portal.ts).
 */
export class LocalProvider implements PaymentProvider {
  readonly name = "local" as const;

  constructor(private readonly db: Db) {}

  async createCheckout(input: CheckoutInput): Promise<CreateCheckoutResponse> {
    // 256 random bits: the page is opened by a plain browser navigation, without the bearer token, so the id
    // itself is what proves the visitor is the one who started this checkout.
    const id = randomToken();
    // The checkout's public id, which the success page shows the server; unlike `id` it opens no payment page.
    const reference = `local_${randomToken()}`;
    const successUrl = withCheckoutId(input.successUrl, reference);
    await createCheckoutSession(this.db, input, {
      id,
      provider: "local",
      externalId: reference,
      successUrl,
      expiresAt: new Date(Date.now() + LOCAL_CHECKOUT_TTL_MS),
    });
    return { checkoutUrl: `${input.apiBaseUrl}/subscriptions/test-checkout/${id}` };
  }

  async checkoutProgress(checkout: CheckoutSessionRow): Promise<CheckoutProgress> {
    if (checkout.status === "paid") return "paid";
    return checkout.status === "open" && checkout.expires_at > new Date() ? "open" : "closed";
  }

  async expireCheckout(checkout: CheckoutSessionRow): Promise<void> {
    await closeCheckout(this.db, checkout.id, "local");
  }

  async setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<FulfilmentResult> {
    return this.db.transaction(async (tx) => {
      return setCancelAtPeriodEnd(tx, (await lockSubscription(tx, { id: subscription.id })) ?? subscription, cancel);
    });
  }

  async cancelNow(subscription: SubscriptionRow): Promise<FulfilmentResult> {
    return this.db.transaction(async (tx) => end(tx, (await lockSubscription(tx, { id: subscription.id })) ?? subscription));
  }

  createPortal(input: PortalInput): Promise<{ url: string } | null> {
    return openPortal(this.db, input);
  }

  paymentPage(subscription: SubscriptionRow, input: PortalInput): Promise<{ url: string } | null> {
    return openLocalPaymentPage(this.db, subscription, input);
  }

  listInvoices(company: { id: string }, apiBaseUrl: string): Promise<Invoice[]> {
    return listInvoices(this.db, company.id, apiBaseUrl);
  }

  /** An open, unexpired session (for showing the page), or the reason it cannot be used. */
  async openSession(id: string): Promise<TestCheckoutOutcome> {
    const session = await findLocalCheckout(this.db, id);
    const problem = sessionProblem(session);
    return problem ? { ok: false, problem, session } : { ok: true, session: session!, result: null };
  }

  /**
   * Pay: claims the session, records the billing details and activates the subscription with its first invoice,
   * in one transaction, so a double click or two tabs pay once. When the company meanwhile got a live subscription
   * through another checkout (paid before, or at the same moment), fulfilment refuses to start a second one, and
   * this payment takes the path Stripe's does: cancelled at once and refunded. What Stripe does for us there
   * (cancel the new subscription, refund its first invoice), this provider does in its own tables: the subscription
   * is recorded as ended at once, its invoice as refunded, and fulfilment queues the customer's mail.
   */
  async pay(id: string, details: BillingDetails | null = null, now: Date = new Date(), method: LocalPaymentChoice = { kind: "card" }): Promise<TestCheckoutOutcome> {
    try {
      return await this.payWith(id, details, now, activate, "paid", method);
    } catch (error) {
      if (!(error instanceof DuplicateSubscription)) throw error;
      return this.payWith(id, details, now, refundedDuplicate, "refunded", method);
    }
  }

  /** One try at paying: the session claimed, the details kept, the subscription recorded, the checkout and invoice written. */
  private payWith(
    id: string,
    details: BillingDetails | null,
    now: Date,
    record: typeof activate,
    invoiceStatus: "paid" | "refunded",
    method: LocalPaymentChoice,
  ): Promise<TestCheckoutOutcome> {
    return this.db.transaction(async (tx): Promise<TestCheckoutOutcome> => {
      const session = await findLocalCheckout(tx, id, { lock: true });
      const problem = sessionProblem(session, now);
      if (problem || !session) return { ok: false, problem: problem ?? "unknown", session };
      if (details) await saveBillingDetails(tx, session.company_id, details);
      // A refunded duplicate leaves the way the kept subscription is paid alone.
      if (invoiceStatus === "paid") await saveLocalPaymentMethod(tx, session.company_id, method, now);
      const result = await record(tx, { companyId: session.company_id, userId: session.user_id, provider: "local", planId: session.plan_id, billingPeriod: session.billing_period, at: now });
      await markCheckoutPaid(tx, id, result.subscription.id);
      await writeInvoice(tx, result.subscription, [await periodLine(tx, result.subscription)], { at: now, status: invoiceStatus });
      return { ok: true, session, result };
    });
  }

  /** Cancel on the page: the session is closed, so the Pay button of an old tab no longer works. */
  async cancelCheckout(id: string): Promise<TestCheckoutOutcome> {
    const canceled = await closeCheckout(this.db, id, "local");
    if (canceled) return { ok: true, session: canceled, result: null };
    return this.openSession(id);
  }
}

function sessionProblem(session: CheckoutSessionRow | null, now: Date = new Date()): CheckoutProblem | null {
  if (!session) return "unknown";
  if (session.status === "paid") return "paid";
  if (session.status === "canceled") return "canceled";
  if (session.expires_at <= now) return "expired";
  return null;
}
