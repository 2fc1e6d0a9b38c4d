import type { FastifyInstance } from "fastify";
import accountRoutes from "./account/index";
import adminRoutes from "./admin/index";
import authRoutes from "./auth/index";
import blogRoutes from "./blog/index";
import consentRoutes from "./consent/index";
import contactRoutes from "./contact/index";
import deskRoutes from "./desk/index";
import healthRoutes from "./health/index";
import metricsRoutes from "./metrics/index";
import readyRoutes from "./ready/index";
import subscriptionRoutes from "./subscriptions/index";
import teamRoutes from "./teams/index";
import withdrawalRoutes from "./withdrawals/index";

/**
 * Every API route, relative to the API base. Registered twice by app.ts (at /api and at
 * /preview/:first/:second/api), so add new resources here and they exist under both.
 */
export default async function apiRoutes(app: FastifyInstance) {
  // Never kept by a browser or proxy cache: every answer under /auth (tokens, reset results), and every answer to a
  // request carrying a session or admin token (the subscription, the account, the lead export are personal data).
  app.addHook("onSend", async (request, reply) => {
    if (request.headers.authorization || /\/api\/auth(\/|\?|$)/.test(request.url)) reply.header("cache-control", "no-store");
  });

  await app.register(healthRoutes, { prefix: "/health" });
  await app.register(readyRoutes, { prefix: "/ready" });
  await app.register(metricsRoutes, { prefix: "/metrics" });
  await app.register(authRoutes, { prefix: "/auth" });
  await app.register(accountRoutes, { prefix: "/account" });
  // The company: /account/team… and /team-invitations…
  await app.register(teamRoutes);
  await app.register(contactRoutes, { prefix: "/contact" });
  await app.register(blogRoutes, { prefix: "/blog" });
  await app.register(consentRoutes, { prefix: "/consent" });
  await app.register(subscriptionRoutes, { prefix: "/subscriptions" });
  await app.register(withdrawalRoutes, { prefix: "/withdrawals" });
  await app.register(adminRoutes, { prefix: "/admin" });
  await app.register(deskRoutes, { prefix: "/desk" });

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  // Unknown API paths answer JSON 404 for every method (GETs would otherwise reach the site's SPA fallback).
  app.all("/*", { schema: { hide: true } }, async (_request, reply) => reply.sendError(404, "not_found"));
}
