import { PayBodySchema, PortalResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { requestLocale } from "../../../i18n";
import { currentSubscription } from "../../../payments/subscriptions-repository";
import { subscriptionAccess } from "../../../payments/payment-attention";
import { apiBaseUrl, allowedRedirect } from "./redirects";

/**
 * A payment that needs the customer (a renewal that failed, a confirmation the bank asks for, a first payment not
 * completed): the one button of the notice on the settings page and the link of the payment-failed mail lead here.
 */
const payRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/pay",
    {
      preHandler: [app.teamGuard("billing.manage"), app.userLimit("billing")],
      schema: {
        tags: ["subscriptions"],
        summary: "Open the page to pay or confirm what is owed",
        description:
          "Answers `{url}`: Stripe's hosted invoice page of the open invoice (or the customer portal when no invoice is open any more), or the " +
          "test provider's pay page with test payments. returnUrl must be on the site's origin or one of ALLOWED_ORIGINS. 404 " +
          "`subscriptions.nothing_due` when nothing is owed. Limited per account (BILLING_RATE_LIMIT): 429 with Retry-After. For the " +
          "company's owner and billing members (403 `team.forbidden`).",
        security: [{ bearer: [] }],
        body: PayBodySchema,
        response: {
          200: PortalResponseSchema,
          ...errorResponses({
            400: ["subscriptions.invalid_redirect"],
            401: [],
            403: ["team.forbidden"],
            404: ["subscriptions.nothing_due"],
            429: ["request.too_many"],
            502: ["payments.unavailable"],
            503: ["payments.unavailable"],
          }),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const locale = request.body.language ?? requestLocale(request);
      const returnUrl = allowedRedirect(app, request.body.returnUrl);
      if (!returnUrl) return reply.sendError(400, "subscriptions.invalid_redirect", { fields: ["returnUrl"], locale });
      reply.header("cache-control", "no-store");
      const team = request.team!;
      const subscription = await currentSubscription(app.db, team.id, locale);
      const owed = subscription ? subscriptionAccess(subscription).payment_issue : null;
      if (!subscription || !owed) return reply.sendError(404, "subscriptions.nothing_due", { locale });
      const page = await app.payments.providerFor(subscription).paymentPage(subscription, {
        user,
        company: team,
        returnUrl,
        locale,
        apiBaseUrl: apiBaseUrl(request, app.config.publicUrl),
        sessionId: request.sessionId!,
      });
      if (!page) return reply.sendError(404, "subscriptions.nothing_due", { locale });
      return page;
    },
  );
};

export default payRoutes;
