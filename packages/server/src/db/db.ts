import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";

/**
 * The one database interface the app uses: PostgreSQL dialect, positional `$1` parameters.
 * The same SQL runs on the embedded PGlite and on a real PostgreSQL, so tests on either prove the other.
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. Nesting reuses the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: "pglite" | "postgres";
  /** Connections of the pool (PostgreSQL): open, idle, and queries waiting for one. The embedded database has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** Limits on every connection (settings DB_*_TIMEOUT_MS), in milliseconds. */
export interface DbTimeouts {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrapPglite(conn: PgliteLike, root: PGlite | null, onClose?: () => void): Db {
  const db: Db = {
    kind: "pglite",
    query: (sql, params) => conn.query(sql, params),
    exec: async (sql) => {
      await conn.exec(sql);
    },
    transaction: (fn) => (root ? root.transaction((tx) => fn(wrapPglite(tx, null))) : fn(db)),
    close: async () => {
      if (root && !root.closed) await root.close();
      onClose?.();
    },
  };
  return db;
}

/**
 * Embedded PostgreSQL. `dir` undefined means in memory (tests), empty or, with `from`, holding what a dump of
 * another in-memory database holds (`PGlite.dumpDataDir`). A directory is locked for this process (`<dir>.lock`); a
 * second process opening it gets a DataDirInUseError instead of corrupting it.
 */
export async function createPgliteDb(dir?: string, timeouts?: DbTimeouts, options: { from?: Blob } = {}): Promise<Db> {
  if (!dir) {
    const instance = new PGlite({ loadDataDir: options.from });
    await instance.waitReady;
    await setPgliteTimeouts(instance, timeouts);
    return pgliteDb(instance);
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = lockDataDir(`${dir}.lock`);
  try {
    const instance = new PGlite(dir);
    await instance.waitReady;
    await setPgliteTimeouts(instance, timeouts);
    return wrapPglite(instance, instance, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** The interface over an embedded database this process opened itself; closing the interface closes it. */
export function pgliteDb(instance: PGlite): Db {
  return wrapPglite(instance, instance);
}

/**
 * PGlite accepts the settings (its one session has them, as `SHOW` tells), but runs each query to its end in this
 * process: nothing can interrupt it, so they never fire there. Set anyway, so both databases report the same.
 */
async function setPgliteTimeouts(instance: PGlite, timeouts: DbTimeouts | undefined): Promise<void> {
  if (!timeouts) return;
  await instance.exec(
    `SET statement_timeout = ${Math.floor(timeouts.statementTimeoutMs)}; SET lock_timeout = ${Math.floor(timeouts.lockTimeoutMs)}; ` +
      `SET idle_in_transaction_session_timeout = ${Math.floor(timeouts.idleInTransactionTimeoutMs)}`,
  );
}

function wrapPgClient(client: pg.PoolClient): Db {
  const db: Db = {
    kind: "postgres",
    query: async (sql, params) => ({ rows: (await client.query(sql, params as unknown[])).rows }),
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction: (fn) => fn(db),
    close: async () => {},
  };
  return db;
}

export function createPgDb(connectionString: string, options: Omit<pg.PoolConfig, "connectionString"> = {}, timeouts?: DbTimeouts): Db {
  // connectionTimeoutMillis: with the database unreachable a query fails after 10 s instead of waiting forever.
  // keepAlive: a connection whose peer vanished (a database host gone without closing it) is noticed.
  // The timeouts are session settings sent with each new connection; PostgreSQL enforces them.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    ...(timeouts
      ? {
          statement_timeout: timeouts.statementTimeoutMs,
          lock_timeout: timeouts.lockTimeoutMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
        }
      : {}),
    ...options,
  });
  // An idle client losing its connection (DB restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor one that is checked out or being discarded: a connection the database ends reports that as an event (once
  // for the server's message, again when the socket closes, possibly after the client left the pool). The query in
  // flight fails with it; the event itself is only noise.
  pool.on("connect", (client) => void client.on("error", () => {}));
  return {
    kind: "postgres",
    query: async (sql, params) => ({ rows: (await pool.query(sql, params as unknown[])).rows }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      // A connection the database ends while it is checked out (a transaction left idle past its limit, a restart)
      // is discarded rather than returned to the pool.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost = error);
      client.on("error", onError);
      try {
        await client.query("BEGIN");
        const result = await fn(wrapPgClient(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.off("error", onError);
        client.release(lost);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

export async function createDb(config: { databaseUrl?: string; dataDir: string; db?: DbTimeouts }): Promise<Db> {
  if (config.databaseUrl) return createPgDb(config.databaseUrl, {}, config.db);
  return createPgliteDb(path.join(config.dataDir, "pglite"), config.db);
}

/** Runs a DELETE (without RETURNING) and counts the rows it removed. */
export async function countDeleted(db: Db, deleteSql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`WITH gone AS (${deleteSql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, params);
  return rows[0]?.n ?? 0;
}
