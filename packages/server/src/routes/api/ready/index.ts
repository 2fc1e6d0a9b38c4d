import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { errors } from "../../schemas";

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
        response: { 200: Type.Object({ status: Type.Literal("ready") }), ...errors(503) },
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
        return reply.code(503).send({ error: "Not ready: the database does not answer" });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};

export default readyRoutes;
