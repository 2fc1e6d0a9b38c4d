import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { RawRequestDefaultExpression } from "fastify";
import type { Config } from "../config";
import { maskEmailsDeep, maskEmailsIn } from "./mask";

/** pino-pretty is a development dependency: a production install (the container image) does not have it. */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/**
 * Whatever grants access is never written, even when a log call hands over an object holding it: bearer tokens
 * (sessions, ADMIN_TOKEN) in request headers, cookies, passwords, tokens, and the Stripe secrets of the config.
 */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers[\"stripe-signature\"]",
  "headers.authorization",
  "headers.cookie",
  "*.headers.authorization",
  "authorization",
  "password",
  "*.password",
  "token",
  "*.token",
  "adminToken",
  "*.adminToken",
  "secretKey",
  "*.secretKey",
  "webhookSecret",
  "*.webhookSecret",
];
const redact = { paths: REDACTED_PATHS, censor: "[redacted]" };

/**
 * Fields of a database error that quote the data itself: PostgreSQL's `detail` ("Failing row contains (…)", "Key
 * (email)=(…) already exists") would put a lead's name or message in the log. The code, message and constraint stay.
 */
const DATA_FIELDS = new Set(["detail"]);

/**
 * Errors as pino writes them (type, message, stack, their own fields, the cause), with every e-mail address masked:
 * a mail server's refusal names the recipient in its message and in fields such as `rejected`.
 */
export function serializeError(error: Error, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  // Typed for Fastify's logger; at run time anything may be logged as `err`.
  if (!((error as unknown) instanceof Error)) return maskEmailsDeep(error) as ReturnType<typeof serializeError>;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) fields[key] = DATA_FIELDS.has(key) ? "[redacted]" : maskEmailsDeep(value);
  if (error.cause !== undefined && depth < 3) {
    fields.cause = error.cause instanceof Error ? serializeError(error.cause, depth + 1) : maskEmailsDeep(error.cause);
  }
  return { ...fields, type: error.name, message: maskEmailsIn(error.message), stack: maskEmailsIn(error.stack ?? "") };
}
const serializers = { err: serializeError };

export interface LoggerOptions {
  level: Config["logLevel"];
  redact: typeof redact;
  serializers: typeof serializers;
  transport?: { target: string; options: Record<string, unknown> };
}

/**
 * JSON lines (one object per line, for a log collector) in production and tests; readable, coloured lines through
 * pino-pretty in development when it is installed.
 */
export function loggerOptions(config: Config): LoggerOptions {
  if (config.nodeEnv === "development" && config.logLevel !== "silent" && prettyInstalled()) {
    return {
      level: config.logLevel,
      redact,
      serializers,
      transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } },
    };
  }
  return { level: config.logLevel, redact, serializers };
}

const REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * Request ids are random, so lines of several instances never share one. Behind a trusted proxy (TRUST_PROXY) the
 * proxy's `X-Request-Id` is used instead, so its access log and ours name a request alike.
 */
export function requestIdGenerator(config: Config): (request: RawRequestDefaultExpression) => string {
  const trusted = config.trustProxy !== false && config.trustProxy !== 0;
  return (request) => {
    const given = request.headers["x-request-id"];
    return trusted && typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
  };
}
