import type { FastifyReply, FastifyRequest } from "fastify";
import {
  CancelBodySchema,
  CreateCheckoutBodySchema,
  CreateCheckoutResponseSchema,
  PlansResponseSchema,
  SubscriptionResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import { grantsAccess, type CancelPayload } from "@agency/contract";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { findPlan } from "../../../payments/plans-repository";
import { currentSubscription, liveSubscription, publicSubscription, publicSubscriptionById } from "../../../payments/subscriptions-repository";
import { PLANS_TTL_SECONDS, matchesEtag } from "../../../payments/plans-cache";
import { requestLocale } from "../../../i18n";
import billingRoutes from "./billing";
import payRoutes from "./pay";
import { allowedRedirect, apiBaseUrl } from "./redirects";
import testCheckoutRoutes from "./test-checkout";
import testPortalRoutes from "./test-portal";
import webhookRoutes from "./webhook";
import { keepCancellationReason } from "../../../withdrawals/cancellation-reasons";

/** Adds `field` to the answer's Vary header, keeping what other plugins put there (Origin, Accept-Encoding). */
function varyOn(reply: FastifyReply, field: string): void {
  const current = reply.getHeader("vary");
  const fields = current === undefined ? [] : String(current).split(",").map((f) => f.trim()).filter(Boolean);
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) reply.header("vary", [...fields, field].join(", "));
}

const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/plans",
    {
      schema: {
        tags: ["subscriptions"],
        summary: "The plans on sale",
        description:
          "Names, descriptions and features in the request's language (Accept-Language). Prices are amounts in the plan's currency (49 means €49). " +
          `Public and cacheable for ${PLANS_TTL_SECONDS} s (Vary: Accept-Language); an If-None-Match with the answer's ETag gets 304.`,
        response: { 200: PlansResponseSchema },
      },
    },
    async (request, reply) => {
      const { json, etag } = await app.payments.plans.get(requestLocale(request));
      reply.header("cache-control", `public, max-age=${PLANS_TTL_SECONDS}`).header("etag", etag);
      varyOn(reply, "Accept-Language");
      // 304 has no body, so the route's documented answers (200 only) do not type it.
      if (matchesEtag(request.headers["if-none-match"], etag)) return (reply as FastifyReply).code(304).send();
      // Already serialised, and checked against PlansResponseSchema when it was made: a string goes out as it is.
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  app.get(
    "/current",
    {
      preHandler: app.teamGuard("team.view"),
      schema: {
        tags: ["subscriptions"],
        summary: "The subscription of the signed-in member's company",
        description:
          "The company's, for every member whatever their role; null when it has none, or only ended ones. The plan's name is in the request's language. has_access is what the subscription " +
          "guard reads; payment_issue and access_until say what the customer must pay or confirm, and until when they keep the paid features.",
        security: [{ bearer: [] }],
        response: { 200: SubscriptionResponseSchema, ...errorResponses({ 401: [], 403: ["team.forbidden"] }) },
      },
    },
    async (request) => {
      const row = await currentSubscription(app.db, request.team!.id, requestLocale(request));
      return { subscription: row ? publicSubscription(row, app.config.billing.pastDueGraceDays) : null };
    },
  );

  app.post(
    "/create-checkout",
    {
      preHandler: [app.teamGuard("billing.manage"), app.userLimit("checkout")],
      schema: {
        tags: ["subscriptions"],
        summary: "Start a checkout for a plan",
        description:
          "Answers `{checkoutUrl}` (local test checkout, Stripe hosted) or `{sessionId, clientSecret, publishableKey}` (Stripe embedded). " +
          "successUrl and cancelUrl must be on the site's origin or one of ALLOWED_ORIGINS. 409 when the user already has a subscription. " +
          "The provider returns to successUrl with a `checkout` parameter added, which GET /subscriptions/checkouts/{id} answers about. " +
          "502/503 `payments.unavailable` when the payment provider refuses or cannot be reached. Limited per account with the checkout " +
          "lookups (CHECKOUT_RATE_LIMIT): 429 with Retry-After. The subscription is the company's: only its owner and billing members may " +
          "buy (403 `team.forbidden`), and 409 when the company already has one.",
        security: [{ bearer: [] }],
        body: CreateCheckoutBodySchema,
        response: {
          200: CreateCheckoutResponseSchema,
          ...errorResponses({
            400: ["subscriptions.unknown_plan", "subscriptions.invalid_redirect"],
            401: [],
            403: ["team.forbidden"],
            409: ["subscriptions.already_active", "subscriptions.payment_problem"],
            429: ["request.too_many"],
            502: ["payments.unavailable"],
            503: ["payments.unavailable"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { planId, billingPeriod, language, immediateStart } = request.body;
      const user = request.user!;
      const locale = language ?? user.locale;

      const plan = await findPlan(app.db, planId, { locale });
      if (!plan) return reply.sendError(400, "subscriptions.unknown_plan", { fields: ["planId"], locale });
      const successUrl = allowedRedirect(app, request.body.successUrl);
      if (!successUrl) return reply.sendError(400, "subscriptions.invalid_redirect", { fields: ["successUrl"], locale });
      const cancelUrl = allowedRedirect(app, request.body.cancelUrl);
      if (!cancelUrl) return reply.sendError(400, "subscriptions.invalid_redirect", { fields: ["cancelUrl"], locale });
      const team = request.team!;
      const live = await liveSubscription(app.db, team.id);
      if (live) return reply.sendError(409, grantsAccess(live.status) ? "subscriptions.already_active" : "subscriptions.payment_problem", { locale });

      return app.payments.checkout.createCheckout({
        user,
        company: team,
        plan,
        billingPeriod,
        successUrl,
        cancelUrl,
        locale,
        immediateStart,
        apiBaseUrl: apiBaseUrl(request, app.config.publicUrl),
      });
    },
  );

  const changeCancellation = (cancel: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request);
    const live = await liveSubscription(app.db, request.team!.id);
    if (!live) return reply.sendError(404, "subscriptions.none");
    if (live.cancel_at_period_end === cancel) {
      // Already as asked (a double click, or a second tab): answer the state instead of an error.
      return { subscription: await publicSubscriptionById(app.db, live.id, locale, app.config.billing.pastDueGraceDays) };
    }
    if (!cancel && live.current_period_end <= new Date()) return reply.sendError(409, "subscriptions.period_over");
    const result = await app.payments.providerFor(live).setCancelAtPeriodEnd(live, cancel);
    app.payments.deliverMails(result.mailIds);
    if (cancel) await keepCancellationReason(app, live, request.body as CancelPayload | undefined);
    return { subscription: await publicSubscriptionById(app.db, result.subscription.id, locale, app.config.billing.pastDueGraceDays) };
  };

  app.post(
    "/cancel",
    {
      // The reason is optional, and so is the body: clients that send none (every element before the question) still cancel.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: [app.teamGuard("billing.manage"), app.userLimit("billing")],
      schema: {
        tags: ["subscriptions"],
        summary: "Cancel at the end of the current period",
        description:
          "For the company's owner and billing members (403 `team.forbidden`). Access continues until current_period_end. Through Stripe when the subscription is a Stripe one. Idempotent. The body is " +
          "optional: why the customer cancels (one of a few reasons and/or free text), kept for the agency after the cancellation is done. " +
          "Limited per account with the other billing calls (BILLING_RATE_LIMIT): 429 with Retry-After, before Stripe is asked.",
        security: [{ bearer: [] }],
        body: CancelBodySchema,
        response: {
          200: SubscriptionResponseSchema,
          ...errorResponses({
            400: [],
            401: [],
            403: ["team.forbidden"],
            404: ["subscriptions.none"],
            429: ["request.too_many"],
            502: ["payments.unavailable"],
            503: ["payments.unavailable"],
          }),
        },
      },
    },
    changeCancellation(true),
  );

  app.post(
    "/resume",
    {
      preHandler: [app.teamGuard("billing.manage"), app.userLimit("billing")],
      schema: {
        tags: ["subscriptions"],
        summary: "Undo a pending cancellation before the period ends",
        description:
          "For the company's owner and billing members (403 `team.forbidden`). Limited per account with the other billing calls " +
          "(BILLING_RATE_LIMIT): 429 with Retry-After, before Stripe is asked.",
        security: [{ bearer: [] }],
        response: {
          200: SubscriptionResponseSchema,
          ...errorResponses({
            401: [],
            403: ["team.forbidden"],
            404: ["subscriptions.none"],
            409: ["subscriptions.period_over"],
            429: ["request.too_many"],
            502: ["payments.unavailable"],
            503: ["payments.unavailable"],
          }),
        },
      },
    },
    changeCancellation(false),
  );

  await app.register(billingRoutes);
  await app.register(payRoutes);
  // Only with test payments: when Stripe takes the money, no page of ours can mark a checkout paid or switch a plan.
  if (app.config.payments === "test") {
    await app.register(testCheckoutRoutes, { prefix: "/test-checkout" });
    await app.register(testPortalRoutes);
  }
  await app.register(webhookRoutes);
};

export default subscriptionRoutes;
