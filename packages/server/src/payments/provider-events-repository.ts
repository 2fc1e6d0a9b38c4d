import { countDeleted, type Db } from "../db/db";
import type { ProviderName } from "./subscriptions-repository";

/** The payment_events table: ids of webhook events already handled, so a redelivery changes nothing. */

/**
 * Records a webhook event id; false when it was recorded before (a redelivery). Inserted first, in the transaction
 * that handles the event: a concurrent delivery of the same event waits on the primary key, then finds it too.
 */
export async function recordPaymentEvent(tx: Db, id: string, provider: ProviderName, type: string): Promise<boolean> {
  const { rows } = await tx.query("INSERT INTO payment_events (id, provider, type) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id", [id, provider, type]);
  return rows.length > 0;
}

/** Whether a webhook event id was recorded before: a redelivery, answered without asking the provider again. */
export async function paymentEventRecorded(db: Db, id: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM payment_events WHERE id = $1", [id]);
  return rows.length > 0;
}

/** Event ids are only needed while Stripe may still redeliver (3 days); a month is kept. */
export function deleteOldPaymentEvents(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM payment_events WHERE received_at < now() - interval '30 days'");
}
