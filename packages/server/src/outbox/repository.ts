import { countDeleted, type Db } from "../db/db";

/** The outbox table: every query about it lives here. Callers pass the database or their transaction. */

export interface OutboxItem<P = unknown> {
  id: number;
  channel: string;
  topic: string;
  payload: P;
  secret: boolean;
  ref: string | null;
  attempts: number;
  max_attempts: number;
  give_up_at: Date | null;
  created_at: Date;
}

export interface NewOutboxItem {
  channel: string;
  topic: string;
  payload: unknown;
  /** The payload grants access: erased once delivered or given up, and never logged. */
  secret?: boolean;
  /** What it is about (`user:<id>`, `contact_request:<id>`), so erasing that erases this too. */
  ref?: string;
  maxAttempts: number;
  /** Not delivered after this. */
  giveUpAt?: Date;
}

const ITEM_COLUMNS = "id, channel, topic, payload, secret, ref, attempts, max_attempts, give_up_at, created_at";

/** Queues an item; in the caller's transaction, it commits (or not) with what it is about. */
export async function insertOutboxItem(db: Db, item: NewOutboxItem): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO outbox (channel, topic, payload, secret, ref, max_attempts, give_up_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7) RETURNING id`,
    [item.channel, item.topic, JSON.stringify(item.payload), item.secret ?? false, item.ref ?? null, item.maxAttempts, item.giveUpAt ?? null],
  );
  return rows[0]!.id;
}

/**
 * Claims due items for one attempt each: pending, due, not claimed by a live lease, not past their give-up time, of
 * a channel this instance delivers (during a rolling upgrade an older instance leaves a newer channel's items to the
 * newer ones); with `ids` only those. One UPDATE over a FOR UPDATE SKIP LOCKED selection, so instances claiming at
 * the same moment get disjoint sets; the lease keeps the others away while the attempt runs.
 */
export async function claimDueItems(
  db: Db,
  { channels, leaseSeconds, limit, ids }: { channels: string[]; leaseSeconds: number; limit: number; ids?: number[] },
): Promise<OutboxItem[]> {
  const { rows } = await db.query<OutboxItem>(
    `UPDATE outbox SET attempts = attempts + 1, claimed_until = now() + make_interval(secs => $1)
      WHERE id IN (
        SELECT id FROM outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
           AND (claimed_until IS NULL OR claimed_until < now())
           AND (give_up_at IS NULL OR give_up_at > now())
           AND ($3::int[] IS NULL OR id = ANY ($3::int[]))
           AND channel = ANY ($4::text[])
         ORDER BY next_attempt_at, id LIMIT $2
         FOR UPDATE SKIP LOCKED)
      RETURNING ${ITEM_COLUMNS}`,
    [leaseSeconds, limit, ids ?? null, channels],
  );
  return rows;
}

/**
 * Pending items whose give-up time passed before they could be delivered: marked failed (a secret payload erased).
 * Returned with the payload they had, so the log can name the (masked) recipient.
 */
export async function expireOverdueItems(db: Db): Promise<OutboxItem[]> {
  const { rows } = await db.query<OutboxItem>(
    `UPDATE outbox o SET failed_at = now(), last_error = 'gave up: not delivered before its give-up time',
                         payload = CASE WHEN o.secret THEN '{}'::jsonb ELSE o.payload END
       FROM (SELECT id, payload FROM outbox
              WHERE sent_at IS NULL AND failed_at IS NULL AND give_up_at <= now()
                AND (claimed_until IS NULL OR claimed_until < now())
              FOR UPDATE SKIP LOCKED) before
      WHERE o.id = before.id
      RETURNING ${ITEM_COLUMNS.split(", ").map((c) => (c === "payload" ? "before.payload" : `o.${c}`)).join(", ")}`,
  );
  return rows;
}

export async function markItemSent(db: Db, id: number): Promise<void> {
  await db.query(
    `UPDATE outbox SET sent_at = now(), claimed_until = NULL, last_error = NULL,
                       payload = CASE WHEN secret THEN '{}'::jsonb ELSE payload END
      WHERE id = $1`,
    [id],
  );
}

export async function scheduleRetry(db: Db, id: number, retryAt: Date, error: string): Promise<void> {
  await db.query("UPDATE outbox SET next_attempt_at = $2, claimed_until = NULL, last_error = $3 WHERE id = $1", [id, retryAt, error.slice(0, 500)]);
}

export async function markItemFailed(db: Db, id: number, error: string): Promise<void> {
  await db.query(
    `UPDATE outbox SET failed_at = now(), claimed_until = NULL, last_error = $2,
                       payload = CASE WHEN secret THEN '{}'::jsonb ELSE payload END
      WHERE id = $1`,
    [id, error.slice(0, 500)],
  );
}

/** Drops queued items that must not go out (the demo customer's mails, whose address belongs to nobody). */
export async function deleteItems(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.query("DELETE FROM outbox WHERE id = ANY ($1::int[])", [ids]);
}

/** Erasure: every item about these things (`user:<id>`, `contact_request:<id>`), delivered or not. */
export async function deleteItemsAbout(db: Db, refs: string[]): Promise<number> {
  if (refs.length === 0) return 0;
  return countDeleted(db, "DELETE FROM outbox WHERE ref = ANY ($1::text[])", [refs]);
}

/** Delivered or given-up items older than this are of no further use (retention). */
export const FINISHED_ITEM_RETENTION_DAYS = 30;

export async function deleteFinishedItems(db: Db): Promise<number> {
  return countDeleted(
    db,
    `DELETE FROM outbox WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL)
       AND created_at < now() - make_interval(days => $1)`,
    [FINISHED_ITEM_RETENTION_DAYS],
  );
}
