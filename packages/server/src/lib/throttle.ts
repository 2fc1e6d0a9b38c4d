import type { Db } from "../db/db";

/**
 * Seconds until fewer than `limit` rows of `table` matching `column = value` fall inside the trailing window,
 * or 0 when the caller is under the limit. Counting rows already kept (failed logins, quote requests) means the
 * limit holds across restarts and across several server processes.
 */
export async function throttleWait(
  db: Db,
  table: "login_failures" | "contact_requests",
  column: "email" | "ip_hash",
  value: string,
  limit: number,
  windowSeconds: number,
): Promise<number> {
  // The limit-th newest row in the window: once it ages out, the count drops below the limit.
  const { rows } = await db.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM (created_at + make_interval(secs => $2) - now())))::int AS wait
       FROM ${table}
      WHERE ${column} = $1 AND created_at > now() - make_interval(secs => $2)
      ORDER BY created_at DESC
      OFFSET $3 LIMIT 1`,
    [value, windowSeconds, limit - 1],
  );
  const wait = rows[0]?.wait;
  return wait === undefined ? 0 : Math.max(1, wait);
}
