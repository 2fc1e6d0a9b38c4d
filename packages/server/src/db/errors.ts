/**
 * What a database error means for the caller. PostgreSQL names its errors by SQLSTATE; node-postgres adds its own
 * for connections it cannot make or lost. Both databases and both kinds of failure answer 503: the request may
 * succeed when tried again, and nothing about it is the client's fault.
 */

/** Cancelled by a limit: statement_timeout (57014), lock_timeout (55P03), idle_in_transaction_session_timeout (25P03). */
const TIMEOUTS = new Set(["57014", "55P03", "25P03"]);

/**
 * The database is not there: being shut down or restarted (57P01–57P03), a connection exception (class 08), or a
 * connection refused, reset or never made in time.
 */
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/;

export type DatabaseFailure = "timeout" | "unavailable";

/** Whether `error` (or what caused it) is a database that gave up on a query in time, or one that is not there. */
export function databaseFailure(error: unknown, depth = 0): DatabaseFailure | null {
  if (!(error instanceof Error) || depth > 3) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (TIMEOUTS.has(code)) return "timeout";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return "unavailable";
  }
  if (UNAVAILABLE_MESSAGES.test(error.message)) return "unavailable";
  return databaseFailure(error.cause, depth + 1);
}
