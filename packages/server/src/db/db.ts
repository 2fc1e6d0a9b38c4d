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
 * Embedded PostgreSQL. `dir` undefined means in memory (tests). A directory is locked for this process
 * (`<dir>.lock`); a second process opening it gets a DataDirInUseError instead of corrupting it.
 */
export async function createPgliteDb(dir?: string): Promise<Db> {
  if (!dir) {
    const instance = new PGlite();
    await instance.waitReady;
    return wrapPglite(instance, instance);
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = lockDataDir(`${dir}.lock`);
  try {
    const instance = new PGlite(dir);
    await instance.waitReady;
    return wrapPglite(instance, instance, release);
  } catch (error) {
    release();
    throw error;
  }
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

export function createPgDb(connectionString: string, options: Omit<pg.PoolConfig, "connectionString"> = {}): Db {
  // connectionTimeoutMillis: with the database unreachable a query fails after 10 s instead of waiting forever.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000, ...options });
  // An idle client losing its connection (DB restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  return {
    kind: "postgres",
    query: async (sql, params) => ({ rows: (await pool.query(sql, params as unknown[])).rows }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(wrapPgClient(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function createDb(config: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (config.databaseUrl) return createPgDb(config.databaseUrl);
  return createPgliteDb(path.join(config.dataDir, "pglite"));
}

/** Runs a DELETE (without RETURNING) and counts the rows it removed. */
export async function countDeleted(db: Db, deleteSql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`WITH gone AS (${deleteSql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, params);
  return rows[0]?.n ?? 0;
}
