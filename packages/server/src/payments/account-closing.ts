import type { Db } from "../db/db";
import { openCheckouts } from "./checkouts-repository";
import type { PaymentProvider } from "./provider";
import { unendedSubscriptions, type ProviderName } from "./subscriptions-repository";

/**
 * What a deleted account must leave behind at the payment providers: nothing that can still charge. The checkouts it
 * opened are expired first (a Checkout Session stays payable for 24 hours, and one paid after the account is gone
 * would start a subscription its company did not see coming), then, when the company goes with the account (its last
 * member), every subscription of the company that has not ended is cancelled at once, an incomplete one too (its first
 * payment may still go through). Stops at the first failure, which the caller answers with 503 and keeps the account;
 * a retry finishes the job.
 */
export async function closePaymentAccount(
  db: Db,
  providerFor: (row: { provider: ProviderName }) => PaymentProvider,
  { userId, companyId }: { userId: string; companyId: string | null },
): Promise<void> {
  for (const checkout of await openCheckouts(db, userId)) await providerFor(checkout).expireCheckout(checkout);
  if (!companyId) return;
  for (const subscription of await unendedSubscriptions(db, companyId)) await providerFor(subscription).cancelNow(subscription);
}
