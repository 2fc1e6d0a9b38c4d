import { ENDED_STATUSES, LIVE_STATUSES, type BillingPeriod, type Locale, type Plan, type Subscription, type SubscriptionStatus } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";
import type { SubscriptionMailKind } from "../mail/subscription-templates";

/**
 * Payments: plans (with their texts per language), subscriptions, checkouts, payment customers, webhook events and
 * the subscription mails owed. Every query about them lives here; the providers, the fulfilment and the routes
 * call these functions with the database or a transaction.
 */

export type ProviderName = "local" | "stripe";

export interface PlanRow {
  id: string;
  /** In the language asked for, else the plan's own (English) text. */
  name: string;
  description: string;
  features: string[] | Record<string, string | boolean>;
  price_monthly_cents: number;
  price_yearly_cents: number;
  currency: string;
  stripe_price_monthly: string | null;
  stripe_price_yearly: string | null;
  active: boolean;
}

export interface SubscriptionRow {
  id: string;
  user_id: string;
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
  created_at: Date;
}

export interface CheckoutSessionRow {
  id: string;
  provider: ProviderName;
  external_id: string | null;
  user_id: string;
  plan_id: string;
  billing_period: BillingPeriod;
  locale: Locale;
  success_url: string;
  cancel_url: string;
  status: "open" | "paid" | "canceled";
  expires_at: Date;
}

// ---------- Plans ----------

/**
 * A plan's columns with its texts in `locale` (plan_translations), falling back to the plan's own texts, which are
 * English. Without a locale (payment bookkeeping), the plan's own texts.
 */
const PLAN_COLUMNS = `p.id, p.price_monthly_cents, p.price_yearly_cents, p.currency, p.stripe_price_monthly, p.stripe_price_yearly, p.active,
  coalesce(t.name, p.name) AS name, coalesce(t.description, p.description) AS description, coalesce(t.features, p.features) AS features`;
const PLAN_FROM = "plans p LEFT JOIN plan_translations t ON t.plan_id = p.id AND t.locale = $1";

export const centsToAmount = (cents: number) => Math.round(cents) / 100;

export function publicPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_monthly: centsToAmount(row.price_monthly_cents),
    price_yearly: centsToAmount(row.price_yearly_cents),
    currency: row.currency,
    features: row.features,
  };
}

export function priceCents(plan: Pick<PlanRow, "price_monthly_cents" | "price_yearly_cents">, period: BillingPeriod): number {
  return period === "yearly" ? plan.price_yearly_cents : plan.price_monthly_cents;
}

/** The plans on sale, in display order. */
export async function listPlans(db: Db, locale: Locale | null = null): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM ${PLAN_FROM} WHERE p.active ORDER BY p.sort_order, p.id`, [locale]);
  return rows;
}

export async function findPlan(db: Db, id: string, { activeOnly = true, locale = null }: { activeOnly?: boolean; locale?: Locale | null } = {}): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM ${PLAN_FROM} WHERE p.id = $2 ${activeOnly ? "AND p.active" : ""}`,
    [locale, id],
  );
  return rows[0] ?? null;
}

// ---------- Subscriptions ----------

type SubscriptionWithPlanName = SubscriptionRow & { plan_name: string };

/** The subscription with its plan's name in `locale`. */
const WITH_PLAN_NAME = `SELECT s.*, coalesce(t.name, p.name) AS plan_name
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id LEFT JOIN plan_translations t ON t.plan_id = p.id AND t.locale = $1`;

/**
 * The subscription a user sees: the live one if any, else the newest that has not ended (e.g. `incomplete` while
 * Stripe waits for a 3-D Secure confirmation). Ended ones are history, so the answer is then null.
 */
export async function currentSubscription(db: Db, userId: string, locale: Locale): Promise<SubscriptionWithPlanName | null> {
  const { rows } = await db.query<SubscriptionWithPlanName>(
    `${WITH_PLAN_NAME}
      WHERE s.user_id = $2 AND s.status <> ALL ($3::text[])
      ORDER BY (s.status = ANY ($4::text[])) DESC, s.created_at DESC
      LIMIT 1`,
    [locale, userId, ENDED_STATUSES, LIVE_STATUSES],
  );
  return rows[0] ?? null;
}

/** The public shape of one subscription row (after cancel/resume), with its plan's name in `locale`. */
export async function publicSubscriptionById(db: Db, id: string, locale: Locale): Promise<Subscription | null> {
  const { rows } = await db.query<SubscriptionWithPlanName>(`${WITH_PLAN_NAME} WHERE s.id = $2`, [locale, id]);
  return rows[0] ? publicSubscription(rows[0]) : null;
}

export function publicSubscription(row: SubscriptionWithPlanName): Subscription {
  return {
    plan_name: row.plan_name,
    status: row.status,
    current_period_end: new Date(row.current_period_end).toISOString(),
    cancel_at_period_end: row.cancel_at_period_end,
    billing_period: row.billing_period,
  };
}

/** The user's live subscription (see LIVE_STATUSES), or null. */
export async function liveSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    "SELECT * FROM subscriptions WHERE user_id = $1 AND status = ANY ($2::text[]) ORDER BY created_at DESC LIMIT 1",
    [userId, LIVE_STATUSES],
  );
  return rows[0] ?? null;
}

/**
 * Every subscription of the user that has not ended, live or not (an `incomplete` one may still be paid), newest
 * first: what must be cancelled with its provider before the account goes.
 */
export async function unendedSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    "SELECT * FROM subscriptions WHERE user_id = $1 AND status <> ALL ($2::text[]) ORDER BY created_at DESC",
    [userId, ENDED_STATUSES],
  );
  return rows;
}

export async function subscriptionById(db: Db, id: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE id = $1", [id]);
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
}

export async function updateSubscription(tx: Db, id: string, state: SubscriptionWrite): Promise<SubscriptionRow> {
  const { rows } = await tx.query<SubscriptionRow>(
    `UPDATE subscriptions
        SET plan_id = $2, billing_period = $3, status = $4, current_period_start = $5, current_period_end = $6,
            cancel_at_period_end = $7,
            started_at = CASE WHEN $8::boolean THEN now() ELSE started_at END,
            ended_at = CASE WHEN $9::timestamptz IS NOT NULL THEN $9::timestamptz ELSE ended_at END,
            updated_at = now()
      WHERE id = $1 RETURNING *`,
    [id, state.planId, state.billingPeriod, state.status, state.currentPeriodStart, state.currentPeriodEnd, state.cancelAtPeriodEnd, state.startsNow, state.endedAt],
  );
  return rows[0]!;
}

export async function insertSubscription(
  tx: Db,
  state: SubscriptionWrite & { userId: string; provider: ProviderName; externalId: string | null; billingAnchor: Date },
): Promise<SubscriptionRow> {
  const { rows } = await tx.query<SubscriptionRow>(
    `INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, external_id, status, current_period_start,
                                current_period_end, cancel_at_period_end, billing_anchor, started_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11::boolean THEN now() END, $12)
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
    ],
  );
  return rows[0]!;
}

/** Ids of local subscriptions whose period is over at `now` (the renewal job's work), oldest first. */
export async function dueLocalSubscriptions(db: Db, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM subscriptions
      WHERE provider = 'local' AND status IN ('active', 'trialing', 'past_due') AND current_period_end <= $1
      ORDER BY current_period_end LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** A due local subscription, locked; null when it is no longer due or another process holds it. */
export async function claimDueSubscription(tx: Db, id: string, now: Date): Promise<SubscriptionRow | null> {
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT * FROM subscriptions
      WHERE id = $1 AND status IN ('active', 'trialing', 'past_due') AND current_period_end <= $2
      FOR UPDATE SKIP LOCKED`,
    [id, now],
  );
  return rows[0] ?? null;
}

/**
 * Serialises everything done to one Stripe subscription across requests and processes until the transaction ends,
 * so a fetch-then-write by one handler cannot interleave with another's (the later fetch is written last).
 */
export async function lockStripeSubscription(tx: Db, stripeSubscriptionId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`stripe-subscription:${stripeSubscriptionId}`]);
}

// ---------- Checkouts ----------

export async function createCheckoutSession(db: Db, session: Omit<CheckoutSessionRow, "status">): Promise<void> {
  await db.query(
    `INSERT INTO checkout_sessions (id, provider, external_id, user_id, plan_id, billing_period, locale, success_url, cancel_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      session.id,
      session.provider,
      session.external_id,
      session.user_id,
      session.plan_id,
      session.billing_period,
      session.locale,
      session.success_url,
      session.cancel_url,
      session.expires_at,
    ],
  );
}

/** A local checkout session; with `lock`, locked until the transaction ends. */
export async function findLocalCheckout(db: Db, id: string, { lock = false } = {}): Promise<CheckoutSessionRow | null> {
  const { rows } = await db.query<CheckoutSessionRow>(
    `SELECT * FROM checkout_sessions WHERE id = $1 AND provider = 'local' ${lock ? "FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markCheckoutPaid(db: Db, id: string): Promise<void> {
  await db.query("UPDATE checkout_sessions SET status = 'paid', completed_at = now() WHERE id = $1", [id]);
}

export async function markStripeCheckoutPaid(db: Db, stripeSessionId: string): Promise<void> {
  await db.query("UPDATE checkout_sessions SET status = 'paid', completed_at = now() WHERE provider = 'stripe' AND external_id = $1", [stripeSessionId]);
}

/** Closes an open local checkout; null when it was not open (any more). */
export async function cancelLocalCheckout(db: Db, id: string): Promise<CheckoutSessionRow | null> {
  const { rows } = await db.query<CheckoutSessionRow>(
    `UPDATE checkout_sessions SET status = 'canceled', completed_at = now()
      WHERE id = $1 AND provider = 'local' AND status = 'open' RETURNING *`,
    [id],
  );
  return rows[0] ?? null;
}

// ---------- Payment customers and webhook events ----------

export async function findCustomer(db: Db, userId: string, provider: ProviderName): Promise<string | null> {
  const { rows } = await db.query<{ customer_id: string }>("SELECT customer_id FROM payment_customers WHERE user_id = $1 AND provider = $2", [userId, provider]);
  return rows[0]?.customer_id ?? null;
}

/** Records the user's customer at the provider, unless one is recorded already (the first one stays). */
export async function saveCustomer(db: Db, userId: string, provider: ProviderName, customerId: string): Promise<void> {
  await db.query("INSERT INTO payment_customers (user_id, provider, customer_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [userId, provider, customerId]);
}

export async function findCustomerUser(db: Db, provider: ProviderName, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>("SELECT user_id FROM payment_customers WHERE provider = $1 AND customer_id = $2", [provider, customerId]);
  return rows[0]?.user_id ?? null;
}

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

/** Webhook event ids are only needed while Stripe may still redeliver (3 days); old checkouts likewise. */
export async function deleteOldPaymentRecords(db: Db): Promise<{ events: number; checkouts: number }> {
  return {
    events: await countDeleted(db, "DELETE FROM payment_events WHERE received_at < now() - interval '30 days'"),
    checkouts: await countDeleted(db, "DELETE FROM checkout_sessions WHERE expires_at < now() - interval '30 days'"),
  };
}

// ---------- A user's payment records (their data export) ----------

export interface UserPaymentRecords {
  subscriptions: (Pick<
    SubscriptionRow,
    "plan_id" | "billing_period" | "provider" | "status" | "current_period_start" | "current_period_end" | "cancel_at_period_end" | "started_at" | "ended_at" | "created_at"
  > & { plan_name: string })[];
  customers: { provider: ProviderName; customer_id: string; created_at: Date }[];
  checkouts: (Pick<CheckoutSessionRow, "provider" | "plan_id" | "billing_period" | "status"> & { created_at: Date; completed_at: Date | null })[];
}

/**
 * Every subscription (ended ones too), payment customer and checkout of a user, oldest first. Checkout ids are left
 * out: a local one is the capability that opens its payment page.
 */
export async function userPaymentRecords(db: Db, userId: string, locale: Locale): Promise<UserPaymentRecords> {
  const subscriptions = await db.query<UserPaymentRecords["subscriptions"][number]>(
    `SELECT s.plan_id, coalesce(t.name, p.name) AS plan_name, s.billing_period, s.provider, s.status, s.current_period_start,
            s.current_period_end, s.cancel_at_period_end, s.started_at, s.ended_at, s.created_at
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id LEFT JOIN plan_translations t ON t.plan_id = p.id AND t.locale = $2
      WHERE s.user_id = $1 ORDER BY s.created_at`,
    [userId, locale],
  );
  const customers = await db.query<UserPaymentRecords["customers"][number]>(
    "SELECT provider, customer_id, created_at FROM payment_customers WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
  const checkouts = await db.query<UserPaymentRecords["checkouts"][number]>(
    "SELECT provider, plan_id, billing_period, status, created_at, completed_at FROM checkout_sessions WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
  return { subscriptions: subscriptions.rows, customers: customers.rows, checkouts: checkouts.rows };
}

// ---------- Subscription mails (a transactional outbox) ----------

export async function queueSubscriptionMail(tx: Db, subscriptionId: string, kind: SubscriptionMailKind): Promise<number> {
  const { rows } = await tx.query<{ id: number }>("INSERT INTO subscription_mails (subscription_id, kind) VALUES ($1, $2) RETURNING id", [subscriptionId, kind]);
  return rows[0]!.id;
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
     SELECT c.id, c.kind, u.email, u.name, u.locale, coalesce(t.name, p.name) AS plan_name, p.currency,
            CASE WHEN s.billing_period = 'yearly' THEN p.price_yearly_cents ELSE p.price_monthly_cents END AS price_cents,
            s.billing_period, s.current_period_end, s.ended_at
       FROM claimed c
       JOIN subscriptions s ON s.id = c.subscription_id
       JOIN users u ON u.id = s.user_id
       JOIN plans p ON p.id = s.plan_id
       LEFT JOIN plan_translations t ON t.plan_id = p.id AND t.locale = u.locale
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
