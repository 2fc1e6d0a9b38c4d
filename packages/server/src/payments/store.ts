import type { Db } from "../db/db";
import type { BillingPeriod, Plan, Subscription, SubscriptionStatus } from "../types";

export type ProviderName = "local" | "stripe";

export interface PlanRow {
  id: string;
  name: string;
  description: string;
  price_monthly_cents: number;
  price_yearly_cents: number;
  currency: string;
  features: string[] | Record<string, string | boolean>;
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

/** States in which the customer has (or is still paying for) a subscription: a second one must not be sold. */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ["active", "trialing", "past_due", "unpaid", "paused"];
/** States that grant access. */
export const ACTIVE_STATUSES: readonly SubscriptionStatus[] = ["active", "trialing"];
/** States after which a subscription never comes back; a new checkout creates a new one. */
export const ENDED_STATUSES: readonly SubscriptionStatus[] = ["canceled", "incomplete_expired"];

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

export function priceCents(plan: PlanRow, period: BillingPeriod): number {
  return period === "yearly" ? plan.price_yearly_cents : plan.price_monthly_cents;
}

export async function listPlans(db: Db): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>("SELECT * FROM plans WHERE active ORDER BY sort_order, id");
  return rows;
}

export async function findPlan(db: Db, id: string, { activeOnly = true } = {}): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>(`SELECT * FROM plans WHERE id = $1 ${activeOnly ? "AND active" : ""}`, [id]);
  return rows[0] ?? null;
}

/**
 * The subscription a user sees: the live one if any, else the newest that has not ended (e.g. `incomplete` while
 * Stripe waits for a 3-D Secure confirmation). Ended ones are history, so the answer is then null.
 */
export async function currentSubscription(db: Db, userId: string): Promise<(SubscriptionRow & { plan_name: string }) | null> {
  const { rows } = await db.query<SubscriptionRow & { plan_name: string }>(
    `SELECT s.*, p.name AS plan_name
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id
      WHERE s.user_id = $1 AND s.status <> ALL ($2::text[])
      ORDER BY (s.status = ANY ($3::text[])) DESC, s.created_at DESC
      LIMIT 1`,
    [userId, ENDED_STATUSES, LIVE_STATUSES],
  );
  return rows[0] ?? null;
}

/** The user's live subscription (see LIVE_STATUSES), or null. */
export async function liveSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    "SELECT * FROM subscriptions WHERE user_id = $1 AND status = ANY ($2::text[]) ORDER BY created_at DESC LIMIT 1",
    [userId, LIVE_STATUSES],
  );
  return rows[0] ?? null;
}

export async function subscriptionById(db: Db, id: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/** The answer's shape; billing_period is optional in the contract only for older clients, this server always sends it. */
export type PublicSubscription = Required<Subscription>;

export function publicSubscription(row: SubscriptionRow & { plan_name: string }): PublicSubscription {
  return {
    plan_name: row.plan_name,
    status: row.status,
    current_period_end: new Date(row.current_period_end).toISOString(),
    cancel_at_period_end: row.cancel_at_period_end,
    billing_period: row.billing_period,
  };
}

/** The public shape of one subscription row (after cancel/resume), with its plan's name. */
export async function publicSubscriptionById(db: Db, id: string): Promise<PublicSubscription | null> {
  const { rows } = await db.query<SubscriptionRow & { plan_name: string }>(
    "SELECT s.*, p.name AS plan_name FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.id = $1",
    [id],
  );
  return rows[0] ? publicSubscription(rows[0]) : null;
}
