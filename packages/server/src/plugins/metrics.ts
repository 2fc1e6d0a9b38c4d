import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createMetrics, type Metrics } from "../metrics/registry";

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * The route pattern a request matched, the preview mount folded into the API's own (`/api/…`), or `unmatched`:
 * never the raw path, so a scanner trying random paths cannot blow up the number of series.
 */
export function metricsRoute(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return "unmatched";
  return pattern.replace(/^\/preview\/:first\/:second(?=\/api)/, "");
}

/**
 * Counts every answer (by method, route pattern and status, with its duration) and every rate-limit refusal (a 429,
 * by the route whose limit refused it). The other counts are taken where they happen (mail, webhooks, page renders);
 * GET /api/metrics serves them all.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const metrics = createMetrics(app.db, { processMetrics: Boolean(app.config.metricsToken) });
    app.decorate("metrics", metrics);
    app.addHook("onResponse", async (request, reply) => {
      const labels = { method: request.method, route: metricsRoute(request), status: String(reply.statusCode) };
      metrics.requests.inc(labels);
      metrics.requestDuration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) metrics.rateLimited.inc({ limit: labels.route });
    });
    app.addHook("onClose", async () => metrics.stop());
  },
  { name: "metrics", dependencies: ["config", "db"] },
);
