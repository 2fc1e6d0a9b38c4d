import type { Db } from "../db/db";
import { openCheckouts } from "./checkouts-repository";
import type { PaymentProvider } from "./provider";
import { unendedSubscriptions, type ProviderName } from "./subscriptions-repository";

/**
 * What a deleted account must leave behind at the payment providers: nothing that can still charge. Its open
 * checkouts are expired first (a Checkout Session stays payable for 24 hours, and one paid after the account is gone
 * would start a subscription nobody can cancel), then every subscription that has not ended is cancelled at once,
 * an incomplete one too (its first payment may still go through). Stops at the first failure, which the caller
 * answers with 503 and keeps the account; a retry finishes the job.
 */
export async function closePaymentAccount(db: Db, providerFor: (row: { provider: ProviderName }) => PaymentProvider, userId: string): Promise<void> {
  for (const checkout of await openCheckouts(db, userId)) await providerFor(checkout).expireCheckout(checkout);
  for (const subscription of await unendedSubscriptions(db, userId)) await providerFor(subscription).cancelNow(subscription);
}
