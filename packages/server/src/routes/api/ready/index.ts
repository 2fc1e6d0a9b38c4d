import { errorResponses, ReadyResponseSchema } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";

/** A database that has not answered `SELECT 1` by then counts as down: a proxy's probe must not hang. */
export const READY_TIMEOUT_MS = 2000;

const readyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Readiness, unlike /api/health (liveness): can this instance serve requests now? A proxy or orchestrator sends
  // traffic only to instances that answer 200 and takes the others out of rotation without restarting them.
  app.get(
    "/",
    {
      schema: {
        tags: ["health"],
        summary: "Readiness",
        description:
          "200 when this instance can serve: its database answers a query within 2 seconds. 503 otherwise. " +
          "Use it as the readiness probe of a proxy or orchestrator; /api/health is the liveness probe.",
        response: { 200: ReadyResponseSchema, ...errorResponses({ 503: ["server.unavailable"] }) },
      },
    },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.query("SELECT 1"), timeout]);
        return { status: "ready" as const };
      } catch (error) {
        request.log.warn({ err: error }, "not ready: the database does not answer");
        return reply.sendError(503, "server.unavailable");
      } finally {
        clearTimeout(timer);
      }
    },
  );
};

export default readyRoutes;
