import type { Db } from "../db/db";
import { withJobLock } from "./job-lock";

/** Name of the job's advisory lock. */
export const RETENTION_JOB = "retention";

export interface RetentionResult {
  contactRequests: number;
  sessions: number;
  passwordResets: number;
  loginFailures: number;
}

/**
 * What the privacy policy promises (spec §9): quote requests are kept 2 years after the last contact. Expired
 * sessions and reset tokens have no further use, and failed-login rows only matter inside the throttle window.
 *
 * One instance at a time runs it (an advisory lock); the others skip the run.
 * @returns what was deleted, or null when another instance was running it
 */
export async function runRetention(db: Db): Promise<RetentionResult | null> {
  return withJobLock(db, RETENTION_JOB, async (tx) => {
    const count = async (sql: string) =>
      (await tx.query<{ n: number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`)).rows[0]?.n ?? 0;
    return {
      contactRequests: await count("DELETE FROM contact_requests WHERE last_contact_at < now() - interval '2 years'"),
      sessions: await count("DELETE FROM sessions WHERE expires_at <= now()"),
      passwordResets: await count("DELETE FROM password_resets WHERE expires_at <= now()"),
      loginFailures: await count("DELETE FROM login_failures WHERE created_at < now() - interval '1 day'"),
    };
  });
}
