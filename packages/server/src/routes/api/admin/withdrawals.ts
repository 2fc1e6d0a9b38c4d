import type { FastifyRequest } from "fastify";
import { CancellationReasonsResponseSchema, WithdrawalsResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { bearerMatches } from "../../../lib/crypto";
import { listCancellationReasons, listWithdrawals } from "../../../withdrawals/repository";

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * What staff read about the end of contracts: every statement of withdrawal with its time and what became of it,
 * and the reasons customers gave when cancelling. Behind ADMIN_TOKEN like the lead export (registered only with it).
 */
const adminWithdrawalRoutes: FastifyPluginAsyncTypebox<{ token: string }> = async (app, { token }) => {
  const authorised = (request: FastifyRequest) => bearerMatches(request.headers.authorization, token);

  app.get(
    "/withdrawals",
    {
      schema: {
        tags: ["admin"],
        summary: "Statements of withdrawal, newest first (bearer ADMIN_TOKEN)",
        security: [{ bearer: [] }],
        response: { 200: WithdrawalsResponseSchema, ...errorResponses({ 403: ["admin.forbidden"], 429: ["admin.too_many_exports"] }) },
      },
    },
    async (request, reply) => {
      // They hold names and addresses: counted like a lead export, so a stolen token cannot drain them fast.
      const wait = await app.takeIpSlot(request, "admin-export");
      if (wait > 0) return reply.sendError(429, "admin.too_many_exports", { retryAfter: wait });
      if (!authorised(request)) return reply.sendError(403, "admin.forbidden");
      request.log.info({ export: "withdrawals", ipHash: app.hashIp(request.ip) }, "admin export of withdrawals");
      const rows = await listWithdrawals(app.db);
      return {
        withdrawals: rows.map((w) => ({
          id: w.id,
          received_at: new Date(w.received_at).toISOString(),
          name: w.name,
          email: w.email,
          reference: w.reference,
          user_id: w.user_id,
          subscription_id: w.subscription_id,
          outcome: w.outcome,
          refund_cents: w.refund_cents,
          refund_reference: w.refund_reference,
          executed_at: iso(w.executed_at),
          undone_at: iso(w.undone_at),
          last_error: w.last_error,
        })),
      };
    },
  );

  app.get(
    "/cancellation-reasons",
    {
      schema: {
        tags: ["admin"],
        summary: "Why customers cancelled, newest first (bearer ADMIN_TOKEN)",
        security: [{ bearer: [] }],
        response: { 200: CancellationReasonsResponseSchema, ...errorResponses({ 403: ["admin.forbidden"], 429: ["admin.too_many_exports"] }) },
      },
    },
    async (request, reply) => {
      const wait = await app.takeIpSlot(request, "admin-export");
      if (wait > 0) return reply.sendError(429, "admin.too_many_exports", { retryAfter: wait });
      if (!authorised(request)) return reply.sendError(403, "admin.forbidden");
      const rows = await listCancellationReasons(app.db);
      return { reasons: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })) };
    },
  );
};

export default adminWithdrawalRoutes;
