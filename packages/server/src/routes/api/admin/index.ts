import type { FastifyRequest } from "fastify";
import { LeadsResponseSchema, StringEnum, Type, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { exportLeadsCsv } from "../../../cli/leads";
import { listLeads } from "../../../contact/repository";
import { bearerMatches } from "../../../lib/crypto";
import adminWithdrawalRoutes from "./withdrawals";

/**
 * The agency's own lead export while the server runs (the CLI needs the embedded database to itself).
 * Guarded by ADMIN_TOKEN; without it the endpoints do not exist. A wrong token is 403, never 401:
 * in this API 401 means "your session is gone" and makes the browser log out.
 */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const token = app.config.adminToken;
  if (!token) return;

  const authorised = (request: FastifyRequest) => bearerMatches(request.headers.authorization, token);

  app.get(
    "/contact-requests",
    {
      schema: {
        tags: ["admin"],
        summary: "Quote requests as JSON, or as CSV with ?format=csv (bearer ADMIN_TOKEN)",
        security: [{ bearer: [] }],
        querystring: Type.Object({ format: Type.Optional(StringEnum(["json", "csv"] as const)) }, { additionalProperties: false }),
        response: {
          200: {
            description: "The quote requests: JSON, or CSV (a header line first) with ?format=csv",
            content: { "application/json": { schema: LeadsResponseSchema }, "text/csv": { schema: { type: "string" } } },
          },
          ...errorResponses({ 400: [], 403: ["admin.forbidden"], 429: ["admin.too_many_exports"] }),
        },
      },
    },
    async (request, reply) => {
      // Every attempt counts, a wrong token too, so guessing is throttled as well. Each export hands out personal
      // data, so the count lives in the database: a stolen token cannot drain it faster through several instances.
      const wait = await app.takeIpSlot(request, "admin-export");
      if (wait > 0) return reply.sendError(429, "admin.too_many_exports", { retryAfter: wait });
      if (!authorised(request)) return reply.sendError(403, "admin.forbidden");
      // Who exported what, when: never the content, and the address only as its keyed hash (as the privacy text says).
      request.log.info(
        { export: "contact-requests", format: request.query.format ?? "json", ipHash: app.hashIp(request.ip) },
        "admin export of quote requests",
      );
      // Text, not the JSON schema: a string is sent as it is, without serialisation.
      if (request.query.format === "csv") return reply.type("text/csv; charset=utf-8").send((await exportLeadsCsv(app.db)) as never);
      return { requests: await listLeads(app.db) };
    },
  );

  await app.register(adminWithdrawalRoutes, { token });
};

export default adminRoutes;
