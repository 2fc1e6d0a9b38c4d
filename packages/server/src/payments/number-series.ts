import { agencyYearMonth } from "@agency/contract";
import type { Db } from "../db/db";

/**
 * Document numbers without gaps, one series a year: the counter of (series, year) is counted up in the transaction
 * that writes the numbered document. A rollback gives the number back; two transactions numbering at once wait for
 * each other on the counter's row, so no number is given twice, on the embedded database or across instances on
 * PostgreSQL.
 */
export type NumberSeries = "offer" | "invoice" | "test_invoice";

const PREFIX: Record<NumberSeries, string> = { offer: "OFF-", invoice: "", test_invoice: "TEST-" };


/** The next number of `series` in the year of `at`, e.g. "2026-0007", "OFF-2026-0012", "TEST-2026-0003". */
export async function nextNumber(tx: Db, series: NumberSeries, at: Date): Promise<string> {
  // The year in the Netherlands: an invoice of New Year's Eve 23:30 UTC is next year's.
  const { year } = agencyYearMonth(at);
  const { rows } = await tx.query<{ last_number: number }>(
    `INSERT INTO number_series (series, year, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (series, year) DO UPDATE SET last_number = number_series.last_number + 1
     RETURNING last_number`,
    [series, year],
  );
  return `${PREFIX[series]}${year}-${String(rows[0]!.last_number).padStart(4, "0")}`;
}
