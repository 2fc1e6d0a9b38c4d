import type { BillingPeriod, Locale, PaymentIssue } from "@agency/contract";
import type { Db } from "../db/db";
import type { Mailer } from "../mail/mailer";
import { subscriptionMail, type SubscriptionMailKind } from "../mail/subscription-templates";
import { DEFAULT_MAX_ATTEMPTS } from "../outbox/backoff";
import type { OutboxChannel } from "../outbox/delivery";
import { plansIn } from "./plans-repository";

/**
 * Mails about a subscription (started, renewed, payment failed, ended, second one refunded) go through the outbox on a channel
 * of their own: the item names the subscription and the kind, and the mail is written when it is sent, in the
 * customer's language, from what the subscription is then.
 */
export const SUBSCRIPTION_MAIL_CHANNEL = "subscription-mail";

export interface SubscriptionMailPayload {
  subscriptionId: string;
  kind: SubscriptionMailKind;
}

/**
 * Queues a mail in the transaction of the change that owes it; send it after commit (`outbox.deliver(ids)`).
 * The database's queue_subscription_mail keys the item by the provider's event the mail is about (the start, the
 * end, the refunded duplicate, one episode of failed payments), so an event that arrives twice, or at two instances
 * at once, queues one mail.
 * @returns the outbox id, or null when a mail for that event was queued before
 */
export async function queueSubscriptionMail(tx: Db, subscriptionId: string, kind: SubscriptionMailKind): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>("SELECT queue_subscription_mail($1, $2, $3) AS id", [subscriptionId, kind, DEFAULT_MAX_ATTEMPTS]);
  return rows[0]?.id ?? null;
}

/** What a subscription mail says, read when it is sent. */
interface MailSubject {
  email: string;
  name: string | null;
  locale: Locale;
  plan_name: string;
  currency: string;
  price_cents: number;
  billing_period: BillingPeriod;
  current_period_end: Date;
  ended_at: Date | null;
  /** The payment that needs the customer now, if any (the payment-failed mail says to pay or to confirm). */
  payment_issue: PaymentIssue | null;
  /** The latest invoice: what the mail says was charged or is owed (null from before these were kept). */
  invoice_total_cents: number | null;
  invoice_tax_cents: number | null;
  invoice_currency: string | null;
}

async function mailSubject(db: Db, subscriptionId: string): Promise<MailSubject | null> {
  const { rows } = await db.query<MailSubject>(
    `SELECT u.email, CASE WHEN u.email_verified_at IS NOT NULL THEN u.name END AS name, u.locale, p.name AS plan_name, p.currency,
            CASE WHEN s.billing_period = 'yearly' THEN p.price_yearly_cents ELSE p.price_monthly_cents END AS price_cents,
            s.billing_period, s.current_period_end, s.ended_at, s.payment_issue,
            s.invoice_total_cents, s.invoice_tax_cents, s.invoice_currency
       FROM subscriptions s
       -- To the member who bought it while they are in the company, else to its owner.
       JOIN LATERAL (SELECT v.* FROM company_members m JOIN users v ON v.id = m.user_id WHERE m.company_id = s.company_id
                      ORDER BY (v.id = s.user_id) DESC, (m.role = 'owner') DESC LIMIT 1) u ON true
       JOIN LATERAL ${plansIn("u.locale")} p ON p.id = s.plan_id
      WHERE s.id = $1`,
    [subscriptionId],
  );
  return rows[0] ?? null;
}

/** The outbox channel that writes and sends subscription mails; a failed send is retried by the outbox. */
export function subscriptionMailChannel({ db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string }): OutboxChannel<SubscriptionMailPayload> {
  return {
    async deliver({ subscriptionId, kind }) {
      const job = await mailSubject(db, subscriptionId);
      // The subscription went with its company: there is nobody left to tell.
      if (!job) return;
      const content = subscriptionMail(job.locale, kind, {
        name: job.name,
        planName: job.plan_name,
        billingPeriod: job.billing_period,
        invoice:
          job.invoice_total_cents !== null
            ? { totalCents: job.invoice_total_cents, taxCents: job.invoice_tax_cents ?? 0, currency: job.invoice_currency ?? job.currency }
            : null,
        priceCents: job.price_cents,
        currency: job.currency,
        date: kind === "ended" ? (job.ended_at ?? job.current_period_end) : job.current_period_end,
        // The base path of the visit that subscribed is not kept; the mail's links open the site at PUBLIC_URL.
        site: { publicUrl, basePath: "/" },
        confirm: job.payment_issue === "requires_action",
      });
      await mailer.send({ to: job.email, ...content });
    },
    describe: ({ subscriptionId, kind }) => `${kind} mail about subscription ${subscriptionId}`,
  };
}
