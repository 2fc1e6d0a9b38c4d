import { formatDate, formatMoney } from "@agency/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/db";
import type { Mailer } from "../mail/mailer";
import { subscriptionMail } from "../mail/subscription-templates";
import { claimSubscriptionMails, markSubscriptionMailFailed, markSubscriptionMailSent } from "./subscription-mails-repository";

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

/**
 * Sends owed subscription mails in the user's language, with the plan's name in that language and the date and
 * price through the shared formatter. Rows are claimed with FOR UPDATE SKIP LOCKED, so two processes never send one
 * mail at the same time. With `ids` only those are tried, and only if nobody tried them yet (right after the change
 * that queued them, when another instance's job may have claimed them already); without, every pending one not
 * tried for `retryAfterSeconds` (the job).
 * @returns how many mails were sent
 */
export async function deliverSubscriptionMails(deps: SubscriptionMailDeps, ids?: number[]): Promise<number> {
  const { db, mailer, publicUrl, log } = deps;
  if (ids && ids.length === 0) return 0;
  const jobs = await claimSubscriptionMails(db, { ids, retryAfterSeconds: deps.retryAfterSeconds ?? 120, maxAttempts: MAX_MAIL_ATTEMPTS });

  let sent = 0;
  for (const job of jobs) {
    const content = subscriptionMail(job.locale, job.kind, {
      name: job.name,
      planName: job.plan_name,
      billingPeriod: job.billing_period,
      price: formatMoney(job.price_cents / 100, job.currency, job.locale, { cents: true }),
      date: formatDate(job.kind === "ended" ? (job.ended_at ?? job.current_period_end) : job.current_period_end, job.locale),
      manageUrl: `${publicUrl}/dashboard/settings`,
      billingUrl: `${publicUrl}/billing`,
      // The same place as the notice's button on the settings page: the page to pay or confirm what is owed.
      payUrl: `${publicUrl}/billing?pay=1`,
      confirm: job.payment_issue === "requires_action",
      subscribeUrl: `${publicUrl}/subscribe`,
    });
    try {
      await mailer.send({ to: job.email, ...content });
      await markSubscriptionMailSent(db, job.id);
      sent++;
    } catch (error) {
      await markSubscriptionMailFailed(db, job.id, error instanceof Error ? error.message : String(error));
      log.warn({ err: error, mailId: job.id, kind: job.kind }, "subscription mail not sent; the job retries it");
    }
  }
  return sent;
}
