import { CHECKOUT_RETURN_PARAM, type BillingPeriod, type CreateCheckoutResponse, type Invoice, type Locale } from "@agency/contract";
import type { CheckoutSessionRow } from "./checkouts-repository";
import type { FulfilmentResult } from "./fulfilment";
import type { PackageChange, PackageStart, PaymentCheckoutInput, PreparedSubscription } from "./one-off";
import type { PaymentCheckoutRow } from "./payment-checkouts-repository";
import type { PlanRow } from "./plans-repository";
import type { ProviderName, SubscriptionRow } from "./subscriptions-repository";

export interface CheckoutInput {
  /** The member buying, for the company. */
  user: { id: string; email: string; name: string };
  company: { id: string; name: string };
  plan: PlanRow;
  billingPeriod: BillingPeriod;
  /** Already checked against the site's origin and ALLOWED_ORIGINS. */
  successUrl: string;
  cancelUrl: string;
  /** Language of the checkout page. */
  locale: Locale;
  /** The customer asked to start during the withdrawal period (see CreateCheckoutBodySchema); kept with the checkout. */
  immediateStart?: boolean;
  /**
   * Absolute URL of the API base the request came in under (`https://site/api` or
   * `https://site/preview/a/b/api`), so a page the server renders itself stays under the same base.
   */
  apiBaseUrl: string;
}

export interface PortalInput {
  user: { id: string; email: string; name: string };
  /** The company whose billing it is. */
  company: { id: string };
  /** Already checked like a checkout's successUrl. */
  returnUrl: string;
  locale: Locale;
  apiBaseUrl: string;
  /**
   * The login session asking. The test provider's links end with it; Stripe's portal sessions cannot be ended
   * early and keep their own lifetime.
   */
  sessionId: string;
}

/** What became of a checkout, as its provider knows it (`processing`: completed, its payment still to arrive). */
export type CheckoutProgress = "open" | "paid" | "processing" | "closed";

/**
 * A way to take payments. New checkouts go to the configured provider; an existing subscription is always managed
 * by the provider that created it (a switch to Stripe leaves running test subscriptions to the local provider).
 * Both report every state change through fulfilment.ts. Any failure to reach the provider or a refusal by it is a
 * ProviderError (provider-error.ts).
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Starts a checkout. The success URL the customer returns to carries the checkout's id at the provider in the
   * CHECKOUT_RETURN_PARAM parameter, so the page can ask whether this visitor's checkout was really completed.
   */
  createCheckout(input: CheckoutInput): Promise<CreateCheckoutResponse>;
  /** Whether a checkout recorded as open has meanwhile been paid at the provider (before its webhook arrived). */
  checkoutProgress(checkout: CheckoutSessionRow): Promise<CheckoutProgress>;
  /**
   * Makes an open checkout unpayable (the account is being deleted). When it turns out to have been paid meanwhile,
   * the subscription it made is cancelled too.
   */
  expireCheckout(checkout: CheckoutSessionRow): Promise<void>;
  /** Cancel (true) or resume (false) at the end of the current period. */
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<FulfilmentResult>;
  /**
   * Ends the subscription at once, without waiting for the period's end (the customer deletes their account): no
   * further charge is made.
   */
  cancelNow(subscription: SubscriptionRow): Promise<FulfilmentResult>;
  /**
   * A page of the provider's where the customer manages billing: card, billing address and VAT number, monthly or
   * yearly, invoices. Null when the provider knows no billing of this company.
   */
  createPortal(input: PortalInput): Promise<{ url: string } | null>;
  /**
   * The page where the payment that needs the customer is paid or confirmed (Stripe's hosted invoice page, or the
   * test provider's). Null when nothing is owed.
   */
  paymentPage(subscription: SubscriptionRow, input: PortalInput): Promise<{ url: string } | null>;
  /** The company's invoices, newest first (its package invoices among them). */
  listInvoices(company: { id: string }, apiBaseUrl: string): Promise<Invoice[]>;
  /**
   * A one-off payment (an offer's deposit, an invoice) or a SEPA Direct Debit mandate, on the provider's checkout page.
   * Its completion reaches the handler of its purpose (one-off.ts) once.
   */
  createPaymentCheckout(input: PaymentCheckoutInput): Promise<{ checkoutUrl: string }>;
  /** Makes an open one-off checkout unpayable (a newer one replaces it). */
  expirePaymentCheckout(checkout: PaymentCheckoutRow): Promise<void>;
  /** Starts a package's monthly fee, or moves it to another package (see PreparedSubscription). */
  preparePackage(change: PackageStart | PackageChange): Promise<PreparedSubscription>;
}

/** `url` with the checkout id parameter added; `id` is written as it is (Stripe's `{CHECKOUT_SESSION_ID}` template). */
export function withCheckoutId(url: string, id: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete(CHECKOUT_RETURN_PARAM);
  parsed.hash = "";
  const separator = parsed.search ? "&" : "?";
  const hash = new URL(url).hash;
  return `${parsed.href}${separator}${CHECKOUT_RETURN_PARAM}=${id}${hash}`;
}
