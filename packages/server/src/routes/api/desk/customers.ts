import {
  DeskCustomerResponseSchema,
  DeskCustomersQuerySchema,
  DeskCustomersResponseSchema,
  DeskIdParamsSchema,
  DeskOkResponseSchema,
  DeskResendVerificationBodySchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { CloseAccountFailed, eraseAccount } from "../../../accounts/erasure";
import { queueVerification } from "../../../accounts/mails";
import { findUserById } from "../../../accounts/repository";
import { findCustomer, liveSessionCount, quoteRequestConsents, searchCustomers } from "../../../desk/customers-repository";
import { takeRateSlot } from "../../../lib/throttle";
import { liveSubscription } from "../../../payments/subscriptions-repository";
import { sessionLimits } from "../../../plugins/auth";
import { apiBaseUrl } from "../subscriptions/redirects";
import { VERIFICATION_MAILS_PER_HOUR } from "../auth/email-verification";
import { listAccountWithdrawals } from "../../../withdrawals/repository";
import { requestLocale } from "../../../i18n";
import type { Locale } from "@agency/contract";
import { departureNoter } from "../../../teams/changes";
import { deskCompany } from "../../../teams/desk-view";
import { membershipOf } from "../../../teams/repository";

const DESK_ERRORS = { 401: [], 403: ["desk.forbidden"] } as const;

/** The customer view: search, one customer, and what staff may do for them (with the audit log written). */
const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The plan is named in the desk's language (the request's), as the site names it. */
  const customerDetail = async (id: string, apiBase: string, locale: Locale) => {
    const user = await findUserById(app.db, id);
    const summary = user ? await findCustomer(app.db, id, locale) : null;
    const team = user ? await membershipOf(app.db, id) : null;
    if (!user || !summary) return null;
    const provider = team ? await app.payments.billingProviderFor(team.id) : null;
    const invoices = provider && team ? await provider.listInvoices(team, apiBase) : [];
    return {
      ...summary,
      company: team ? await deskCompany(app.db, team) : null,
      language: user.locale,
      pendingEmail: user.pending_email,
      sessions: await liveSessionCount(app.db, id, sessionLimits(app.config).idleSeconds),
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        createdAt: invoice.created_at,
        total: invoice.total,
        currency: invoice.currency,
        status: invoice.status,
      })),
      consentRecords: user.email_verified_at ? await quoteRequestConsents(app.db, user.email) : [],
      withdrawals: (await listAccountWithdrawals(app.db, id)).map((row) => ({
        id: row.id,
        receivedAt: new Date(row.received_at).toISOString(),
        // Undone after it was carried out, it is undone all the same: staff must not read "ended and refunded" beside a
        // subscription that runs again.
        outcome: row.undone_at ? ("undone" as const) : row.outcome,
        executedAt: row.executed_at ? new Date(row.executed_at).toISOString() : null,
        undoneAt: row.undone_at ? new Date(row.undone_at).toISOString() : null,
        refund: row.refund_cents === null ? null : { cents: row.refund_cents, currency: row.refund_currency ?? "EUR", reference: row.refund_reference },
      })),
    };
  };

  app.get(
    "/customers",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Search customers by e-mail address or name; newest accounts first, at most 50",
        security: [{ bearer: [] }],
        querystring: DeskCustomersQuerySchema,
        response: { 200: DeskCustomersResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS }) },
      },
    },
    async (request) => ({ customers: await searchCustomers(app.db, request.query.q, requestLocale(request)) }),
  );

  app.get(
    "/customers/:id",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "One customer: account, verification, signed-in devices, subscription, invoices, consent records and withdrawals",
        security: [{ bearer: [] }],
        params: DeskIdParamsSchema,
        response: {
          200: DeskCustomerResponseSchema,
          ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["desk.customer_not_found"], 502: ["payments.unavailable"], 503: ["payments.unavailable"] }),
        },
      },
    },
    async (request, reply) => {
      const customer = await customerDetail(request.params.id, apiBaseUrl(request, app.config.publicUrl), requestLocale(request));
      if (!customer) return reply.sendError(404, "desk.customer_not_found");
      return { customer };
    },
  );

  app.post(
    "/customers/:id/resend-verification",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Mail the customer a new link to verify their address, in their own language",
        description: `Counted with the customer's own requests: at most ${VERIFICATION_MAILS_PER_HOUR} an hour (429 account.too_many_mails).`,
        security: [{ bearer: [] }],
        params: DeskIdParamsSchema,
        body: DeskResendVerificationBodySchema,
        response: {
          200: DeskOkResponseSchema,
          ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["desk.customer_not_found"], 409: ["desk.already_verified"], 429: ["account.too_many_mails"] }),
        },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.params.id);
      if (!user) return reply.sendError(404, "desk.customer_not_found");
      if (user.email_verified_at) return reply.sendError(409, "desk.already_verified");
      const slot = await takeRateSlot(app.db, [{ bucket: "mail:verify", key: user.id, limit: VERIFICATION_MAILS_PER_HOUR, windowSeconds: 60 * 60 }]);
      if (slot.wait > 0) return reply.sendError(429, "account.too_many_mails", { retryAfter: slot.wait });
      const queued = await app.db.transaction(async (tx) => {
        await app.audit(request, { action: "customer.resend_verification", target: `customer:${user.id}` }, tx);
        return queueVerification(app.outbox, tx, {
          publicUrl: app.config.publicUrl,
          basePath: request.body.basePath ?? "/",
          purpose: "verify",
          user,
          email: user.email,
          locale: request.body.language ?? user.locale,
        });
      });
      app.outbox.deliverSoon(reply, [queued]);
      return { success: true as const };
    },
  );

  app.post(
    "/customers/:id/cancel-subscription",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Cancel the customer's subscription at the end of its period (they keep access until then)",
        description: "Through the provider that manages it, as the customer's own cancellation. Idempotent; written to the audit log.",
        security: [{ bearer: [] }],
        params: DeskIdParamsSchema,
        response: {
          200: DeskCustomerResponseSchema,
          ...errorResponses({
            400: [],
            ...DESK_ERRORS,
            404: ["desk.customer_not_found"],
            409: ["desk.no_subscription"],
            502: ["payments.unavailable"],
            503: ["payments.unavailable"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await findUserById(app.db, id))) return reply.sendError(404, "desk.customer_not_found");
      const team = await membershipOf(app.db, id);
      const live = team ? await liveSubscription(app.db, team.id) : null;
      if (!live) return reply.sendError(409, "desk.no_subscription");
      if (!live.cancel_at_period_end) {
        const result = await app.payments.providerFor(live).setCancelAtPeriodEnd(live, true);
        app.payments.deliverMails(result.mailIds);
        await app.audit(request, { action: "customer.cancel_subscription", target: `customer:${id}`, detail: { subscription: live.id } });
      }
      return { customer: (await customerDetail(id, apiBaseUrl(request, app.config.publicUrl), requestLocale(request)))! };
    },
  );

  app.delete(
    "/customers/:id",
    {
      onRequest: app.deskAdmin,
      schema: {
        tags: ["desk"],
        summary: "Erase a customer's account (admins only), as the customer's own deletion does",
        description:
          "Open checkouts are expired and running subscriptions cancelled at once with the payment provider first (503 desk.cancel_failed: " +
          "nothing is deleted); then the account, its sessions, subscriptions, mails and (when its address is verified) its quote requests.",
        security: [{ bearer: [] }],
        params: DeskIdParamsSchema,
        response: {
          200: DeskOkResponseSchema,
          ...errorResponses({ 400: [], 401: [], 403: ["desk.forbidden", "desk.admin_only"], 404: ["desk.customer_not_found"], 503: ["desk.cancel_failed"] }),
        },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.params.id);
      if (!user) return reply.sendError(404, "desk.customer_not_found");
      try {
        const mailIds = await eraseAccount(
          { db: app.db, closeAccount: app.payments.closeAccount, revokeAll: app.sessions.revokeAll, noteDeparture: departureNoter(app) },
          user,
          { handOver: true },
        );
        app.outbox.deliverSoon(reply, mailIds);
      } catch (failure) {
        if (!(failure instanceof CloseAccountFailed)) throw failure;
        request.log.error({ err: failure.cause }, "desk erasure: a checkout or subscription could not be closed at the payment provider");
        return reply.sendError(503, "desk.cancel_failed");
      }
      // The address is personal data of someone erased: the entry keeps the id only.
      await app.audit(request, { action: "customer.erase", target: `customer:${user.id}` });
      return { success: true as const };
    },
  );
};

export default customerRoutes;
