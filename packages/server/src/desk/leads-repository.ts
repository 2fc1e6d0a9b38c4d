import { DESK_COUNT_CAP, DESK_PAGE_SIZE, type LeadStatus, type LeadSummary } from "@agency/contract";
import type { Db } from "../db/db";
import { SENT_COLUMN_LIST, type SenderQuoteRequest } from "../contact/repository";

/**
 * The desk's inbox over the quote requests. Every list is newest first and reads one page through an index
 * ((created_at, id), or (status, created_at, id)); a search goes through the GIN index of the words of the name,
 * company and e-mail address. The counts per status are kept by a trigger; a search's matches are counted up to
 * DESK_COUNT_CAP. So no request reads the whole table.
 */

export interface LeadFilter {
  status?: LeadStatus;
  q?: string;
}

/**
 * A search as a tsquery: every word typed as the start of a word (`bouw ann` finds Anna of Noordzee Bouw), all of
 * them required, at most eight. (Whole words for all but the last measured slower: the planner then reads every
 * match instead of walking the newest requests.) Only letters and digits go in, so nothing the user types can be
 * tsquery syntax. Null when there is no word.
 */
export function searchQuery(q: string | undefined): string | null {
  const words = (q ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(" & ");
}

function where(filter: LeadFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    params.push(filter.status);
    clauses.push(`status = $${params.length}`);
  }
  const query = searchQuery(filter.q);
  if (query) {
    params.push(query);
    clauses.push(`search @@ to_tsquery('simple', $${params.length})`);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

interface SummaryRow {
  id: number;
  created_at: Date;
  status: LeadStatus;
  name: string;
  email: string;
  company: string;
  project_type: string;
  budget_range: string;
  budget_unknown: boolean;
  language: "nl" | "en";
  has_note: boolean;
}

/** A search's matches are counted up to DESK_COUNT_CAP; beyond that the inbox says "1,000+". */
const cappedCount = (sql: string) => `SELECT count(*)::int AS n FROM (SELECT 1 FROM contact_requests ${sql} LIMIT ${DESK_COUNT_CAP + 1}) capped`;

/** The requests of a status (all when none) and the unread ones, from the counts the trigger keeps (migration 0051). */
async function statusCounts(db: Db, status: LeadStatus | undefined): Promise<{ total: number; unread: number }> {
  const { rows } = await db.query<{ total: number; unread: number }>(
    `SELECT coalesce(sum(n) FILTER (WHERE $1::text IS NULL OR status = $1::text), 0)::int AS total,
            coalesce(sum(n) FILTER (WHERE status = 'new'), 0)::int AS unread
       FROM contact_request_counts`,
    [status ?? null],
  );
  return rows[0]!;
}

export async function listInbox(db: Db, filter: LeadFilter, page: number): Promise<{ leads: LeadSummary[]; total: number; totalCapped: boolean; unread: number }> {
  const { sql, params } = where(filter);
  const searching = searchQuery(filter.q) !== null;
  const [{ rows }, counts, matches] = await Promise.all([
    db.query<SummaryRow>(
      `SELECT id, created_at, status, name, email, company, project_type, budget_range, budget_unknown, language, note <> '' AS has_note
         FROM contact_requests ${sql}
        ORDER BY created_at DESC, id DESC LIMIT ${DESK_PAGE_SIZE} OFFSET ${(page - 1) * DESK_PAGE_SIZE}`,
      params,
    ),
    statusCounts(db, filter.status),
    searching ? db.query<{ n: number }>(cappedCount(sql), params).then((result) => result.rows[0]!.n) : Promise.resolve(null),
  ]);
  const total = matches ?? counts.total;
  return {
    leads: rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      status: row.status,
      name: row.name,
      email: row.email,
      company: row.company,
      projectType: row.project_type,
      budgetRange: row.budget_range,
      budgetUnknown: row.budget_unknown,
      language: row.language,
      hasNote: row.has_note,
    })),
    total: matches === null ? total : Math.min(total, DESK_COUNT_CAP),
    totalCapped: matches !== null && matches > DESK_COUNT_CAP,
    unread: counts.unread,
  };
}

/** Every column of the requests that match, newest first, for the CSV export. */
export async function exportInbox(db: Db, filter: LeadFilter) {
  const { sql, params } = where(filter);
  const { rows } = await db.query<Record<string, string | number | boolean | Date | null | string[]> & { utm: Record<string, string> }>(
    `SELECT * FROM contact_requests ${sql} ORDER BY created_at DESC, id DESC`,
    params,
  );
  return rows;
}

export interface LeadRow extends SenderQuoteRequest {
  id: number;
  status: LeadStatus;
  note: string;
  is_spam: boolean;
  held_for_review: boolean;
  released_at: Date | null;
  notified_at: Date | null;
}

const LEAD_COLUMNS = `id, created_at, last_contact_at, status, note, ${SENT_COLUMN_LIST},
  source, page_url, origin, referrer, utm, is_spam, held_for_review, released_at, notified_at`;

export async function findLead(db: Db, id: number): Promise<LeadRow | null> {
  const { rows } = await db.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM contact_requests WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The lead, locked until the transaction ends: concurrent changes and releases of one lead take turns. */
export async function lockLead(tx: Db, id: number): Promise<LeadRow | null> {
  const { rows } = await tx.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM contact_requests WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

export async function updateLead(tx: Db, id: number, change: { status?: LeadStatus; note?: string; release?: boolean }): Promise<void> {
  await tx.query(
    `UPDATE contact_requests
        SET status = COALESCE($2, status), note = COALESCE($3, note),
            released_at = CASE WHEN $4::boolean THEN COALESCE(released_at, now()) ELSE released_at END
      WHERE id = $1`,
    [id, change.status ?? null, change.note ?? null, change.release ?? false],
  );
}

/** Whether the lead was kept from the agency (spam or held) and never released: nothing about it went out yet. */
export const neverHandedOn = (lead: Pick<LeadRow, "is_spam" | "held_for_review" | "released_at">) =>
  (lead.is_spam || lead.held_for_review) && lead.released_at === null;

export interface DeliveryRow {
  topic: string;
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
}

/** The outbox rows of a lead's notification and webhook, newest first. */
export async function leadDeliveries(db: Db, ref: string, topics: string[]): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    "SELECT topic, attempts, sent_at, failed_at, last_error FROM outbox WHERE ref = $1 AND topic = ANY($2::text[]) ORDER BY id DESC",
    [ref, topics],
  );
  return rows;
}
