import type { Db } from "../db/db";

export interface RetentionResult {
  contactRequests: number;
  sessions: number;
  passwordResets: number;
  loginFailures: number;
}

/**
 * What the privacy policy promises (spec §9): quote requests are kept 2 years after the last contact. Expired
 * sessions and reset tokens have no further use, and failed-login rows only matter inside the throttle window.
 */
export async function runRetention(db: Db): Promise<RetentionResult> {
  const count = async (sql: string) => (await db.query<{ n: number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`)).rows[0]?.n ?? 0;
  return {
    contactRequests: await count("DELETE FROM contact_requests WHERE last_contact_at < now() - interval '2 years'"),
    sessions: await count("DELETE FROM sessions WHERE expires_at <= now()"),
    passwordResets: await count("DELETE FROM password_resets WHERE expires_at <= now()"),
    loginFailures: await count("DELETE FROM login_failures WHERE created_at < now() - interval '1 day'"),
  };
}
