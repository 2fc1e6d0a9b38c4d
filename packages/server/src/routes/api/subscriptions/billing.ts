import {
  CheckoutReturnParamsSchema,
  CheckoutReturnResponseSchema,
  InvoicesResponseSchema,
  PortalBodySchema,
  PortalResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import { CHECKOUT_RETURN_WINDOW_MS, type CheckoutOutcome } from "@agency/contract";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { requestLocale } from "../../../i18n";
import { findUserCheckout } from "../../../payments/checkouts-repository";
import { subscriptionById } from "../../../payments/subscriptions-repository";
import { apiBaseUrl, allowedRedirect } from "./redirects";

const PROVIDER_ERRORS = { 502: ["payments.unavailable"], 503: ["payments.unavailable"] } as const;

/**
 * The customer's billing: the payment provider's portal (card, billing address and VAT number, monthly or yearly,
 * invoices), the invoice list, and what became of a checkout the customer has just returned from.
 */
const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/portal",
    {
      preHandler: [app.teamGuard("billing.manage"), app.userLimit("billing")],
      schema: {
        tags: ["subscriptions"],
        summary: "Open the billing portal ('Manage billing')",
        description:
          "Answers `{url}`: Stripe's customer portal (card, invoices, billing address, VAT number, monthly ↔ yearly with proration), or the " +
          "test portal with test payments, whose link ends with the session that asked for it (logout, signing out elsewhere). returnUrl must be " +
          "on the site's origin or one of ALLOWED_ORIGINS. 404 when no provider bills this company. Limited per account (BILLING_RATE_LIMIT): " +
          "429 with Retry-After. For the company's owner and billing members (403 `team.forbidden`).",
        security: [{ bearer: [] }],
        body: PortalBodySchema,
        response: {
          200: PortalResponseSchema,
          ...errorResponses({
            400: ["subscriptions.invalid_redirect"],
            401: [],
            403: ["team.forbidden"],
            404: ["subscriptions.none"],
            429: ["request.too_many"],
            ...PROVIDER_ERRORS,
          }),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const locale = request.body.language ?? requestLocale(request);
      const returnUrl = allowedRedirect(app, request.body.returnUrl);
      if (!returnUrl) return reply.sendError(400, "subscriptions.invalid_redirect", { fields: ["returnUrl"], locale });
      const team = request.team!;
      const provider = await app.payments.billingProviderFor(team.id);
      const portal = provider
        ? await provider.createPortal({
            user,
            company: team,
            returnUrl,
            locale,
            apiBaseUrl: apiBaseUrl(request, app.config.publicUrl),
            sessionId: request.sessionId!,
          })
        : null;
      if (!portal) return reply.sendError(404, "subscriptions.none", { locale });
      return portal;
    },
  );

  app.get(
    "/invoices",
    {
      preHandler: [app.teamGuard("team.view"), app.userLimit("billing")],
      schema: {
        tags: ["subscriptions"],
        summary: "The company's invoices, newest first",
        description:
          "From the payment provider that bills the signed-in member's company; an empty list when there is none. Each has a link to its " +
          "PDF. Every member sees them. Limited per account (BILLING_RATE_LIMIT): 429 with Retry-After.",
        security: [{ bearer: [] }],
        response: { 200: InvoicesResponseSchema, ...errorResponses({ 401: [], 403: ["team.forbidden"], 429: ["request.too_many"], ...PROVIDER_ERRORS }) },
      },
    },
    async (request, reply) => {
      const team = request.team!;
      const provider = await app.payments.billingProviderFor(team.id);
      reply.header("cache-control", "no-store");
      return { invoices: provider ? await provider.listInvoices(team, apiBaseUrl(request, app.config.publicUrl)) : [] };
    },
  );

  app.get(
    "/checkouts/:id",
    {
      preHandler: [app.authenticate, app.userLimit("checkout")],
      schema: {
        tags: ["subscriptions"],
        summary: "What became of the signed-in user's checkout",
        description:
          "`id` is the `checkout` parameter the provider returned to successUrl with. `paid` or `refunded` only within an hour of the payment " +
          "(`refunded`: the user already had a subscription, so this payment was returned); `processing`: completed with a payment that " +
          "arrives later (SEPA Direct Debit), not yet paid; `open`: not paid; `closed`: cancelled, expired or " +
          "paid earlier. 404 for a checkout of someone else or none at all. Limited per account with the checkouts started " +
          "(CHECKOUT_RATE_LIMIT): 429 with Retry-After.",
        security: [{ bearer: [] }],
        params: CheckoutReturnParamsSchema,
        response: { 200: CheckoutReturnResponseSchema, ...errorResponses({ 401: [], 404: ["not_found"], 429: ["request.too_many"], ...PROVIDER_ERRORS }) },
      },
    },
    async (request, reply) => {
      const checkout = await findUserCheckout(app.db, request.user!.id, request.params.id);
      if (!checkout) return reply.sendError(404, "not_found");
      reply.header("cache-control", "no-store");
      const progress = await app.payments.providerFor(checkout).checkoutProgress(checkout);
      if (progress !== "paid") return { status: progress };
      // Paid, and the webhook not yet here (no completion time): it has just happened.
      const completedAt = checkout.completed_at ?? new Date();
      if (Date.now() - completedAt.getTime() > CHECKOUT_RETURN_WINDOW_MS) return { status: "closed" as CheckoutOutcome };
      const subscription = checkout.subscription_id ? await subscriptionById(app.db, checkout.subscription_id) : null;
      return { status: (subscription?.refunded_at ? "refunded" : "paid") as CheckoutOutcome };
    },
  );
};

export default billingRoutes;
