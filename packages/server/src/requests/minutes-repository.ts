import { countDeleted, type Db } from "../db/db";
import type { CalendarMonth } from "./calendar";

/**
 * The minutes the agency logged with its replies, per company and calendar month, and the extra time past the
 * included minutes that a company agreed to have invoiced (`request_extra_time`, one row per agreement).
 */

/** Minutes logged on the company's requests in `month`. */
export async function usedMinutes(db: Db, companyId: string, month: CalendarMonth): Promise<number> {
  return (await usedMinutesOf(db, [companyId], month)).get(companyId) ?? 0;
}

/** Minutes logged in `month`, per company (a company with none is absent). */
export async function usedMinutesOf(db: Db, companyIds: readonly string[], month: CalendarMonth): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const { rows } = await db.query<{ company_id: string; minutes: number }>(
    `SELECT company_id, sum(minutes)::int AS minutes FROM customer_request_messages
      WHERE company_id = ANY ($1::uuid[]) AND minutes > 0 AND created_at >= $2 AND created_at < $3
      GROUP BY company_id`,
    [[...new Set(companyIds)], month.start, month.end],
  );
  return new Map(rows.map((row) => [row.company_id, row.minutes]));
}

export interface AgreedMinutes {
  agreed: number;
  invoiced: number;
}

/** What the company agreed to have invoiced of each month's extra time (and of that, what is invoiced), by period. */
export async function agreedMinutes(db: Db, companyId: string, periods: readonly string[]): Promise<Map<string, AgreedMinutes>> {
  const { rows } = await db.query<{ period: string; agreed: number; invoiced: number }>(
    `SELECT period, sum(minutes)::int AS agreed, coalesce(sum(minutes) FILTER (WHERE invoiced_at IS NOT NULL), 0)::int AS invoiced
       FROM request_extra_time WHERE company_id = $1 AND period = ANY ($2::text[]) GROUP BY period`,
    [companyId, periods],
  );
  return new Map(rows.map((row) => [row.period, { agreed: row.agreed, invoiced: row.invoiced }]));
}

export async function insertAgreement(
  tx: Db,
  agreement: { companyId: string; month: CalendarMonth; minutes: number; hourlyRateCents: number; currency: string; userId: string; userName: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO request_extra_time (company_id, period, period_start, minutes, hourly_rate_cents, currency, agreed_by, agreed_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [agreement.companyId, agreement.month.period, agreement.month.start, agreement.minutes, agreement.hourlyRateCents, agreement.currency, agreement.userId, agreement.userName],
  );
}

export interface ExtraTimeRow {
  id: number;
  period: string;
  period_start: Date;
  minutes: number;
  hourly_rate_cents: number;
  currency: string;
  agreed_by_name: string;
  agreed_at: Date;
  invoiced_at: Date | null;
}

/**
 * Agreed extra time no invoice has taken yet, agreed before `at`, oldest month first. With `lock`, the rows are
 * locked until the transaction ends, so two invoices cannot both take them.
 */
export async function uninvoicedExtraTime(db: Db, companyId: string, at: Date, { lock = false }: { lock?: boolean } = {}): Promise<ExtraTimeRow[]> {
  const { rows } = await db.query<ExtraTimeRow>(
    `SELECT id, period, period_start, minutes, hourly_rate_cents, currency, agreed_by_name, agreed_at, invoiced_at
       FROM request_extra_time WHERE company_id = $1 AND invoiced_at IS NULL AND agreed_at <= $2
      ORDER BY period_start, id${lock ? " FOR UPDATE" : ""}`,
    [companyId, at],
  );
  return rows;
}

export async function markExtraTimeInvoiced(tx: Db, ids: readonly number[], invoiceRef: string, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.query("UPDATE request_extra_time SET invoiced_at = $2, invoice_ref = $3 WHERE id = ANY ($1::int[]) AND invoiced_at IS NULL", [ids, at, invoiceRef]);
}

/** Every agreement of the company, oldest first (the data export). */
export async function extraTimeForExport(db: Db, companyId: string): Promise<ExtraTimeRow[]> {
  const { rows } = await db.query<ExtraTimeRow>(
    `SELECT id, period, period_start, minutes, hourly_rate_cents, currency, agreed_by_name, agreed_at, invoiced_at
       FROM request_extra_time WHERE company_id = $1 ORDER BY agreed_at, id`,
    [companyId],
  );
  return rows;
}

/** Agreements are part of the invoices' administration: kept 7 years (the privacy policy's customer data), then deleted. */
export async function deleteExpiredAgreements(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM request_extra_time WHERE agreed_at < now() - interval '7 years'");
}
