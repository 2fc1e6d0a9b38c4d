import { deleteExpiredResets, deleteOldLoginFailures } from "../accounts/store";
import { deleteExpiredContactRequests } from "../contact/store";
import type { Db } from "../db/db";
import { deleteExpiredSessions } from "../sessions/store";

export interface RetentionResult {
  contactRequests: number;
  sessions: number;
  passwordResets: number;
  loginFailures: number;
}

/**
 * What the privacy policy promises: quote requests are kept 2 years after the last contact. Expired sessions and
 * reset tokens have no further use, and failed-login rows only matter inside the throttle window.
 */
export async function runRetention(db: Db): Promise<RetentionResult> {
  return {
    contactRequests: await deleteExpiredContactRequests(db),
    sessions: await deleteExpiredSessions(db),
    passwordResets: await deleteExpiredResets(db),
    loginFailures: await deleteOldLoginFailures(db),
  };
}
