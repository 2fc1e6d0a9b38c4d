import { AccountExportQuerySchema, AccountExportSchema, DeleteAccountBodySchema, SuccessMessageResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { confirmPassword } from "../../../accounts/confirm-password";
import { CloseAccountFailed, eraseAccount } from "../../../accounts/erasure";
import { findUserById } from "../../../accounts/repository";
import { authTexts } from "../../../accounts/texts";
import { listPasskeys } from "../../../auth-factors/passkey-repository";
import { consentRecordsById } from "../../../consent/repository";
import { quoteRequestsByEmail } from "../../../contact/repository";
import { departureNoter } from "../../../teams/changes";
import { findCompany, findMember, membershipOf } from "../../../teams/repository";
import { listSecurityEvents } from "../../../teams/security-log";
import { invoiceNumber } from "../../../payments/local/portal";
import { userPaymentRecords } from "../../../payments/payment-records";
import { ProviderError } from "../../../payments/provider-error";
import { listAccountWithdrawals } from "../../../withdrawals/repository";
import { requestLocale, say } from "../../../i18n";
import passkeyRoutes from "./passkeys";
import profileRoutes from "./profile";
import sessionRoutes from "./sessions";
import twoFactorRoutes from "./two-factor";

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/**
 * The signed-in user's rights over their own data: a copy of everything held about them, and erasure. Quote requests
 * are not tied to an account, so they are found by the account's e-mail address, and only once that address is
 * verified: anyone can sign up with any address, and must not read or erase what its owner sent. Consent records only
 * carry the anonymous id the cookie banner keeps in the browser, which the browser sends along. Every signed-in user
 * has these rights, with or without a subscription.
 */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before validation, so " New@Example.COM " is checked (and stored) as "new@example.com".
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object") {
      if (typeof body.newEmail === "string") body.newEmail = body.newEmail.trim().toLowerCase();
      if (typeof body.name === "string") body.name = body.name.trim();
    }
  });
  await app.register(profileRoutes);
  await app.register(sessionRoutes);
  await app.register(twoFactorRoutes);
  await app.register(passkeyRoutes);

  app.get(
    "/export",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Download everything held about the signed-in user",
        description:
          "The account, every subscription with its payment records (with test payments also the billing details and invoices), the " +
          "quote requests sent with the account's e-mail address (only when that address is verified; otherwise `quote_requests_note` " +
          "says why they are missing), and the cookie choices recorded under `consentId` (the banner's id in this browser). Sent as a " +
          "file (Content-Disposition: attachment), never cached. Also the account's passkeys (name, added, last used) and its " +
          "statements of withdrawal with what became of them. The company the account is a member of, its role there, and its security " +
          "log; the subscriptions, payment records and invoices are the company's, and the quote requests include those sent while signed " +
          "in to it.",
        security: [{ bearer: [] }],
        querystring: AccountExportQuerySchema,
        response: { 200: AccountExportSchema, ...errorResponses({ 400: [], 401: [] }) },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.user!.id);
      if (!user) return reply.sendError(401, "auth.required");
      const team = await membershipOf(app.db, user.id);
      const company = team ? await findCompany(app.db, team.id) : null;
      const member = team ? await findMember(app.db, team.id, user.id) : null;
      if (!team || !company || !member) return reply.sendError(401, "auth.required");
      const payments = await userPaymentRecords(app.db, { userId: user.id, companyId: team.id }, user.locale);
      const verified = user.email_verified_at !== null;
      const quotes = await quoteRequestsByEmail(app.db, verified ? user.email : null, team.id);
      const securityLog = await listSecurityEvents(app.db, { userId: user.id });
      const passkeys = await listPasskeys(app.db, user.id);
      const withdrawals = await listAccountWithdrawals(app.db, user.id, null);
      const consents = request.query.consentId ? await consentRecordsById(app.db, request.query.consentId) : [];
      const exportedAt = new Date();
      reply
        .header("content-disposition", `attachment; filename="my-data-${exportedAt.toISOString().slice(0, 10)}.json"`)
        .header("cache-control", "no-store");
      return {
        exported_at: exportedAt.toISOString(),
        account: { id: user.id, email: user.email, email_verified: verified, name: user.name, language: user.locale, created_at: iso(user.created_at) },
        company: {
          id: company.id,
          name: company.name,
          kvk_number: company.kvk_number,
          vat_id: company.vat_id,
          role: team.role,
          joined_at: iso(member.joined_at),
        },
        security_log: securityLog.map((e) => ({ at: iso(e.at), action: e.action, actor: e.actor_name, detail: e.detail })),
        subscriptions: payments.subscriptions.map((s) => ({
          ...s,
          current_period_start: iso(s.current_period_start),
          current_period_end: iso(s.current_period_end),
          started_at: isoOrNull(s.started_at),
          ended_at: isoOrNull(s.ended_at),
          created_at: iso(s.created_at),
        })),
        payment_customers: payments.customers.map((c) => ({ ...c, created_at: iso(c.created_at) })),
        checkouts: payments.checkouts.map((c) => ({ ...c, created_at: iso(c.created_at), completed_at: isoOrNull(c.completed_at) })),
        billing_details: payments.billingDetails && { country: payments.billingDetails.country, vat_number: payments.billingDetails.vatNumber },
        payment_method: payments.paymentMethod && { ...payments.paymentMethod, mandate_accepted_at: isoOrNull(payments.paymentMethod.mandate_accepted_at) },
        invoices: payments.invoices.map((i) => ({
          number: invoiceNumber(i),
          created_at: iso(i.created_at),
          currency: i.currency,
          subtotal: i.subtotal_cents / 100,
          vat: i.tax_cents / 100,
          total: i.total_cents / 100,
          status: i.status,
          country: i.country,
          vat_number: i.vat_number,
        })),
        quote_requests: quotes.map((q) => ({ ...q, created_at: iso(q.created_at), last_contact_at: iso(q.last_contact_at) })),
        quote_requests_note: verified ? null : say(requestLocale(request), authTexts.quoteRequestsWithheld, { email: user.email }),
        consent_records: consents.map((c) => ({ ...c, client_timestamp: iso(c.client_timestamp), created_at: iso(c.created_at) })),
        passkeys: passkeys.map((p) => ({ name: p.name, created_at: iso(p.created_at), last_used_at: isoOrNull(p.last_used_at) })),
        withdrawals: withdrawals.map((w) => ({
          received_at: iso(w.received_at),
          name: w.name,
          email: w.email,
          reference: w.reference,
          language: w.locale,
          signed_in: w.signed_in,
          within_period: w.within_period,
          outcome: w.outcome,
          used_days: w.used_days,
          period_days: w.period_days,
          refund: w.refund_cents === null ? null : { amount: w.refund_cents / 100, currency: w.refund_currency ?? "EUR", reference: w.refund_reference },
          executed_at: isoOrNull(w.executed_at),
          undone_at: isoOrNull(w.undone_at),
        })),
      };
    },
  );

  app.delete(
    "/",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Delete the signed-in user's account",
        description:
          "Confirmed with the current password (400 `account.wrong_password`; wrong ones are limited per account like logins, 429). Open " +
          "checkouts are first expired and a running subscription cancelled at once with the payment provider (503 `account.cancel_failed` " +
          "when that fails: nothing is deleted). Then the account, its sessions, subscriptions and payment records, its mails, and (when " +
          "its address is verified) the quote requests sent with its e-mail address are erased. The company's last member takes the company " +
          "along (its subscription is cancelled first); any other member leaves it, and its owner is told. An owner with other members hands " +
          "ownership over first (409 `team.owner_must_transfer`).",
        security: [{ bearer: [] }],
        body: DeleteAccountBodySchema,
        response: {
          200: SuccessMessageResponseSchema,
          ...errorResponses({
            400: ["account.wrong_password"],
            401: [],
            409: ["team.owner_must_transfer"],
            429: ["account.too_many_attempts"],
            503: ["account.cancel_failed"],
          }),
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const user = await confirmPassword(app.db, {
        userId: request.user!.id,
        password: request.body.password,
        field: "password",
        limit: app.config.limits.loginPerAccount,
      });

      try {
        const mailIds = await eraseAccount(
          { db: app.db, closeAccount: app.payments.closeAccount, revokeAll: app.sessions.revokeAll, noteDeparture: departureNoter(app) },
          user,
        );
        app.outbox.deliverSoon(reply, mailIds);
      } catch (failure) {
        if (!(failure instanceof CloseAccountFailed)) throw failure;
        const error = failure.cause;
        request.log.error(
          { err: error, ...(error instanceof ProviderError ? { provider: error.provider, providerRequestId: error.providerRequestId } : {}) },
          "account deletion: a checkout or subscription could not be closed at the payment provider",
        );
        return reply.sendError(503, "account.cancel_failed", { locale });
      }
      request.log.info({ userId: user.id }, "account deleted at its owner's request");
      return { success: true as const, message: say(locale, authTexts.accountDeleted) };
    },
  );
};

export default accountRoutes;
