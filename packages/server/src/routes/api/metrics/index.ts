import type { FastifyPluginAsync } from "fastify";
import { bearerMatches } from "../../../lib/crypto";

/**
 * The counts for Prometheus (text exposition format), for whoever holds METRICS_TOKEN; without the setting the
 * route does not exist (404). An operator's endpoint, not part of the site's JSON API: left out of the OpenAPI
 * document. A wrong token is 403, never 401 (in this API 401 means "your session is gone").
 */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.metricsToken;
  if (!token) return;

  app.get("/", { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) return reply.sendError(403, "admin.forbidden");
    const text = await app.metrics.registry.metrics();
    return reply.header("cache-control", "no-store").type(app.metrics.registry.contentType).send(text);
  });
};

export default metricsRoutes;
