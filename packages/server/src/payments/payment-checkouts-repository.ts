import type { Locale } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";
import type { ProviderName } from "./subscriptions-repository";

/**
 * The payment_checkouts table: one-off payments at a provider (an offer's deposit, an invoice, a direct debit mandate
 * for the monthly fee). For the test provider the id is the capability in its page's address; for Stripe it records
 * which Checkout Session (cs_…) pays for what.
 */

export type PaymentPurpose = "offer_deposit" | "invoice" | "mandate";

export interface PaymentCheckoutRow {
  id: string;
  provider: ProviderName;
  external_id: string | null;
  purpose: PaymentPurpose;
  /** The offer's id (deposit, mandate) or the invoice's id. */
  reference: string;
  company_id: string | null;
  email: string;
  /** Including VAT; 0 for a mandate. */
  amount_cents: number;
  currency: string;
  description: string;
  locale: Locale;
  success_url: string;
  cancel_url: string;
  status: "open" | "paid" | "canceled" | "refunded";
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
  payment_ref: string | null;
}

export type NewPaymentCheckout = Omit<PaymentCheckoutRow, "status" | "created_at" | "completed_at" | "payment_ref">;

export async function insertPaymentCheckout(db: Db, row: NewPaymentCheckout): Promise<void> {
  await db.query(
    `INSERT INTO payment_checkouts (id, provider, external_id, purpose, reference, company_id, email, amount_cents, currency, description,
                                    locale, success_url, cancel_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      row.id,
      row.provider,
      row.external_id,
      row.purpose,
      row.reference,
      row.company_id,
      row.email,
      row.amount_cents,
      row.currency,
      row.description,
      row.locale,
      row.success_url,
      row.cancel_url,
      row.expires_at,
    ],
  );
}

/** By our id; with `lock`, locked until the transaction ends. */
export async function findPaymentCheckout(db: Db, id: string, { lock = false } = {}): Promise<PaymentCheckoutRow | null> {
  const { rows } = await db.query<PaymentCheckoutRow>(`SELECT * FROM payment_checkouts WHERE id = $1 ${lock ? "FOR UPDATE" : ""}`, [id]);
  return rows[0] ?? null;
}

/** By the provider's id (Stripe's cs_…); with `lock`, locked until the transaction ends. */
export async function findPaymentCheckoutAt(db: Db, provider: ProviderName, externalId: string, { lock = false } = {}): Promise<PaymentCheckoutRow | null> {
  const { rows } = await db.query<PaymentCheckoutRow>(
    `SELECT * FROM payment_checkouts WHERE provider = $1 AND external_id = $2 ${lock ? "FOR UPDATE" : ""}`,
    [provider, externalId],
  );
  return rows[0] ?? null;
}

/** The checkouts of one thing to pay that could still be paid: open and not expired. */
export async function openPaymentCheckouts(db: Db, purpose: PaymentPurpose, reference: string): Promise<PaymentCheckoutRow[]> {
  const { rows } = await db.query<PaymentCheckoutRow>(
    "SELECT * FROM payment_checkouts WHERE purpose = $1 AND reference = $2 AND status = 'open' AND expires_at > now() ORDER BY created_at",
    [purpose, reference],
  );
  return rows;
}

/** A payment came in: paid (or refunded, when what it paid for was paid already), with the company it now belongs to. */
export async function completePaymentCheckout(
  tx: Db,
  id: string,
  change: { status: "paid" | "refunded"; paymentRef: string; companyId: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE payment_checkouts SET status = $2, payment_ref = $3, company_id = coalesce($4, company_id), completed_at = now() WHERE id = $1`,
    [id, change.status, change.paymentRef, change.companyId],
  );
}

/** Closes an open checkout; null when it was not open (any more). */
export async function closePaymentCheckout(db: Db, id: string): Promise<PaymentCheckoutRow | null> {
  const { rows } = await db.query<PaymentCheckoutRow>(
    "UPDATE payment_checkouts SET status = 'canceled', completed_at = now() WHERE id = $1 AND status = 'open' RETURNING *",
    [id],
  );
  return rows[0] ?? null;
}

/** Checkouts are of no use a month after they expired. */
export function deleteOldPaymentCheckouts(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM payment_checkouts WHERE expires_at < now() - interval '30 days' AND status <> 'paid'");
}
