import { rolesThatCan, type BillingPeriod, type Locale } from "@agency/contract";
import { countDeleted, type Db } from "../../db/db";

/**
 * The local test provider's billing tables: the billing details its checkout collects (local_billing_details), the
 * invoices it writes (local_invoices) and its billing-portal sessions (local_portal_sessions). Details and invoices
 * are the company's; the VAT number is the company's own (companies.vat_id, which the details keep in step).
 */

export interface BillingDetails {
  /** ISO 3166-1 alpha-2, e.g. NL. */
  country: string;
  vatNumber: string | null;
}

export async function saveBillingDetails(db: Db, companyId: string, details: BillingDetails): Promise<void> {
  await db.query(
    `INSERT INTO local_billing_details (company_id, country, vat_number) VALUES ($1, $2, $3)
     ON CONFLICT (company_id) DO UPDATE SET country = excluded.country, vat_number = excluded.vat_number, updated_at = now()`,
    [companyId, details.country, details.vatNumber],
  );
}

export async function findBillingDetails(db: Db, companyId: string): Promise<BillingDetails | null> {
  const { rows } = await db.query<{ country: string; vat_number: string | null }>(
    "SELECT d.country, c.vat_id AS vat_number FROM local_billing_details d JOIN companies c ON c.id = d.company_id WHERE d.company_id = $1",
    [companyId],
  );
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
  company_id: string;
  /** The member who bought the subscription; null once that account is gone. */
  user_id: string | null;
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
                                 country, vat_number, status, created_at, company_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
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
      invoice.company_id,
    ],
  );
  return rows[0]!;
}

/** The company's invoices, newest first. */
export async function listLocalInvoices(db: Db, companyId: string): Promise<LocalInvoiceRow[]> {
  const { rows } = await db.query<LocalInvoiceRow>("SELECT * FROM local_invoices WHERE company_id = $1 ORDER BY created_at DESC, number DESC", [companyId]);
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
  /** The member who opened it. */
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

/**
 * A portal session that is unexpired, whose login session has not ended and whose member may still manage the
 * company's billing (a member removed or given another role meanwhile has lost it), with that company; or null.
 */
export async function findLocalPortalSession(db: Db, id: string, now: Date = new Date()): Promise<(LocalPortalSessionRow & { company_id: string }) | null> {
  const { rows } = await db.query<LocalPortalSessionRow & { company_id: string }>(
    `SELECT p.*, m.company_id FROM local_portal_sessions p
       JOIN sessions s ON s.id = p.session_id
       JOIN company_members m ON m.user_id = p.user_id AND m.role = ANY ($3::text[])
      WHERE p.id = $1 AND p.expires_at > $2 AND s.expires_at > $2`,
    [id, now, rolesThatCan("billing.manage")],
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
