import { ENDED_STATUSES, LIVE_STATUSES, type BillingPeriod, type Locale, type PaymentIssue, type Subscription, type SubscriptionStatus } from "@agency/contract";
import type { Db } from "../db/db";
import { subscriptionAccess } from "./payment-attention";
import { plansIn } from "./plans-repository";

/**
 * The subscriptions table: every query about a company's subscriptions, for the providers, fulfilment and routes. A
 * subscription belongs to a company (company_id); user_id is the member who bought it (null once their account is gone).
 */

export type ProviderName = "local" | "stripe";

export interface SubscriptionRow {
  id: string;
  company_id: string;
  /** The member who bought it; null once that account is gone. */
  user_id: string | null;
  plan_id: string;
  billing_period: BillingPeriod;
  provider: ProviderName;
  external_id: string | null;
  status: SubscriptionStatus;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  billing_anchor: Date;
  started_at: Date | null;
  ended_at: Date | null;
  /** When its first payment was refunded (a second subscription of a company that already had one). */
  refunded_at: Date | null;
  /** A payment that needs the customer, since when, and the invoice to pay (see payment-attention.ts). */
  payment_issue: PaymentIssue | null;
  payment_issue_since: Date | null;
  payment_issue_invoice: string | null;
  created_at: Date;
}

export type SubscriptionWithPlanName = SubscriptionRow & { plan_name: string };

/** The subscription with its plan's name in the language of parameter $1. */
const WITH_PLAN_NAME = `SELECT s.*, p.name AS plan_name FROM subscriptions s JOIN ${plansIn("$1::text")} p ON p.id = s.plan_id`;

/**
 * The subscription a company's members see: the live one if any, else the newest that has not ended (e.g.
 * `incomplete` while Stripe waits for a 3-D Secure confirmation). Ended ones are history, so the answer is then null.
 */
export async function currentSubscription(db: Db, companyId: string, locale: Locale): Promise<SubscriptionWithPlanName | null> {
  const { rows } = await db.query<SubscriptionWithPlanName>(
    `${WITH_PLAN_NAME}
      WHERE s.company_id = $2 AND s.status <> ALL ($3::text[])
      ORDER BY (s.status = ANY ($4::text[])) DESC, s.created_at DESC
      LIMIT 1`,
    [locale, companyId, ENDED_STATUSES, LIVE_STATUSES],
  );
  return rows[0] ?? null;
}

/** The public shape of one subscription row (after cancel/resume), with its plan's name in `locale`. */
export async function publicSubscriptionById(db: Db, id: string, locale: Locale, graceDays?: number): Promise<Subscription | null> {
  const { rows } = await db.query<SubscriptionWithPlanName>(`${WITH_PLAN_NAME} WHERE s.id = $2`, [locale, id]);
  return rows[0] ? publicSubscription(rows[0], graceDays) : null;
}

/** `graceDays`: PAST_DUE_GRACE_DAYS (config.billing.pastDueGraceDays); its default when absent. */
export function publicSubscription(row: SubscriptionWithPlanName, graceDays?: number): Subscription {
  return {
    plan_name: row.plan_name,
    status: row.status,
    current_period_end: new Date(row.current_period_end).toISOString(),
    cancel_at_period_end: row.cancel_at_period_end,
    billing_period: row.billing_period,
    ...subscriptionAccess(row, graceDays),
  };
}

/** The company's live subscription (see LIVE_STATUSES), or null. */
export async function liveSubscription(db: Db, companyId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    "SELECT * FROM subscriptions WHERE company_id = $1 AND status = ANY ($2::text[]) ORDER BY created_at DESC LIMIT 1",
    [companyId, LIVE_STATUSES],
  );
  return rows[0] ?? null;
}

/**
 * Every subscription of the company that has not ended, live or not (an `incomplete` one may still be paid), newest
 * first: what must be cancelled with its provider before the company goes.
 */
export async function unendedSubscriptions(db: Db, companyId: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    "SELECT * FROM subscriptions WHERE company_id = $1 AND status <> ALL ($2::text[]) ORDER BY created_at DESC",
    [companyId, ENDED_STATUSES],
  );
  return rows;
}

/** The company's newest subscription, ended or not. */
export async function newestSubscription(db: Db, companyId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE company_id = $1 ORDER BY created_at DESC LIMIT 1", [companyId]);
  return rows[0] ?? null;
}

export async function subscriptionById(db: Db, id: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE id = $1", [id]);
  return rows[0] ?? null;
}

export async function subscriptionByExternalId(db: Db, provider: ProviderName, externalId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE provider = $1 AND external_id = $2", [provider, externalId]);
  return rows[0] ?? null;
}

/** The row, locked until the transaction ends, by our id or by the provider's id. */
export async function lockSubscription(
  tx: Db,
  key: { id: string } | { provider: ProviderName; externalId: string },
): Promise<SubscriptionRow | null> {
  const { rows } =
    "id" in key
      ? await tx.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE id = $1 FOR UPDATE", [key.id])
      : await tx.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE provider = $1 AND external_id = $2 FOR UPDATE", [key.provider, key.externalId]);
  return rows[0] ?? null;
}

/**
 * The version of a Stripe subscription's row: PostgreSQL's xmin, which every write of the row changes. Null while
 * the row does not exist. Read before asking Stripe and again under the lock, it tells whether another write came
 * in between, so a state fetched before that write is not written over a newer one.
 */
export async function stripeSubscriptionVersion(db: Db, externalId: string): Promise<string | null> {
  const { rows } = await db.query<{ version: string }>("SELECT xmin::text AS version FROM subscriptions WHERE provider = 'stripe' AND external_id = $1", [
    externalId,
  ]);
  return rows[0]?.version ?? null;
}

/**
 * Serialises everything done to one Stripe subscription across requests and processes until the transaction ends,
 * so a fetch-then-write by one handler cannot interleave with another's (the later fetch is written last).
 */
export async function lockStripeSubscription(tx: Db, stripeSubscriptionId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`stripe-subscription:${stripeSubscriptionId}`]);
}

/** What fulfilment writes: the state of a subscription as its provider reports it. */
export interface SubscriptionWrite {
  planId: string;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** Sets started_at to now (first activation). */
  startsNow: boolean;
  /** Sets ended_at. */
  endedAt: Date | null;
  /** Moves the anchor renewals count from (a switch of billing period starts a new cycle); kept when absent. */
  billingAnchor?: Date;
  /** Sets refunded_at. */
  refundedAt?: Date | null;
  /** The payment that needs the customer, written as given (absent or null: none). */
  paymentIssue?: PaymentIssue | null;
  paymentIssueSince?: Date | null;
  paymentIssueInvoice?: string | null;
}

export async function updateSubscription(tx: Db, id: string, state: SubscriptionWrite): Promise<SubscriptionRow> {
  const { rows } = await tx.query<SubscriptionRow>(
    `UPDATE subscriptions
        SET plan_id = $2, billing_period = $3, status = $4, current_period_start = $5, current_period_end = $6,
            cancel_at_period_end = $7,
            started_at = CASE WHEN $8::boolean THEN now() ELSE started_at END,
            ended_at = CASE WHEN $9::timestamptz IS NOT NULL THEN $9::timestamptz ELSE ended_at END,
            billing_anchor = coalesce($10::timestamptz, billing_anchor),
            refunded_at = coalesce($11::timestamptz, refunded_at),
            payment_issue = $12, payment_issue_since = $13, payment_issue_invoice = $14,
            updated_at = now()
      WHERE id = $1 RETURNING *`,
    [
      id,
      state.planId,
      state.billingPeriod,
      state.status,
      state.currentPeriodStart,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd,
      state.startsNow,
      state.endedAt,
      state.billingAnchor ?? null,
      state.refundedAt ?? null,
      state.paymentIssue ?? null,
      state.paymentIssueSince ?? null,
      state.paymentIssueInvoice ?? null,
    ],
  );
  return rows[0]!;
}

export async function insertSubscription(
  tx: Db,
  state: SubscriptionWrite & { companyId: string; userId: string | null; provider: ProviderName; externalId: string | null; billingAnchor: Date },
): Promise<SubscriptionRow> {
  const { rows } = await tx.query<SubscriptionRow>(
    `INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, external_id, status, current_period_start,
                                current_period_end, cancel_at_period_end, billing_anchor, started_at, ended_at, refunded_at,
                                payment_issue, payment_issue_since, payment_issue_invoice, company_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11::boolean THEN now() END, $12, $13, $14, $15, $16, $17)
     RETURNING *`,
    [
      state.userId,
      state.planId,
      state.billingPeriod,
      state.provider,
      state.externalId,
      state.status,
      state.currentPeriodStart,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd,
      state.billingAnchor,
      state.startsNow,
      state.endedAt,
      state.refundedAt ?? null,
      state.paymentIssue ?? null,
      state.paymentIssueSince ?? null,
      state.paymentIssueInvoice ?? null,
      state.companyId,
    ],
  );
  return rows[0]!;
}

/** The invoice a payment issue is about, once it is written (after the state change that opened the issue). */
export async function setPaymentIssueInvoice(tx: Db, id: string, invoice: string): Promise<void> {
  await tx.query("UPDATE subscriptions SET payment_issue_invoice = $2 WHERE id = $1 AND payment_issue IS NOT NULL", [id, invoice]);
}

/**
 * Serialises every change that could make a subscription of this company live, across requests and processes, until
 * the transaction ends: the check for another live subscription and the write it guards happen as one.
 */
export async function lockCompanySubscriptions(tx: Db, companyId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`company-subscriptions:${companyId}`]);
}

/**
 * Ids of live local subscriptions whose period is over at `now` (the renewal job's work), oldest first. One that
 * owes a payment is not renewed: it is paid, or ended when its grace period is over (payment-issues-repository.ts).
 */
export async function dueLocalSubscriptions(db: Db, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM subscriptions
      WHERE provider = 'local' AND status = ANY ($3::text[]) AND current_period_end <= $1 AND payment_issue IS NULL
      ORDER BY current_period_end LIMIT $2`,
    [now, limit, LIVE_STATUSES],
  );
  return rows.map((r) => r.id);
}

/** A due local subscription, locked; null when it is no longer due or another process holds it. */
export async function claimDueSubscription(tx: Db, id: string, now: Date): Promise<SubscriptionRow | null> {
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT * FROM subscriptions
      WHERE id = $1 AND status = ANY ($3::text[]) AND current_period_end <= $2 AND payment_issue IS NULL
      FOR UPDATE SKIP LOCKED`,
    [id, now, LIVE_STATUSES],
  );
  return rows[0] ?? null;
}

export type ExportedSubscription = Pick<
  SubscriptionRow,
  "plan_id" | "billing_period" | "provider" | "status" | "current_period_start" | "current_period_end" | "cancel_at_period_end" | "started_at" | "ended_at" | "created_at"
> & { plan_name: string };

/** Every subscription of a company, ended ones too, oldest first, with the plan's name in `locale` (a data export). */
export async function subscriptionsForExport(db: Db, companyId: string, locale: Locale): Promise<ExportedSubscription[]> {
  const { rows } = await db.query<ExportedSubscription>(
    `SELECT s.plan_id, p.name AS plan_name, s.billing_period, s.provider, s.status, s.current_period_start,
            s.current_period_end, s.cancel_at_period_end, s.started_at, s.ended_at, s.created_at
       FROM subscriptions s JOIN ${plansIn("$2::text")} p ON p.id = s.plan_id
      WHERE s.company_id = $1 ORDER BY s.created_at`,
    [companyId, locale],
  );
  return rows;
}
