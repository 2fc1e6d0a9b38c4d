import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "./db";
import { migrationsDir } from "../paths";

/** Arbitrary constant; every process of this app takes the same advisory lock before migrating. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies `migrations/*.sql` in file-name order, each once and each in its own transaction. Every transaction
 * first takes a transaction-scoped advisory lock, so two servers starting against one PostgreSQL apply each file
 * exactly once: the second waits, then sees the file recorded and skips it.
 * @returns the names applied by this call
 */
export async function migrate(db: Db, dir: string = migrationsDir): Promise<string[]> {
  const files = await migrationFiles(dir);
  await db.transaction(async (tx) => {
    await tx.exec("SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0");
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
  });
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), "utf8");
    await db.transaction(async (tx) => {
      // A migration may rewrite a large table, and an instance starting beside another waits for its migrations:
      // neither is a stalled query, so the connection's statement and lock limits do not apply here.
      await tx.exec("SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0");
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
      const done = await tx.query("SELECT 1 FROM schema_migrations WHERE name = $1", [file]);
      if (done.rows.length > 0) return;
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
      applied.push(file);
    });
  }
  return applied;
}

async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
}

export interface MigrationStatus {
  /** Recorded in the database, oldest first. */
  applied: { name: string; appliedAt: Date }[];
  /** Files of this version not yet applied, in the order `migrate` would apply them. */
  pending: string[];
  /** Recorded in the database but not among this version's files: the database was migrated by a newer version. */
  unknown: string[];
}

/** What `migrate` would do, without changing anything (not even creating the bookkeeping table). */
export async function migrationStatus(db: Db, dir: string = migrationsDir): Promise<MigrationStatus> {
  const files = await migrationFiles(dir);
  const { rows: table } = await db.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
  const applied = table[0]?.exists
    ? (await db.query<{ name: string; applied_at: Date }>("SELECT name, applied_at FROM schema_migrations ORDER BY name")).rows.map(
        (row) => ({ name: row.name, appliedAt: new Date(row.applied_at) }),
      )
    : [];
  const done = new Set(applied.map((row) => row.name));
  return {
    applied,
    pending: files.filter((file) => !done.has(file)),
    unknown: applied.map((row) => row.name).filter((name) => !files.includes(name)),
  };
}
