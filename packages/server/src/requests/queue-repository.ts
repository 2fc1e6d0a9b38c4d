import { DESK_PAGE_SIZE, includedMinutesFor, OVERDUE_AFTER_HOURS, type DeskRequestSummary, type RequestStatus } from "@agency/contract";
import type { Db } from "../db/db";
import type { CalendarMonth } from "./calendar";
import { companyEntitlements, type EntitlementOptions } from "./entitlement";
import { usedMinutesOf } from "./minutes-repository";
import { publicRequest, type RequestRow } from "./repository";

/**
 * The agency's queue: one page of requests of a status, read through an index (customer_requests_queue for open
 * ones, priority first and then the longest waiting; customer_requests_recent for the others, most recent first),
 * with each one's company, package and minutes left this month.
 */

type QueueRow = RequestRow & { company_name: string; owner_email: string | null };

const QUEUE_ORDER: Record<RequestStatus, string> = {
  open: "r.priority DESC, r.awaiting_since ASC NULLS LAST, r.created_at, r.id",
  waiting: "r.last_message_at DESC, r.id DESC",
  closed: "r.last_message_at DESC, r.id DESC",
};

const OVERDUE = `r.status = 'open' AND r.awaiting_since IS NOT NULL AND r.awaiting_since <= now() - make_interval(hours => ${OVERDUE_AFTER_HOURS})`;

export async function queuePage(
  db: Db,
  { status, page, month }: { status: RequestStatus; page: number; month: CalendarMonth },
  options: EntitlementOptions,
): Promise<{ requests: DeskRequestSummary[]; total: number }> {
  const { rows } = await db.query<QueueRow & { overdue: boolean }>(
    `SELECT r.*, c.name AS company_name, s.email AS owner_email, (${OVERDUE}) AS overdue
       FROM customer_requests r
       JOIN companies c ON c.id = r.company_id
       LEFT JOIN staff s ON s.id = r.owner_id
      WHERE r.status = $1
      ORDER BY ${QUEUE_ORDER[status]}
      LIMIT $2 OFFSET $3`,
    [status, DESK_PAGE_SIZE, (page - 1) * DESK_PAGE_SIZE],
  );
  const { rows: counted } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM customer_requests WHERE status = $1", [status]);
  return { requests: await summaries(db, rows, month, options), total: counted[0]!.n };
}

/** One request as the queue shows it, or null. */
export async function queueEntry(db: Db, id: string, month: CalendarMonth, options: EntitlementOptions): Promise<DeskRequestSummary | null> {
  const { rows } = await db.query<QueueRow & { overdue: boolean }>(
    `SELECT r.*, c.name AS company_name, s.email AS owner_email, (${OVERDUE}) AS overdue
       FROM customer_requests r
       JOIN companies c ON c.id = r.company_id
       LEFT JOIN staff s ON s.id = r.owner_id
      WHERE r.id = $1`,
    [id],
  );
  return rows[0] ? (await summaries(db, rows, month, options))[0]! : null;
}

/** Open requests whose customer has waited OVERDUE_AFTER_HOURS or more for an answer (the queue's mark, the metric). */
export async function countOverdue(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM customer_requests r WHERE ${OVERDUE}`);
  return rows[0]!.n;
}

/** How long the customer of the longest-waiting open request has waited, in seconds (0 when none waits). */
export async function longestWait(db: Db): Promise<number> {
  const { rows } = await db.query<{ seconds: number | null }>(
    "SELECT extract(epoch FROM now() - min(awaiting_since))::float8 AS seconds FROM customer_requests WHERE status = 'open' AND awaiting_since IS NOT NULL",
  );
  return Math.max(0, rows[0]?.seconds ?? 0);
}

async function summaries(db: Db, rows: (QueueRow & { overdue: boolean })[], month: CalendarMonth, options: EntitlementOptions): Promise<DeskRequestSummary[]> {
  const companies = rows.map((row) => row.company_id);
  const entitlements = await companyEntitlements(db, companies, options);
  const used = await usedMinutesOf(db, companies, month);
  return rows.map((row) => {
    const entitlement = entitlements.get(row.company_id)!;
    return {
      ...publicRequest(row),
      company: { id: row.company_id, name: row.company_name },
      package: entitlement.package,
      proPlan: entitlement.proPlan,
      minutesLeft: includedMinutesFor(entitlement.package) - (used.get(row.company_id) ?? 0),
      awaitingSince: row.awaiting_since ? new Date(row.awaiting_since).toISOString() : null,
      overdue: row.overdue,
      owner: row.owner_id && row.owner_email ? { id: row.owner_id, email: row.owner_email } : null,
    };
  });
}
