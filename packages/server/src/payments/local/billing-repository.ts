import type { BillingPeriod, Locale } from "@agency/contract";
import { countDeleted, type Db } from "../../db/db";

/**
 * The local test provider's billing tables: the billing details its checkout collects (local_billing_details), the
 * invoices it writes (local_invoices) and its billing-portal sessions (local_portal_sessions).
 */

export interface BillingDetails {
  /** ISO 3166-1 alpha-2, e.g. NL. */
  country: string;
  vatNumber: string | null;
}

export async function saveBillingDetails(db: Db, userId: string, details: BillingDetails): Promise<void> {
  await db.query(
    `INSERT INTO local_billing_details (user_id, country, vat_number) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET country = excluded.country, vat_number = excluded.vat_number, updated_at = now()`,
    [userId, details.country, details.vatNumber],
  );
}

export async function findBillingDetails(db: Db, userId: string): Promise<BillingDetails | null> {
  const { rows } = await db.query<{ country: string; vat_number: string | null }>("SELECT country, vat_number FROM local_billing_details WHERE user_id = $1", [
    userId,
  ]);
  return rows[0] ? { country: rows[0].country, vatNumber: rows[0].vat_number } : null;
}

/** One line of an invoice, without VAT; `unused_time` credits the rest of a period left early (negative). */
export interface InvoiceLine {
  kind: "period" | "unused_time";
  billingPeriod: BillingPeriod;
  /** ISO dates of the part of the period the line is about. */
  from: string;
  to: string;
  amountCents: number;
}

export interface LocalInvoiceRow {
  id: string;
  number: number;
  user_id: string;
  subscription_id: string;
  currency: string;
  lines: InvoiceLine[];
  subtotal_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  total_cents: number;
  country: string | null;
  vat_number: string | null;
  status: "paid" | "refunded" | "open";
  created_at: Date;
}

export type NewLocalInvoice = Omit<LocalInvoiceRow, "number" | "created_at">;

export async function insertLocalInvoice(tx: Db, invoice: NewLocalInvoice, createdAt: Date): Promise<LocalInvoiceRow> {
  const { rows } = await tx.query<LocalInvoiceRow>(
    `INSERT INTO local_invoices (id, user_id, subscription_id, currency, lines, subtotal_cents, tax_rate_bp, tax_cents, total_cents,
                                 country, vat_number, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      invoice.id,
      invoice.user_id,
      invoice.subscription_id,
      invoice.currency,
      JSON.stringify(invoice.lines),
      invoice.subtotal_cents,
      invoice.tax_rate_bp,
      invoice.tax_cents,
      invoice.total_cents,
      invoice.country,
      invoice.vat_number,
      invoice.status,
      createdAt,
    ],
  );
  return rows[0]!;
}

/** The user's invoices, newest first. */
export async function listLocalInvoices(db: Db, userId: string): Promise<LocalInvoiceRow[]> {
  const { rows } = await db.query<LocalInvoiceRow>("SELECT * FROM local_invoices WHERE user_id = $1 ORDER BY created_at DESC, number DESC", [userId]);
  return rows;
}

export async function findLocalInvoice(db: Db, id: string): Promise<LocalInvoiceRow | null> {
  const { rows } = await db.query<LocalInvoiceRow>("SELECT * FROM local_invoices WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/** An open invoice (a renewal that failed) is paid. */
export async function markLocalInvoicePaid(tx: Db, id: string): Promise<void> {
  await tx.query("UPDATE local_invoices SET status = 'paid' WHERE id = $1 AND status = 'open'", [id]);
}

export interface LocalPortalSessionRow {
  id: string;
  user_id: string;
  locale: Locale;
  return_url: string;
  expires_at: Date;
  /** The login session that opened it; the link ends with that session (deleted with it). */
  session_id: string;
}

export async function createLocalPortalSession(db: Db, session: LocalPortalSessionRow): Promise<void> {
  await db.query(
    "INSERT INTO local_portal_sessions (id, user_id, locale, return_url, expires_at, session_id) VALUES ($1, $2, $3, $4, $5, $6)",
    [session.id, session.user_id, session.locale, session.return_url, session.expires_at, session.session_id],
  );
}

/** A portal session that is unexpired and whose login session has not ended, or null. */
export async function findLocalPortalSession(db: Db, id: string, now: Date = new Date()): Promise<LocalPortalSessionRow | null> {
  const { rows } = await db.query<LocalPortalSessionRow>(
    `SELECT p.* FROM local_portal_sessions p JOIN sessions s ON s.id = p.session_id
      WHERE p.id = $1 AND p.expires_at > $2 AND s.expires_at > $2`,
    [id, now],
  );
  return rows[0] ?? null;
}

/**
 * Why a portal link no longer opens: "expired" when its hour has passed while the login session that opened it
 * still works, "ended" when that session has ended (or the link is unknown: an ended session takes its links along).
 */
export async function portalLinkEnd(db: Db, id: string, now: Date = new Date()): Promise<"expired" | "ended"> {
  const { rows } = await db.query(
    `SELECT 1 FROM local_portal_sessions p JOIN sessions s ON s.id = p.session_id WHERE p.id = $1 AND s.expires_at > $2`,
    [id, now],
  );
  return rows.length > 0 ? "expired" : "ended";
}

/** Portal sessions are of no use once expired. */
export function deleteExpiredPortalSessions(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM local_portal_sessions WHERE expires_at < now()");
}
