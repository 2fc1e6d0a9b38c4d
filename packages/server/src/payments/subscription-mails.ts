import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/db";
import type { Mailer } from "../mail/mailer";
import { subscriptionTemplates, type SubscriptionMailData } from "../mail/subscription-templates";
import type { BillingPeriod, Locale } from "../types";
import type { SubscriptionMailKind } from "./fulfilment";
import { formatDate, formatPrice } from "./format";

export interface SubscriptionMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** A failed attempt is retried by the job no sooner than this, so the first attempt and the job do not race. */
  retryAfterSeconds?: number;
}

/** About 8 hours of retries at the job's 5-minute interval; after that the address or server is not coming back. */
export const MAX_MAIL_ATTEMPTS = 100;

interface MailJob {
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
}

/**
 * Sends owed subscription mails (rows of subscription_mails with sent_at null), in the user's language. Rows are
 * claimed with UPDATE … FOR UPDATE SKIP LOCKED, so two processes never send one mail at the same time. With `ids`
 * only those are tried, and only if nobody tried them yet (right after the change that queued them, when another
 * instance's job may have claimed them already); without, every pending one not tried for `retryAfterSeconds` (the job).
 * @returns how many mails were sent
 */
export async function deliverSubscriptionMails(deps: SubscriptionMailDeps, ids?: number[]): Promise<number> {
  const { db, mailer, publicUrl, log } = deps;
  if (ids && ids.length === 0) return 0;
  const { rows } = await db.query<MailJob>(
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
            s.billing_period, s.current_period_end, s.ended_at
       FROM claimed c
       JOIN subscriptions s ON s.id = c.subscription_id
       JOIN users u ON u.id = s.user_id
       JOIN plans p ON p.id = s.plan_id
      ORDER BY c.id`,
    [deps.retryAfterSeconds ?? 120, ids ?? null, MAX_MAIL_ATTEMPTS],
  );

  let sent = 0;
  for (const job of rows) {
    const t = subscriptionTemplates[job.locale];
    const data: SubscriptionMailData = {
      name: job.name,
      planName: job.plan_name,
      periodLabel: t.periodLabel(job.billing_period),
      price: formatPrice(job.locale, job.price_cents, job.currency),
      date: formatDate(job.locale, job.kind === "ended" ? (job.ended_at ?? job.current_period_end) : job.current_period_end),
      manageUrl: `${publicUrl}/dashboard/settings`,
      subscribeUrl: `${publicUrl}/subscribe`,
    };
    const content = job.kind === "started" ? t.started(data) : job.kind === "payment_failed" ? t.paymentFailed(data) : t.ended(data);
    try {
      await mailer.send({ to: job.email, ...content });
      await db.query("UPDATE subscription_mails SET sent_at = now(), last_error = NULL WHERE id = $1", [job.id]);
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.query("UPDATE subscription_mails SET last_error = $2 WHERE id = $1", [job.id, message.slice(0, 500)]);
      log.warn({ err: error, mailId: job.id, kind: job.kind }, "subscription mail not sent; the job retries it");
    }
  }
  return sent;
}
