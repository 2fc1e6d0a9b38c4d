import type { Invoice, Locale, PackageInvoice, PackageInvoiceKind } from "@agency/contract";
import type { Db } from "../db/db";
import type { ProviderName } from "./subscriptions-repository";

/**
 * The invoices table: the invoices of package sales (an offer's deposit and balance, the monthly fee), whichever
 * provider collects them. They are numbered when written (invoices.ts) and never change afterwards, but for being
 * paid and for the one reminder an unpaid balance gets.
 */

export interface InvoiceLineRow {
  description: string;
  netCents: number;
  vatCents: number;
}

/** Whom an invoice is addressed to, as it was when it was issued. */
export interface InvoiceCustomer {
  name: string;
  company: string | null;
  email: string;
  vatNumber: string | null;
  kvkNumber: string | null;
}

export interface InvoiceRow {
  id: string;
  number: string;
  /** Issued by the test provider: nothing was or will be charged. */
  test: boolean;
  kind: PackageInvoiceKind;
  company_id: string | null;
  offer_id: string | null;
  subscription_id: string | null;
  customer: InvoiceCustomer;
  locale: Locale;
  currency: string;
  vat_rate: number;
  lines: InvoiceLineRow[];
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  period_start: Date | null;
  period_end: Date | null;
  issued_at: Date;
  due_at: Date | null;
  status: "open" | "paid";
  paid_at: Date | null;
  provider: ProviderName;
  external_id: string | null;
  reminded_at: Date | null;
}

export type NewInvoice = Omit<InvoiceRow, "reminded_at">;

const COLUMNS = [
  "id",
  "number",
  "test",
  "kind",
  "company_id",
  "offer_id",
  "subscription_id",
  "customer",
  "locale",
  "currency",
  "vat_rate",
  "lines",
  "net_cents",
  "vat_cents",
  "total_cents",
  "period_start",
  "period_end",
  "issued_at",
  "due_at",
  "status",
  "paid_at",
  "provider",
  "external_id",
] as const;

export async function insertInvoice(tx: Db, invoice: NewInvoice): Promise<InvoiceRow> {
  const values = COLUMNS.map((column) => {
    const value = invoice[column];
    return column === "customer" || column === "lines" ? JSON.stringify(value) : value;
  });
  const { rows } = await tx.query<InvoiceRow>(
    `INSERT INTO invoices (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING *`,
    values,
  );
  return rows[0]!;
}

export async function findInvoice(db: Db, id: string, { lock = false } = {}): Promise<InvoiceRow | null> {
  const { rows } = await db.query<InvoiceRow>(`SELECT * FROM invoices WHERE id = $1 ${lock ? "FOR UPDATE" : ""}`, [id]);
  return rows[0] ?? null;
}

export async function findInvoiceAt(db: Db, provider: ProviderName, externalId: string): Promise<InvoiceRow | null> {
  const { rows } = await db.query<InvoiceRow>("SELECT * FROM invoices WHERE provider = $1 AND external_id = $2", [provider, externalId]);
  return rows[0] ?? null;
}

/** A company's invoices, newest first. */
export async function companyInvoices(db: Db, companyId: string): Promise<InvoiceRow[]> {
  const { rows } = await db.query<InvoiceRow>("SELECT * FROM invoices WHERE company_id = $1 ORDER BY issued_at DESC, number DESC", [companyId]);
  return rows;
}

/** An offer's invoices (deposit, balance), oldest first. */
export async function offerInvoices(db: Db, offerId: string): Promise<InvoiceRow[]> {
  const { rows } = await db.query<InvoiceRow>("SELECT * FROM invoices WHERE offer_id = $1 ORDER BY issued_at, number", [offerId]);
  return rows;
}

/** The provider that collects a company's invoices, when it has any. */
export async function invoicingProvider(db: Db, companyId: string): Promise<ProviderName | null> {
  const { rows } = await db.query<{ provider: ProviderName }>(
    "SELECT provider FROM invoices WHERE company_id = $1 ORDER BY issued_at DESC LIMIT 1",
    [companyId],
  );
  return rows[0]?.provider ?? null;
}

/** An open invoice is paid; false when it was not open (paid before). */
export async function markInvoicePaid(tx: Db, id: string, at: Date, externalId: string | null): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE invoices SET status = 'paid', paid_at = $2, external_id = coalesce(external_id, $3)
      WHERE id = $1 AND status = 'open' RETURNING id`,
    [id, at, externalId],
  );
  return rows.length > 0;
}

/**
 * Balance invoices still open after their payment term and not reminded yet, each claimed for this transaction and
 * marked reminded: two instances running the reminders at once remind each invoice once.
 */
export async function claimOverdueBalances(tx: Db, now: Date, limit: number): Promise<InvoiceRow[]> {
  const { rows } = await tx.query<InvoiceRow>(
    `UPDATE invoices SET reminded_at = $1
      WHERE id IN (SELECT id FROM invoices WHERE kind = 'balance' AND status = 'open' AND due_at < $1 AND reminded_at IS NULL
                    ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [now, limit],
  );
  return rows;
}

const pdfUrl = (apiBaseUrl: string, row: Pick<InvoiceRow, "id">) => `${apiBaseUrl}/invoices/${row.id}.pdf`;

export const isOverdue = (row: Pick<InvoiceRow, "status" | "due_at">, now: Date = new Date()) =>
  row.status === "open" && row.due_at !== null && row.due_at < now;

/** As an offer's page and the desk show it. */
export function packageInvoice(row: InvoiceRow, apiBaseUrl: string, now: Date = new Date()): PackageInvoice {
  return {
    number: row.number,
    kind: row.kind,
    issuedAt: row.issued_at.toISOString(),
    dueAt: row.due_at ? row.due_at.toISOString() : null,
    totalCents: row.total_cents,
    status: row.status,
    overdue: isOverdue(row, now),
    pdfUrl: pdfUrl(apiBaseUrl, row),
  };
}

/** As the invoice list of the settings page shows it, beside the provider's own invoices. */
export function listedInvoice(row: InvoiceRow, apiBaseUrl: string): Invoice {
  return {
    id: row.id,
    number: row.number,
    created_at: row.issued_at.toISOString(),
    total: row.total_cents / 100,
    currency: row.currency,
    status: row.status,
    pdf_url: pdfUrl(apiBaseUrl, row),
  };
}

/**
 * A provider's invoices with the company's package invoices among them, newest first. A provider invoice that bears
 * the number of one of ours (Stripe's copy of a monthly fee, numbered from our series) is listed once, as ours.
 */
export async function withPackageInvoices(db: Db, companyId: string, providerInvoices: Invoice[], apiBaseUrl: string): Promise<Invoice[]> {
  const ours = (await companyInvoices(db, companyId)).map((row) => listedInvoice(row, apiBaseUrl));
  if (ours.length === 0) return providerInvoices;
  const numbers = new Set(ours.map((invoice) => invoice.number));
  return [...ours, ...providerInvoices.filter((invoice) => !invoice.number || !numbers.has(invoice.number))].sort((a, b) =>
    b.created_at.localeCompare(a.created_at),
  );
}
