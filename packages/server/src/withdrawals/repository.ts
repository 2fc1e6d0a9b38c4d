import type { CancellationReason, Locale, WithdrawalOutcome } from "@agency/contract";
import type { Db } from "../db/db";

/**
 * Statements of withdrawal (the withdrawals table) and the reasons given when cancelling (cancellation_reasons):
 * every query about them lives here. The staff desk and the admin endpoint list them through the same functions.
 */

export type { WithdrawalOutcome };

export interface WithdrawalRow {
  id: string;
  received_at: Date;
  name: string;
  email: string;
  reference: string | null;
  locale: Locale;
  signed_in: boolean;
  user_id: string | null;
  subscription_id: string | null;
  within_period: boolean | null;
  outcome: WithdrawalOutcome;
  used_days: number | null;
  period_days: number | null;
  refund_cents: number | null;
  refund_currency: string | null;
  refund_reference: string | null;
  executed_at: Date | null;
  attempts: number;
  claimed_until: Date | null;
  last_error: string | null;
  undo_expires_at: Date | null;
  undone_at: Date | null;
}

export interface NewWithdrawal {
  name: string;
  email: string;
  reference: string | null;
  locale: Locale;
  signedIn: boolean;
  userId: string | null;
  subscriptionId: string | null;
  withinPeriod: boolean | null;
  outcome: WithdrawalOutcome;
  usedDays?: number | null;
  periodDays?: number | null;
  undoTokenHash?: string | null;
  undoExpiresAt?: Date | null;
}

export async function insertWithdrawal(tx: Db, w: NewWithdrawal): Promise<WithdrawalRow> {
  const { rows } = await tx.query<WithdrawalRow>(
    `INSERT INTO withdrawals (name, email, reference, locale, signed_in, user_id, subscription_id, outcome, used_days, period_days,
                              undo_token_hash, undo_expires_at, within_period)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      w.name,
      w.email,
      w.reference,
      w.locale,
      w.signedIn,
      w.userId,
      w.subscriptionId,
      w.outcome,
      w.usedDays ?? null,
      w.periodDays ?? null,
      w.undoTokenHash ?? null,
      w.undoExpiresAt ?? null,
      w.withinPeriod,
    ],
  );
  return rows[0]!;
}

/** Whether a statement is already carrying out (or has carried out) the withdrawal of this subscription. */
export async function withdrawalUnderway(tx: Db, subscriptionId: string): Promise<boolean> {
  const { rows } = await tx.query("SELECT 1 FROM withdrawals WHERE subscription_id = $1 AND outcome IN ('pending', 'withdrawn')", [subscriptionId]);
  return rows.length > 0;
}

/** Acknowledgements mailed to this account in the last hour: more are not mailed, so the form cannot flood an inbox. */
export async function recentAcknowledgements(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1 AND received_at > now() - interval '1 hour'",
    [userId],
  );
  return rows[0]!.n;
}

/** Whether the checkout that made this subscription carried the customer's request to start at once. */
export async function immediateStartRequested(db: Db, subscriptionId: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM checkout_sessions WHERE subscription_id = $1 AND immediate_start", [subscriptionId]);
  return rows.length > 0;
}

/**
 * Pending statements that are due, claimed for one attempt each (a lease of two minutes keeps other instances and the
 * job away while the provider is called); with `id` only that one.
 */
export async function claimPendingWithdrawals(db: Db, { id, limit = 10 }: { id?: string; limit?: number } = {}): Promise<WithdrawalRow[]> {
  const { rows } = await db.query<WithdrawalRow>(
    `UPDATE withdrawals SET attempts = attempts + 1, claimed_until = now() + interval '2 minutes'
      WHERE id IN (
        SELECT id FROM withdrawals
         WHERE outcome = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
           AND ($1::uuid IS NULL OR id = $1::uuid)
         ORDER BY next_attempt_at LIMIT $2
         FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [id ?? null, limit],
  );
  return rows;
}

/** A pending statement was carried out: the subscription ended and refunded, or cancelled at its period's end. */
export async function markCarriedOut(
  db: Db,
  id: string,
  result: { outcome: "withdrawn" | "cancelled_at_period_end"; refund?: { cents: number; currency: string; reference: string | null } },
): Promise<void> {
  await db.query(
    `UPDATE withdrawals SET outcome = $2, refund_cents = $3, refund_currency = $4, refund_reference = $5,
                            executed_at = now(), claimed_until = NULL, last_error = NULL
      WHERE id = $1 AND outcome = 'pending'`,
    [id, result.outcome, result.refund?.cents ?? null, result.refund?.currency ?? null, result.refund?.reference ?? null],
  );
}

/** A failed attempt: tried again after `retryAt`, the error kept for staff. */
export async function scheduleWithdrawalRetry(db: Db, id: string, retryAt: Date, error: string): Promise<void> {
  await db.query("UPDATE withdrawals SET next_attempt_at = $2, claimed_until = NULL, last_error = $3 WHERE id = $1", [id, retryAt, error.slice(0, 500)]);
}

/** One account's statements, newest first: the latest `limit` for the desk's customer view, every one with null. */
export async function listAccountWithdrawals(db: Db, userId: string, limit: number | null = 50): Promise<WithdrawalRow[]> {
  const { rows } = await db.query<WithdrawalRow>("SELECT * FROM withdrawals WHERE user_id = $1 ORDER BY received_at DESC LIMIT $2", [userId, limit]);
  return rows;
}

/** Every statement, newest first: what staff see. */
export async function listWithdrawals(db: Db, { limit = 500 }: { limit?: number } = {}): Promise<WithdrawalRow[]> {
  const { rows } = await db.query<WithdrawalRow>("SELECT * FROM withdrawals ORDER BY received_at DESC LIMIT $1", [limit]);
  return rows;
}

export interface CancellationReasonRow {
  created_at: Date;
  reason: CancellationReason | null;
  comment: string | null;
  plan_id: string | null;
}

export async function insertCancellationReason(
  db: Db,
  entry: { subscriptionId: string; planId: string; reason: CancellationReason | null; comment: string | null },
): Promise<void> {
  await db.query("INSERT INTO cancellation_reasons (subscription_id, plan_id, reason, comment) VALUES ($1, $2, $3, $4)", [
    entry.subscriptionId,
    entry.planId,
    entry.reason,
    entry.comment,
  ]);
}

/** Why customers cancelled, newest first (for the agency; no names or addresses are kept with them). */
export async function listCancellationReasons(db: Db, { limit = 500 }: { limit?: number } = {}): Promise<CancellationReasonRow[]> {
  const { rows } = await db.query<CancellationReasonRow>(
    "SELECT created_at, reason, comment, plan_id FROM cancellation_reasons ORDER BY created_at DESC, id DESC LIMIT $1",
    [limit],
  );
  return rows;
}

/** The newest paid invoice of a local test subscription: what its withdrawal refunds. */
export async function latestPaidLocalInvoice(db: Db, subscriptionId: string): Promise<{ id: string; total_cents: number; currency: string } | null> {
  const { rows } = await db.query<{ id: string; total_cents: number; currency: string }>(
    `SELECT id, total_cents, currency FROM local_invoices
      WHERE subscription_id = $1 AND status = 'paid' AND total_cents > 0 ORDER BY created_at DESC, number DESC LIMIT 1`,
    [subscriptionId],
  );
  return rows[0] ?? null;
}

/** A local invoice refunded in full shows as refunded, as Stripe shows an invoice whose charge was refunded. */
export async function markLocalInvoiceRefunded(db: Db, invoiceId: string): Promise<void> {
  await db.query("UPDATE local_invoices SET status = 'refunded' WHERE id = $1", [invoiceId]);
}

export type UndoClaim =
  | { state: "claimed"; row: WithdrawalRow; previousOutcome: WithdrawalOutcome }
  | { state: "invalid" }
  | { state: "busy" };

/**
 * Spends an undo link: marks its statement undone (one still pending is then never carried out) and answers what it
 * was before. Single use, so two clicks restore once; not while the statement is being carried out this moment.
 */
export async function claimUndo(db: Db, tokenHash: string): Promise<UndoClaim> {
  const { rows } = await db.query<WithdrawalRow & { previous_outcome: WithdrawalOutcome }>(
    `WITH before AS (SELECT id, outcome FROM withdrawals WHERE undo_token_hash = $1 FOR UPDATE)
     UPDATE withdrawals w SET undone_at = now(), outcome = CASE WHEN w.outcome = 'pending' THEN 'undone' ELSE w.outcome END
       FROM before
      WHERE w.id = before.id AND w.undone_at IS NULL AND w.undo_expires_at > now()
        AND (w.outcome <> 'pending' OR w.claimed_until IS NULL OR w.claimed_until <= now())
      RETURNING w.*, before.outcome AS previous_outcome`,
    [tokenHash],
  );
  if (rows[0]) return { state: "claimed", row: rows[0], previousOutcome: rows[0].previous_outcome };
  const { rows: found } = await db.query<WithdrawalRow>(
    "SELECT * FROM withdrawals WHERE undo_token_hash = $1 AND undone_at IS NULL AND undo_expires_at > now() AND outcome = 'pending'",
    [tokenHash],
  );
  return found[0] ? { state: "busy" } : { state: "invalid" };
}

/** The restore after an undo failed at the provider: the link works again. */
export async function releaseUndo(db: Db, id: string, previousOutcome: WithdrawalOutcome): Promise<void> {
  await db.query("UPDATE withdrawals SET undone_at = NULL, outcome = $2 WHERE id = $1", [id, previousOutcome]);
}
