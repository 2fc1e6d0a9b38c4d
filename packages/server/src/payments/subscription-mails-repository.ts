import type { BillingPeriod, Locale, PaymentIssue } from "@agency/contract";
import type { Db } from "../db/db";
import type { SubscriptionMailKind } from "../mail/subscription-templates";
import { plansIn } from "./plans-repository";

/**
 * The subscription_mails table, a transactional outbox: a mail owed about a subscription is written in the same
 * transaction as the change that causes it, and sent after commit (again by the job while it fails).
 */

export async function queueSubscriptionMail(tx: Db, subscriptionId: string, kind: SubscriptionMailKind): Promise<number> {
  const { rows } = await tx.query<{ id: number }>("INSERT INTO subscription_mails (subscription_id, kind) VALUES ($1, $2) RETURNING id", [subscriptionId, kind]);
  return rows[0]!.id;
}

/** Whether a mail of this kind was ever queued about the subscription (some are owed once only). */
export async function mailQueued(db: Db, subscriptionId: string, kind: SubscriptionMailKind): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM subscription_mails WHERE subscription_id = $1 AND kind = $2", [subscriptionId, kind]);
  return rows.length > 0;
}

/** One owed mail with everything it says, in its recipient's language. */
export interface SubscriptionMailJob {
  id: number;
  kind: SubscriptionMailKind;
  email: string;
  name: string;
  locale: Locale;
  plan_name: string;
  currency: string;
  price_cents: number;
  billing_period: BillingPeriod;
  current_period_end: Date;
  ended_at: Date | null;
  /** The payment that needs the customer now, if any (the payment-failed mail says to pay or to confirm). */
  payment_issue: PaymentIssue | null;
}

/**
 * Claims owed mails (sent_at null) with UPDATE … FOR UPDATE SKIP LOCKED, so two processes never send one mail at
 * the same time. With `ids` only those that were never tried (right after the change that queued them; another
 * instance's job may already be sending them); without, every pending one whose last attempt is older than
 * `retryAfterSeconds`.
 */
export async function claimSubscriptionMails(
  db: Db,
  { ids, retryAfterSeconds, maxAttempts }: { ids?: number[]; retryAfterSeconds: number; maxAttempts: number },
): Promise<SubscriptionMailJob[]> {
  const { rows } = await db.query<SubscriptionMailJob>(
    `WITH claimed AS (
       UPDATE subscription_mails SET attempts = attempts + 1, last_attempt_at = now()
        WHERE id IN (
          SELECT id FROM subscription_mails
           WHERE sent_at IS NULL AND attempts < $3
             AND (last_attempt_at IS NULL OR ($2::int[] IS NULL AND last_attempt_at < now() - make_interval(secs => $1)))
             AND ($2::int[] IS NULL OR id = ANY ($2::int[]))
           ORDER BY id LIMIT 50
           FOR UPDATE SKIP LOCKED)
        RETURNING id, subscription_id, kind)
     SELECT c.id, c.kind, u.email, u.name, u.locale, p.name AS plan_name, p.currency,
            CASE WHEN s.billing_period = 'yearly' THEN p.price_yearly_cents ELSE p.price_monthly_cents END AS price_cents,
            s.billing_period, s.current_period_end, s.ended_at, s.payment_issue
       FROM claimed c
       JOIN subscriptions s ON s.id = c.subscription_id
       JOIN users u ON u.id = s.user_id
       JOIN LATERAL ${plansIn("u.locale")} p ON p.id = s.plan_id
      ORDER BY c.id`,
    [retryAfterSeconds, ids ?? null, maxAttempts],
  );
  return rows;
}

/** Drops owed mails that must not go out (those of the demo customer, whose address belongs to nobody). */
export async function discardSubscriptionMails(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.query("DELETE FROM subscription_mails WHERE id = ANY ($1::int[])", [ids]);
}

export async function markSubscriptionMailSent(db: Db, id: number): Promise<void> {
  await db.query("UPDATE subscription_mails SET sent_at = now(), last_error = NULL WHERE id = $1", [id]);
}

export async function markSubscriptionMailFailed(db: Db, id: number, error: string): Promise<void> {
  await db.query("UPDATE subscription_mails SET last_error = $2 WHERE id = $1", [id, error.slice(0, 500)]);
}
