import type { Db } from "../db/db";
import { end, renew } from "../payments/fulfilment";
import { deleteOldCheckouts } from "../payments/checkouts-repository";
import { deleteExpiredPortalSessions } from "../payments/local/billing-repository";
import { writePeriodInvoice } from "../payments/local/invoices";
import { deleteOldPaymentEvents } from "../payments/provider-events-repository";
import { claimUnpaidSubscription, unpaidLocalSubscriptions } from "../payments/payment-issues-repository";
import { DEFAULT_PAST_DUE_GRACE_DAYS } from "../payments/payment-attention";
import { claimDueSubscription, dueLocalSubscriptions } from "../payments/subscriptions-repository";
import { billableOverage } from "../requests/allowance";
import { markExtraTimeInvoiced } from "../requests/minutes-repository";
import { withJobLock } from "./job-lock";

export const SUBSCRIPTION_JOB_INTERVAL_MS = 5 * 60 * 1000;
const BATCH = 100;

export interface RenewalResult {
  renewed: number;
  ended: number;
  /** Outbox items of the subscription mails queued; deliver them after this returns. */
  mailIds: number[];
}

/**
 * Plays the billing cycle for the local test provider: a subscription whose period is over either ends (the user
 * cancelled at period end) or renews for the next period. Stripe subscriptions are left alone; Stripe bills them
 * and its webhooks report the outcome.
 *
 * With `renew: false` (PAYMENTS=stripe) no local subscription is renewed any more: nobody would pay for the next
 * period, so each runs to the end of the period it has and then ends.
 *
 * Each subscription is handled in its own transaction and claimed with FOR UPDATE SKIP LOCKED, so two server
 * processes running the job at once never renew one subscription twice.
 */
export async function runSubscriptionRenewal(
  db: Db,
  now: Date = new Date(),
  opts: { renew?: boolean; graceDays?: number } = {},
): Promise<RenewalResult> {
  const renewLocal = opts.renew ?? true;
  const result: RenewalResult = { renewed: 0, ended: 0, mailIds: [] };
  await endUnpaid(db, now, opts.graceDays ?? DEFAULT_PAST_DUE_GRACE_DAYS, result);
  for (;;) {
    const due = await dueLocalSubscriptions(db, now, BATCH);
    let handled = 0;
    for (const id of due) {
      const outcome = await db.transaction(async (tx) => {
        const row = await claimDueSubscription(tx, id, now);
        if (!row) return null;
        if (row.cancel_at_period_end || !renewLocal) return { kind: "ended" as const, ...(await end(tx, row, row.current_period_end)) };
        const renewed = await renew(tx, row, now);
        // The next period's invoice, as Stripe writes one at each renewal, with the extra time on requests the
        // customer agreed to since the last one.
        const extraTime = await billableOverage(tx, row.company_id, now, { lock: true });
        const invoice = await writePeriodInvoice(tx, renewed.subscription, { at: renewed.subscription.current_period_start, status: "paid", extraTime });
        await markExtraTimeInvoiced(tx, extraTime.flatMap((line) => line.agreementIds), invoice.id, now);
        return { kind: "renewed" as const, ...renewed };
      });
      if (!outcome) continue;
      handled++;
      result[outcome.kind]++;
      result.mailIds.push(...outcome.mailIds);
    }
    // Fewer than a full batch, or nothing claimable (another process holds the rest): done for this run.
    if (due.length < BATCH || handled === 0) return result;
  }
}

/**
 * A local subscription whose payment is still owed when the grace period (PAST_DUE_GRACE_DAYS) is over ends then,
 * as Stripe cancels one whose retries all failed; its open invoice stays open, and the customer gets the 'ended' mail.
 */
async function endUnpaid(db: Db, now: Date, graceDays: number, result: RenewalResult): Promise<void> {
  for (;;) {
    const due = await unpaidLocalSubscriptions(db, now, graceDays, BATCH);
    let handled = 0;
    for (const id of due) {
      const outcome = await db.transaction(async (tx) => {
        const row = await claimUnpaidSubscription(tx, id, now, graceDays);
        return row ? end(tx, row, now) : null;
      });
      if (!outcome) continue;
      handled++;
      result.ended++;
      result.mailIds.push(...outcome.mailIds);
    }
    if (due.length < BATCH || handled === 0) return;
  }
}

/** Name of the pruning job's advisory lock. */
export const PRUNING_JOB = "payment records pruning";

/**
 * Housekeeping: webhook event ids are only needed while Stripe may still redeliver (3 days); checkouts similarly;
 * test portal sessions once expired.
 * One instance at a time runs it (an advisory lock); the others skip the run.
 * @returns what was deleted, or null when another instance was running it
 */
export async function prunePaymentRecords(db: Db): Promise<{ events: number; checkouts: number; portalSessions: number } | null> {
  return withJobLock(db, PRUNING_JOB, async (tx) => ({
    events: await deleteOldPaymentEvents(tx),
    checkouts: await deleteOldCheckouts(tx),
    portalSessions: await deleteExpiredPortalSessions(tx),
  }));
}
