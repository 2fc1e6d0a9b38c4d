import { agencyYearMonth, type Locale } from "@agency/contract";
import type { Db } from "../db/db";
import type { FulfilmentResult } from "./fulfilment";
import type { NewPaymentCheckout, PaymentCheckoutRow, PaymentPurpose } from "./payment-checkouts-repository";
import type { PlanRow } from "./plans-repository";
import type { ProviderName, SubscriptionRow } from "./subscriptions-repository";

/**
 * One-off payments and the monthly fee of a package, as the providers offer them: an offer's deposit and a balance
 * invoice are paid through a checkout (Stripe Checkout with iDEAL and card, or the test checkout), and so is a SEPA
 * Direct Debit mandate when the deposit left none. What a payment pays for is not the payments area's business:
 * the area that asked for it registers a handler per purpose (`app.payments.onPayment`), and both providers call it
 * in the transaction that records the payment, once, whatever the order or repetition of the provider's events.
 */

export type { PaymentPurpose };

export interface PaymentCheckoutInput {
  purpose: PaymentPurpose;
  /** The offer's id (deposit, mandate) or the invoice's id. */
  reference: string;
  /** Null while the company does not exist yet (an offer's first deposit makes it). */
  company: { id: string } | null;
  email: string;
  name: string;
  /** Including VAT; 0 for a mandate. */
  amountCents: number;
  /** What the customer pays for, in `locale`: the checkout's line. */
  description: string;
  locale: Locale;
  /** Pages of the site itself, built by the server. */
  successUrl: string;
  cancelUrl: string;
  /** Absolute URL of the API base the request came in under (the test checkout's pages stay under it). */
  apiBaseUrl: string;
  /** Paid with iDEAL, the payment also gives a SEPA Direct Debit mandate for the monthly fee (Stripe's generated_sepa_debit). */
  keepMandate: boolean;
}

/** The checkout of `input` as either provider keeps it: its own id, the provider's, and when it expires. */
export function checkoutRecord(
  input: PaymentCheckoutInput,
  at: { id: string; provider: ProviderName; externalId: string | null; expiresAt: Date },
): NewPaymentCheckout {
  return {
    id: at.id,
    provider: at.provider,
    external_id: at.externalId,
    purpose: input.purpose,
    reference: input.reference,
    company_id: input.company?.id ?? null,
    email: input.email,
    amount_cents: input.amountCents,
    currency: "EUR",
    description: input.description,
    locale: input.locale,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    expires_at: at.expiresAt,
  };
}

export interface CompletedPayment {
  checkout: PaymentCheckoutRow;
  provider: ProviderName;
  /** The payment at the provider: Stripe's pi_… (seti_… for a mandate), or the test provider's reference. */
  paymentRef: string;
  /** The SEPA Direct Debit mandate it left: Stripe's payment method (pm_…), or the test mandate's reference; null for a card. */
  mandateRef: string | null;
  /** The provider's customer that paid (Stripe's cus_…), kept as the company's. */
  customerRef: string | null;
  at: Date;
}

export interface PaymentOutcome {
  /** False when what it pays for was paid already (two tabs, two checkouts at once): the payment is refunded. */
  accepted: boolean;
  /** The company it belongs to now (the one a first deposit made). */
  companyId: string | null;
  /** Outbox items queued in the transaction; delivered after it commits. */
  mailIds: number[];
}

export type PaymentHandler = (tx: Db, payment: CompletedPayment) => Promise<PaymentOutcome>;

/** The handlers of each purpose, registered at start by the areas that ask for payments. */
export class PaymentHandlers {
  private readonly handlers = new Map<PaymentPurpose, PaymentHandler>();

  register(purpose: PaymentPurpose, handler: PaymentHandler): void {
    this.handlers.set(purpose, handler);
  }

  handle(tx: Db, payment: CompletedPayment): Promise<PaymentOutcome> {
    const handler = this.handlers.get(payment.checkout.purpose);
    if (!handler) throw new Error(`No handler for payments of purpose ${payment.checkout.purpose}`);
    return handler(tx, payment);
  }
}

/** A package's monthly fee starting: billed monthly from `startAt` (the first of a month), by SEPA Direct Debit. */
export interface PackageStart {
  kind: "start";
  companyId: string;
  /** The member it is bought for (the billing mail's addressee). */
  userId: string | null;
  plan: PlanRow;
  startAt: Date;
  /** The mandate the deposit left (or the customer gave since); null when the customer is still to give one. */
  mandateRef: string | null;
  /** Makes starting it twice (two deliveries at once, a retry) start one. */
  key: string;
}

/** A running package's monthly fee moves to another package from the next month on (an upgrade). */
export interface PackageChange {
  kind: "change";
  subscription: SubscriptionRow;
  plan: PlanRow;
  key: string;
}

/**
 * A change of a package's subscription, in two steps: `prepare` talks to the provider (outside any transaction), the
 * returned function writes the result in the caller's transaction, through fulfilment.
 */
export type PreparedSubscription = (tx: Db) => Promise<FulfilmentResult>;

/** The first day of the month after `at` in the Netherlands, at 00:00 UTC: the day the monthly fee starts. */
export function firstOfNextMonth(at: Date): Date {
  const { year, month } = agencyYearMonth(at);
  // Date.UTC counts months from 0, so `month` (1–12) is the month after.
  return new Date(Date.UTC(year, month, 1));
}
