import type { Db } from "../db/db";

/**
 * Runs `work` in one transaction that holds a transaction-scoped advisory lock named after the job, or does nothing
 * when another instance holds it: jobs that claim no rows (bulk deletes) run on one instance at a time instead of
 * twice. The lock is released by the commit or rollback, so an instance that dies mid-run frees it at once.
 *
 * The key is derived from the job name and the current schema, so deployments (or test runs) that share one
 * database in separate schemas do not block each other.
 * @returns what `work` returned, or null when the job was skipped because it is running elsewhere
 */
export async function withJobLock<T>(db: Db, job: string, work: (tx: Db) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || ':job:' || $1)) AS locked",
      [job],
    );
    if (!rows[0]?.locked) return null;
    return work(tx);
  });
}
