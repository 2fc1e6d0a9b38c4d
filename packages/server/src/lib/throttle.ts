import { countDeleted, type Db } from "../db/db";

/** At most `limit` events per `key` in `bucket` within the trailing `windowSeconds`. */
export interface RateLimit {
  bucket: string;
  key: string;
  limit: number;
  windowSeconds: number;
}

/** The outcome of `takeRateSlot`: `wait` seconds until a retry may pass (0: it passed), and the events recorded. */
export interface RateSlot {
  wait: number;
  /** Ids of the events recorded for this call, one per limit; empty when it was refused. */
  events: string[];
}

/** The longest window any limit uses; older events are pruned by the retention job. */
export const RATE_EVENT_MAX_AGE = "1 day";

/**
 * Takes one slot of every limit, or none: either records one event per limit and answers `wait: 0`, or records
 * nothing and answers the seconds until each limit has room again.
 *
 * The event is recorded before the work it guards (a password check, a hash, a mail), and each (bucket, key) is
 * serialised by a transaction-scoped advisory lock taken before counting. So concurrent requests, in this process or
 * in another instance on the same database, cannot all read "under the limit" before any of them is counted: of 30
 * parallel attempts with a limit of 5, exactly 5 pass. The locks are taken in a fixed order (no deadlock between two
 * calls sharing keys) and are released by the commit.
 */
export async function takeRateSlot(db: Db, limits: RateLimit[]): Promise<RateSlot> {
  const ordered = [...limits].sort((a, b) => lockName(a).localeCompare(lockName(b)));
  return db.transaction(async (tx) => {
    let wait = 0;
    for (const limit of ordered) {
      // Keyed on the schema too, so test runs or deployments sharing one database in separate schemas do not block each other.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':rate:' || $1))", [lockName(limit)]);
      wait = Math.max(wait, await secondsUntilRoom(tx, limit));
    }
    if (wait > 0) return { wait, events: [] };
    const events: string[] = [];
    for (const { bucket, key } of ordered) {
      const { rows } = await tx.query<{ id: string }>("INSERT INTO rate_events (bucket, key) VALUES ($1, $2) RETURNING id::text AS id", [bucket, key]);
      events.push(rows[0]!.id);
    }
    return { wait: 0, events };
  });
}

/**
 * One limit, taken only when `admit` agrees: under the same lock as takeRateSlot, with the number of events in the
 * window, `admit(count)` says whether this call may pass (a proof of work that costs more the more there were). Past
 * the limit it answers `wait`; refused by `admit`, it records nothing and answers no events.
 */
export async function takeRateSlotIf(db: Db, limit: RateLimit, admit: (count: number) => boolean): Promise<RateSlot> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':rate:' || $1))", [lockName(limit)]);
    const wait = await secondsUntilRoom(tx, limit);
    if (wait > 0) return { wait, events: [] };
    if (!admit(await countRateEvents(tx, limit))) return { wait: 0, events: [] };
    const { rows } = await tx.query<{ id: string }>("INSERT INTO rate_events (bucket, key) VALUES ($1, $2) RETURNING id::text AS id", [limit.bucket, limit.key]);
    return { wait: 0, events: [rows[0]!.id] };
  });
}

/** How many events `key` has in `bucket` within the trailing window. */
export async function countRateEvents(db: Db, { bucket, key, windowSeconds }: Omit<RateLimit, "limit">): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM rate_events WHERE bucket = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)",
    [bucket, key, windowSeconds],
  );
  return rows[0]?.n ?? 0;
}

function lockName({ bucket, key }: RateLimit): string {
  return `${bucket}:${key}`;
}

/** Seconds until fewer than `limit` events fall inside the window, or 0 when there is room now. */
async function secondsUntilRoom(db: Db, { bucket, key, limit, windowSeconds }: RateLimit): Promise<number> {
  // The limit-th newest event in the window: once it ages out, the count drops below the limit.
  const { rows } = await db.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM (created_at + make_interval(secs => $3) - now())))::int AS wait
       FROM rate_events
      WHERE bucket = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)
      ORDER BY created_at DESC
      OFFSET $4 LIMIT 1`,
    [bucket, key, windowSeconds, limit - 1],
  );
  const wait = rows[0]?.wait;
  return wait === undefined ? 0 : Math.max(1, wait);
}

/** Gives recorded events back, e.g. a login attempt that turned out to be a success. */
export async function returnRateEvents(db: Db, events: string[]): Promise<void> {
  if (events.length > 0) await db.query("DELETE FROM rate_events WHERE id = ANY($1::bigint[])", [events]);
}

/**
 * Forgets every event in one bucket whose key starts with `prefix` (a successful login clears an account's failed
 * attempts from every source). The prefix is matched literally.
 */
export async function clearRateEventsByKeyPrefix(db: Db, bucket: string, prefix: string): Promise<void> {
  await db.query("DELETE FROM rate_events WHERE bucket = $1 AND left(key, length($2)) = $2", [bucket, prefix]);
}

/** Events only matter inside their window; none is longer than a day. */
export async function deleteOldRateEvents(db: Db): Promise<number> {
  return countDeleted(db, `DELETE FROM rate_events WHERE created_at < now() - interval '${RATE_EVENT_MAX_AGE}'`);
}

/**
 * Failed logins the release before rate_events recorded (its instances still run while an upgrade replaces them one
 * by one): like its own retention, a row is kept a day, so no e-mail address lingers in a table nothing reads.
 */
export async function deleteOldLoginFailures(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM login_failures WHERE created_at < now() - interval '1 day'");
}
