import { HealthResponseSchema } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // No database round trip: this is the throughput baseline of the benchmark and a liveness probe.
  app.get(
    "/",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness",
        description: "200 while the process runs, without asking the database. Readiness (can it serve?) is /api/ready.",
        response: { 200: HealthResponseSchema },
      },
    },
    async (_request, reply) => {
      // Readable from any page (plugins/security.ts), so an element can tell a refused origin from a network problem.
      reply.header("cross-origin-resource-policy", "cross-origin");
      return { status: "ok" as const };
    },
  );
};

export default healthRoutes;
