import type { BillingPeriod, Locale } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";
import type { CheckoutInput } from "./provider";
import type { ProviderName } from "./subscriptions-repository";

/**
 * The checkout_sessions table: checkouts started by a company's members (user_id), for the company (company_id). For
 * the local provider the id is the unguessable
 * capability in the test page's URL; for Stripe it records which cs_… belongs to whom.
 */

export interface CheckoutSessionRow {
  id: string;
  provider: ProviderName;
  external_id: string | null;
  /** The member who started it. */
  user_id: string;
  company_id: string;
  plan_id: string;
  billing_period: BillingPeriod;
  locale: Locale;
  success_url: string;
  cancel_url: string;
  status: "open" | "paid" | "canceled";
  expires_at: Date;
  completed_at: Date | null;
  /** The subscription the payment made (set when it was paid). */
  subscription_id: string | null;
  /** The customer asked for the service to start during the withdrawal period. */
  immediate_start?: boolean;
}

/** What a provider adds to the user's choices when it opens a checkout: our id for it and the provider's. */
export interface StartedCheckout {
  id: string;
  provider: ProviderName;
  externalId: string;
  /** The success address with the provider's checkout id filled in (or its placeholder for it). */
  successUrl: string;
  expiresAt: Date;
}

/** Records a checkout a provider has just opened for the user's choices in `input`. */
export async function createCheckoutSession(db: Db, input: CheckoutInput, started: StartedCheckout): Promise<void> {
  await db.query(
    `INSERT INTO checkout_sessions (id, provider, external_id, user_id, plan_id, billing_period, locale, success_url, cancel_url, expires_at, immediate_start, company_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      started.id,
      started.provider,
      started.externalId,
      input.user.id,
      input.plan.id,
      input.billingPeriod,
      input.locale,
      started.successUrl,
      input.cancelUrl,
      started.expiresAt,
      input.immediateStart === true,
      input.company.id,
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

export async function markCheckoutPaid(db: Db, id: string, subscriptionId: string | null): Promise<void> {
  await db.query("UPDATE checkout_sessions SET status = 'paid', completed_at = now(), subscription_id = $2 WHERE id = $1", [id, subscriptionId]);
}

/** A Stripe checkout was paid; the first report of it sets the time, and the subscription once it is known. */
export async function markStripeCheckoutPaid(db: Db, stripeSessionId: string, subscriptionId: string | null): Promise<void> {
  await db.query(
    `UPDATE checkout_sessions
        SET status = 'paid', completed_at = coalesce(completed_at, now()), subscription_id = coalesce($2, subscription_id)
      WHERE provider = 'stripe' AND external_id = $1`,
    [stripeSessionId, subscriptionId],
  );
}

/** The user's checkout with this id at the provider (what the success page's address carries), or null. */
export async function findUserCheckout(db: Db, userId: string, externalId: string): Promise<CheckoutSessionRow | null> {
  const { rows } = await db.query<CheckoutSessionRow>("SELECT * FROM checkout_sessions WHERE user_id = $1 AND external_id = $2", [userId, externalId]);
  return rows[0] ?? null;
}

/** The user's checkouts that could still be paid: open and not expired. */
export async function openCheckouts(db: Db, userId: string): Promise<CheckoutSessionRow[]> {
  const { rows } = await db.query<CheckoutSessionRow>(
    "SELECT * FROM checkout_sessions WHERE user_id = $1 AND status = 'open' AND expires_at > now() ORDER BY created_at",
    [userId],
  );
  return rows;
}

/** Closes an open checkout; null when it was not open (any more). */
export async function closeCheckout(db: Db, id: string, provider: ProviderName = "local"): Promise<CheckoutSessionRow | null> {
  const { rows } = await db.query<CheckoutSessionRow>(
    `UPDATE checkout_sessions SET status = 'canceled', completed_at = now()
      WHERE id = $1 AND provider = $2 AND status = 'open' RETURNING *`,
    [id, provider],
  );
  return rows[0] ?? null;
}

/** Checkouts are of no use a month after they expired. */
export function deleteOldCheckouts(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM checkout_sessions WHERE expires_at < now() - interval '30 days'");
}

export type ExportedCheckout = Pick<CheckoutSessionRow, "provider" | "plan_id" | "billing_period" | "status"> & { created_at: Date; completed_at: Date | null };

/** The checkouts a member started, oldest first, without their ids: a local one is the capability that opens its payment page. */
export async function checkoutsForExport(db: Db, userId: string): Promise<ExportedCheckout[]> {
  const { rows } = await db.query<ExportedCheckout>(
    "SELECT provider, plan_id, billing_period, status, created_at, completed_at FROM checkout_sessions WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
  return rows;
}
