import { once } from "node:events";
import {
  WithdrawalBodySchema,
  WithdrawalResponseSchema,
  WithdrawalStatusResponseSchema,
  WithdrawalUndoBodySchema,
  WithdrawalUndoResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import { withdrawalDeadline } from "@agency/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { requestLocale, say } from "../../../i18n";
import { liveSubscription, publicSubscriptionById } from "../../../payments/subscriptions-repository";
import { billingCompanyOf } from "../../../teams/repository";
import { carryOutWithdrawals } from "../../../withdrawals/execution";
import { recordStatement } from "../../../withdrawals/statement";
import { withdrawalTexts } from "../../../withdrawals/texts";
import { undoWithdrawal } from "../../../withdrawals/undo";

/** Resolves once the answer has gone out, so work after it cannot change how long the answer took. */
const answered = (reply: FastifyReply) => (reply.raw.writableFinished ? Promise.resolve() : Promise.race([once(reply.raw, "finish"), once(reply.raw, "close")]));

/**
 * The withdrawal function (Consumer Rights Directive, Art. 11a): the statement, what a signed-in customer's form
 * shows before they confirm, and the acknowledgement's undo link.
 */
const withdrawalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before validation, so " Ann@Example.COM " is the account ann@example.com, as at sign-up.
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object") {
      if (typeof body.email === "string") body.email = body.email.trim().toLowerCase();
      if (typeof body.name === "string") body.name = body.name.trim();
      if (typeof body.reference === "string") body.reference = body.reference.trim();
    }
  });

  app.post(
    "/",
    {
      preHandler: [app.ipLimit("withdrawal"), app.optionalUser],
      schema: {
        tags: ["withdrawals"],
        summary: "State withdrawal from a contract (no sign-in needed)",
        // Signed in or not: with a session the statement is tied to that account.
        security: [{}, { bearer: [] }],
        description:
          "Stores the statement with its time and answers the same whether or not the address belongs to an account. The " +
          "acknowledgement is queued in the mail outbox to the account's own address (never to the one typed), with a link " +
          "that undoes a statement the owner did not make. Within 14 days of the subscription's start it ends now and is " +
          "refunded through the payment provider (less the days used when the customer asked for an immediate start); after " +
          "them it is cancelled at the period's end. Both happen after the answer, retried while the provider fails. Limited " +
          "per IP (WITHDRAWAL_RATE_LIMIT): 429 with Retry-After.",
        body: WithdrawalBodySchema,
        response: { 200: WithdrawalResponseSchema, ...errorResponses({ 400: [], 429: ["request.too_many"] }) },
      },
    },
    async (request, reply) => {
      const { name, email, reference, basePath = "/" } = request.body;
      const locale = requestLocale(request, request.body.language);
      const { row, mailId } = await recordStatement(app, {
        name,
        email,
        reference: reference || null,
        locale,
        userId: request.user?.id ?? null,
        basePath,
      });
      if (mailId !== null) app.outbox.deliverSoon(reply, [mailId]);
      if (row.outcome === "pending") {
        const done = answered(reply);
        app.background("withdrawal", async () => {
          await done;
          return carryOutWithdrawals(app, row.id);
        });
      }
      return { received: true as const, received_at: row.received_at.toISOString(), message: say(locale, withdrawalTexts.received) };
    },
  );

  app.get(
    "/mine",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["withdrawals"],
        summary: "The signed-in customer's contract, as the withdrawal form shows it",
        description:
          "null when the customer's company has no running subscription, or the customer may not manage its billing (a statement of theirs " +
          "would end nothing). within_period says whether a statement now ends it with a refund.",
        security: [{ bearer: [] }],
        response: { 200: WithdrawalStatusResponseSchema, ...errorResponses({ 401: [] }) },
      },
    },
    async (request) => {
      const company = await billingCompanyOf(app.db, request.user!.id);
      const live = company ? await liveSubscription(app.db, company) : null;
      const shown = live ? await publicSubscriptionById(app.db, live.id, requestLocale(request), app.config.billing.pastDueGraceDays) : null;
      if (!live || !shown) return { contract: null };
      const deadline = withdrawalDeadline(live.started_at ?? live.created_at);
      return {
        contract: {
          plan_name: shown.plan_name,
          started_at: (live.started_at ?? live.created_at).toISOString(),
          withdrawal_deadline: deadline.toISOString(),
          within_period: new Date() <= deadline,
          current_period_end: live.current_period_end.toISOString(),
          cancel_at_period_end: live.cancel_at_period_end,
        },
      };
    },
  );

  app.post(
    "/undo",
    {
      preHandler: app.ipLimit("withdrawal-undo"),
      schema: {
        tags: ["withdrawals"],
        summary: "Undo a statement of withdrawal the owner did not make (the acknowledgement's link)",
        description:
          "Single use, until the end of the period the subscription had. A statement not yet carried out is dropped, a cancellation " +
          "at period end resumed. A subscription that was ended and refunded is not restored (`refunded`: the customer keeps the " +
          "refund, and the link changes nothing); one of which nothing was refunded runs again until that period's end. Whatever it " +
          "did is written to the audit log and shown in the desk. Limited per IP (WITHDRAWAL_RATE_LIMIT): 429 with Retry-After.",
        body: WithdrawalUndoBodySchema,
        response: {
          200: WithdrawalUndoResponseSchema,
          ...errorResponses({
            400: ["withdrawals.undo_invalid"],
            409: ["withdrawals.undo_busy"],
            429: ["request.too_many"],
            502: ["payments.unavailable"],
            503: ["payments.unavailable"],
          }),
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const { outcome, withdrawal } = await undoWithdrawal(app, request.body.token);
      if (outcome === "invalid") return reply.sendError(400, "withdrawals.undo_invalid", { fields: ["token"], locale });
      if (outcome === "busy") return reply.sendError(409, "withdrawals.undo_busy", { locale });
      // Staff see in the audit log that the owner disowned the statement, and what that did.
      if (withdrawal?.userId) {
        const customer = `customer:${withdrawal.userId}`;
        await app.audit(request, { actor: customer, action: "withdrawal.undo", target: customer, detail: { withdrawal: withdrawal.id, outcome } });
      }
      const texts = { restored: withdrawalTexts.restored, resumed: withdrawalTexts.resumed, refunded: withdrawalTexts.refunded, nothing_to_undo: withdrawalTexts.nothingToUndo };
      return { outcome, message: say(locale, texts[outcome]) };
    },
  );
};

export default withdrawalRoutes;
