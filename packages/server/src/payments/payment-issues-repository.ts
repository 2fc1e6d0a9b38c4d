import type { Db } from "../db/db";
import type { SubscriptionRow } from "./subscriptions-repository";

/**
 * Local subscriptions whose payment is still owed when the grace period is over: the test provider ends them, as
 * Stripe cancels a subscription once its retries have failed. Oldest failure first.
 */
export async function unpaidLocalSubscriptions(db: Db, now: Date, graceDays: number, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM subscriptions
      WHERE provider = 'local' AND status IN ('past_due', 'unpaid') AND payment_issue_since IS NOT NULL
        AND payment_issue_since + make_interval(days => $2) <= $1
      ORDER BY payment_issue_since LIMIT $3`,
    [now, graceDays, limit],
  );
  return rows.map((r) => r.id);
}

/** One of those, locked; null when it was paid or ended meanwhile, or another process holds it. */
export async function claimUnpaidSubscription(tx: Db, id: string, now: Date, graceDays: number): Promise<SubscriptionRow | null> {
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT * FROM subscriptions
      WHERE id = $1 AND status IN ('past_due', 'unpaid') AND payment_issue_since + make_interval(days => $3) <= $2
      FOR UPDATE SKIP LOCKED`,
    [id, now, graceDays],
  );
  return rows[0] ?? null;
}
