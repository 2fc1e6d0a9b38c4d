import type { AuditEntry } from "@agency/contract";
import type { Db } from "../db/db";

/**
 * The audit log. Append-only: this module can add an entry and read entries, nothing else, and the database refuses
 * UPDATE, DELETE and TRUNCATE on the table (migration 0050) in case anything else tries.
 */

export interface NewAuditEntry {
  actor: string;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown>;
  ip: string;
}

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.query("INSERT INTO audit_log (actor, action, target, detail, ip) VALUES ($1, $2, $3, $4::jsonb, $5)", [
    entry.actor,
    entry.action,
    entry.target ?? null,
    JSON.stringify(entry.detail ?? {}),
    entry.ip,
  ]);
}

export const AUDIT_PAGE_SIZE = 100;

type AuditRow = { id: string | number; at: Date; actor: string; action: string; target: string | null; detail: Record<string, unknown>; ip: string };
const asEntry = (row: AuditRow): AuditEntry => ({ ...row, id: Number(row.id), at: new Date(row.at).toISOString() });

/** Everything done to one target (`offer:<id>`), oldest first: its history. */
export async function selectAuditEntriesFor(db: Db, target: string): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditRow>("SELECT id, at, actor, action, target, detail, ip FROM audit_log WHERE target = $1 ORDER BY id LIMIT 500", [target]);
  return rows.map(asEntry);
}

/** Newest first, a page at a time: entries older than `before` (an id), or the newest. */
export async function selectAuditEntries(db: Db, before?: number): Promise<AuditEntry[]> {
  const { rows } = await db.query<{ id: string | number; at: Date; actor: string; action: string; target: string | null; detail: Record<string, unknown>; ip: string }>(
    `SELECT id, at, actor, action, target, detail, ip FROM audit_log
      WHERE ($1::bigint IS NULL OR id < $1::bigint) ORDER BY id DESC LIMIT ${AUDIT_PAGE_SIZE}`,
    [before ?? null],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), at: new Date(row.at).toISOString() }));
}
