import { deleteExpiredResets, deleteOldLoginFailures } from "../accounts/store";
import { deleteExpiredContactRequests } from "../contact/store";
import type { Db } from "../db/db";
import { deleteExpiredSessions } from "../sessions/store";
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
 * What the privacy policy promises: quote requests are kept 2 years after the last contact. Expired sessions and
 * reset tokens have no further use, and failed-login rows only matter inside the throttle window.
 *
 * One instance at a time runs it (an advisory lock); the others skip the run.
 * @returns what was deleted, or null when another instance was running it
 */
export async function runRetention(db: Db): Promise<RetentionResult | null> {
  return withJobLock(db, RETENTION_JOB, async (tx) => ({
    contactRequests: await deleteExpiredContactRequests(tx),
    sessions: await deleteExpiredSessions(tx),
    passwordResets: await deleteExpiredResets(tx),
    loginFailures: await deleteOldLoginFailures(tx),
  }));
}
