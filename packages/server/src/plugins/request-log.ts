import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The path to log for a request: never the query string (reset links carry their token there), and for a route
 * with parameters its pattern (`/api/subscriptions/test-checkout/:id`) instead of the values, since a parameter can
 * be what grants access (a test checkout id). Wildcard routes (the site's files, unknown paths) keep the real path.
 */
export function loggedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern && /(^|\/):/.test(pattern)) return pattern;
  return request.url.split("?")[0] ?? "/";
}

/**
 * One log line per request that went wrong or took long: every answer outside 2xx (5xx as errors) and every answer
 * slower than SLOW_REQUEST_MS, with method, path, status, duration and request id. Successful fast requests are
 * logged at debug level only (LOG_LEVEL=debug shows them). Never bodies, headers or query strings.
 * Every answer carries its request id in `X-Request-Id`, so a visitor's report can be found in the log.
 */
export default fp(
  async function requestLogPlugin(app: FastifyInstance) {
    const slowMs = app.config.slowRequestMs;
    app.addHook("onRequest", async (request, reply) => {
      reply.header("x-request-id", request.id);
    });
    app.addHook("onResponse", async (request, reply) => {
      const status = reply.statusCode;
      const ms = Math.round(reply.elapsedTime);
      const slow = ms >= slowMs;
      const path = loggedPath(request);
      const entry = { method: request.method, path, status, ms, ...(slow ? { slow } : {}) };
      const message = `${request.method} ${path} ${status} ${ms} ms${slow ? " (slow)" : ""}`;
      if (status >= 500) request.log.error(entry, message);
      else if (status >= 300 || status < 200 || slow) request.log.info(entry, message);
      else request.log.debug(entry, message);
    });
  },
  { name: "request-log", dependencies: ["config"] },
);
