import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { FastifyServerOptions, RawRequestDefaultExpression } from "fastify";
import type { Config } from "../config";

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
 * JSON lines (one object per line, for a log collector) in production and tests; readable, coloured lines through
 * pino-pretty in development when it is installed.
 */
export function loggerOptions(config: Config): NonNullable<FastifyServerOptions["logger"]> {
  if (config.nodeEnv === "development" && config.logLevel !== "silent" && prettyInstalled()) {
    return {
      level: config.logLevel,
      transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } },
    };
  }
  return { level: config.logLevel };
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
