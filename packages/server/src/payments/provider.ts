import type { BillingPeriod, CreateCheckoutResponse, Locale } from "@agency/contract";
import type { FulfilmentResult } from "./fulfilment";
import type { PlanRow } from "./plans-repository";
import type { ProviderName, SubscriptionRow } from "./subscriptions-repository";

export interface CheckoutInput {
  user: { id: string; email: string; name: string };
  plan: PlanRow;
  billingPeriod: BillingPeriod;
  /** Already checked against the site's origin and ALLOWED_ORIGINS. */
  successUrl: string;
  cancelUrl: string;
  /** Language of the checkout page. */
  locale: Locale;
  /**
   * Absolute URL of the API base the request came in under (`https://site/api` or
   * `https://site/preview/a/b/api`), so a page the server renders itself stays under the same base.
   */
  apiBaseUrl: string;
}

/**
 * A way to take payments. New checkouts go to the configured provider; an existing subscription is always managed
 * by the provider that created it (a switch to Stripe leaves running test subscriptions to the local provider).
 * Both report every state change through fulfilment.ts.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CheckoutInput): Promise<CreateCheckoutResponse>;
  /** Cancel (true) or resume (false) at the end of the current period. */
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<FulfilmentResult>;
  /**
   * Ends the subscription at once, without waiting for the period's end (the customer deletes their account): no
   * further charge is made. Throws when the provider cannot be reached or refuses.
   */
  cancelNow(subscription: SubscriptionRow): Promise<FulfilmentResult>;
}
