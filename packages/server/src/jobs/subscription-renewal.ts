import type { Db } from "../db/db";
import { end, renew } from "../payments/fulfilment";
import type { SubscriptionRow } from "../payments/store";
import { withJobLock } from "./job-lock";

export const SUBSCRIPTION_JOB_INTERVAL_MS = 5 * 60 * 1000;

export interface RenewalResult {
  renewed: number;
  ended: number;
  /** subscription_mails rows queued; deliver them after this returns. */
  mailIds: number[];
}

/**
 * Plays the billing cycle for the local test provider: a subscription whose period is over either ends (the user
 * cancelled at period end) or renews for the next period. Stripe subscriptions are left alone; Stripe bills them
 * and its webhooks report the outcome.
 *
 * Each subscription is handled in its own transaction and claimed with FOR UPDATE SKIP LOCKED, so two server
 * processes running the job at once never renew one subscription twice.
 */
export async function runSubscriptionRenewal(db: Db, now: Date = new Date()): Promise<RenewalResult> {
  const result: RenewalResult = { renewed: 0, ended: 0, mailIds: [] };
  for (;;) {
    const { rows: due } = await db.query<{ id: string }>(
      `SELECT id FROM subscriptions
        WHERE provider = 'local' AND status IN ('active', 'trialing', 'past_due') AND current_period_end <= $1
        ORDER BY current_period_end LIMIT 100`,
      [now],
    );
    let handled = 0;
    for (const { id } of due) {
      const outcome = await db.transaction(async (tx) => {
        const { rows } = await tx.query<SubscriptionRow>(
          `SELECT * FROM subscriptions
            WHERE id = $1 AND status IN ('active', 'trialing', 'past_due') AND current_period_end <= $2
            FOR UPDATE SKIP LOCKED`,
          [id, now],
        );
        const row = rows[0];
        if (!row) return null;
        if (row.cancel_at_period_end) return { kind: "ended" as const, ...(await end(tx, row, row.current_period_end)) };
        return { kind: "renewed" as const, ...(await renew(tx, row, now)) };
      });
      if (!outcome) continue;
      handled++;
      result[outcome.kind]++;
      result.mailIds.push(...outcome.mailIds);
    }
    // Fewer than a full batch, or nothing claimable (another process holds the rest): done for this run.
    if (due.length < 100 || handled === 0) return result;
  }
}

/** Name of the pruning job's advisory lock. */
export const PRUNING_JOB = "payment records pruning";

/**
 * Housekeeping: webhook event ids are only needed while Stripe may still redeliver (3 days); checkouts similarly.
 * One instance at a time runs it (an advisory lock); the others skip the run.
 * @returns what was deleted, or null when another instance was running it
 */
export async function prunePaymentRecords(db: Db): Promise<{ events: number; checkouts: number } | null> {
  return withJobLock(db, PRUNING_JOB, async (tx) => {
    const count = async (sql: string) =>
      (await tx.query<{ n: number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`)).rows[0]?.n ?? 0;
    return {
      events: await count("DELETE FROM payment_events WHERE received_at < now() - interval '30 days'"),
      checkouts: await count("DELETE FROM checkout_sessions WHERE expires_at < now() - interval '30 days'"),
    };
  });
}
