import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import {
  currentSubscription,
  findPlan,
  listPlans,
  liveSubscription,
  publicPlan,
  publicSubscription,
  publicSubscriptionById,
} from "../../../payments/store";
import { BILLING_PERIODS, type Locale } from "../../../types";
import { errors, LocaleSchema, StringEnum } from "../../schemas";
import testCheckoutRoutes from "./test-checkout";
import webhookRoutes from "./webhook";

const PlanSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  price_monthly: Type.Number({ description: "In `currency`, e.g. 49" }),
  price_yearly: Type.Number({ description: "In `currency`, e.g. 468" }),
  currency: Type.String({ description: "ISO 4217, e.g. EUR" }),
  features: Type.Union([Type.Array(Type.String()), Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]))]),
});

const SubscriptionSchema = Type.Object({
  plan_name: Type.String(),
  status: Type.String({ description: "active, trialing, past_due, unpaid, paused or incomplete" }),
  current_period_end: Type.String({ format: "date-time", description: "Next billing date, or the end date when cancel_at_period_end" }),
  cancel_at_period_end: Type.Boolean(),
  billing_period: StringEnum(BILLING_PERIODS),
});
const SubscriptionResponse = Type.Object({ subscription: Type.Union([SubscriptionSchema, Type.Null()]) });

const CheckoutUrl = Type.String({ minLength: 1, maxLength: 2000 });
const CreateCheckoutBody = Type.Object({
  planId: Type.String({ minLength: 1, maxLength: 100 }),
  billingPeriod: StringEnum(BILLING_PERIODS),
  successUrl: CheckoutUrl,
  cancelUrl: CheckoutUrl,
  language: Type.Optional(LocaleSchema),
});
const CreateCheckoutResponse = Type.Object({
  checkoutUrl: Type.Optional(Type.String({ description: "Send the browser here (test checkout or Stripe's hosted page)" })),
  sessionId: Type.Optional(Type.String({ description: "Embedded Stripe Checkout session" })),
  clientSecret: Type.Optional(Type.String()),
  publishableKey: Type.Optional(Type.String()),
});

const text = {
  en: {
    unknownPlan: (id: string) => `Unknown plan '${id}'`,
    badUrl: (field: string) => `${field} must be an address on this site (or on a partner site allowed by ALLOWED_ORIGINS)`,
    alreadyActive: "You already have an active subscription. You can manage it on your dashboard.",
    paymentProblem: "Your subscription has an unpaid invoice. Update your payment details instead of subscribing again.",
    none: "No active subscription",
    periodOver: "This subscription's period has already ended. Subscribe again to continue.",
  },
  nl: {
    unknownPlan: (id: string) => `Onbekend abonnement '${id}'`,
    badUrl: (field: string) => `${field} moet een adres op deze site zijn (of op een partnersite uit ALLOWED_ORIGINS)`,
    alreadyActive: "Je hebt al een actief abonnement. Je kunt het beheren in je dashboard.",
    paymentProblem: "Je abonnement heeft een openstaande factuur. Werk je betaalgegevens bij in plaats van opnieuw te abonneren.",
    none: "Geen actief abonnement",
    periodOver: "De periode van dit abonnement is al afgelopen. Neem opnieuw een abonnement om verder te gaan.",
  },
} satisfies Record<Locale, unknown>;

/** Only pages of the site itself or of ALLOWED_ORIGINS: anything else would make checkout an open redirect. */
function isAllowedRedirect(app: FastifyInstance, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  return app.isAllowedOrigin(url.origin);
}

/**
 * Absolute URL of the API base this request came in under: `${PUBLIC_URL}/api`, or
 * `${PUBLIC_URL}/preview/{first}/{second}/api`, so the test checkout page opens under the same base.
 */
function apiBaseUrl(request: FastifyRequest, publicUrl: string): string {
  const path = request.url.split("?")[0] ?? "";
  const at = path.lastIndexOf("/subscriptions/");
  return `${publicUrl}${at >= 0 ? path.slice(0, at) : "/api"}`;
}

const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/plans",
    {
      schema: {
        tags: ["subscriptions"],
        summary: "The plans on sale",
        description: "Prices are amounts in the plan's currency (49 means €49).",
        response: { 200: Type.Object({ plans: Type.Array(PlanSchema) }) },
      },
    },
    async () => ({ plans: (await listPlans(app.db)).map(publicPlan) }),
  );

  app.get(
    "/current",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["subscriptions"],
        summary: "The logged-in user's subscription",
        description: "null when the user has none, or only ended ones.",
        security: [{ bearer: [] }],
        response: { 200: SubscriptionResponse, ...errors(401) },
      },
    },
    async (request) => {
      const row = await currentSubscription(app.db, request.user!.id);
      return { subscription: row ? publicSubscription(row) : null };
    },
  );

  app.post(
    "/create-checkout",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["subscriptions"],
        summary: "Start a checkout for a plan",
        description:
          "Answers `{checkoutUrl}` (local test checkout, Stripe hosted) or `{sessionId, clientSecret, publishableKey}` (Stripe embedded). " +
          "successUrl and cancelUrl must be on the site's origin or one of ALLOWED_ORIGINS. 409 when the user already has a subscription.",
        security: [{ bearer: [] }],
        body: CreateCheckoutBody,
        response: { 200: CreateCheckoutResponse, ...errors(400, 401, 409, 503) },
      },
    },
    async (request, reply) => {
      const { planId, billingPeriod, successUrl, cancelUrl, language } = request.body;
      const user = request.user!;
      const locale = language ?? user.locale;
      const t = text[locale];

      const plan = await findPlan(app.db, planId);
      if (!plan) return reply.code(400).send({ error: t.unknownPlan(planId), fields: ["planId"] });
      for (const [field, value] of [["successUrl", successUrl], ["cancelUrl", cancelUrl]] as const) {
        if (!isAllowedRedirect(app, value)) return reply.code(400).send({ error: t.badUrl(field), fields: [field] });
      }
      const live = await liveSubscription(app.db, user.id);
      if (live) {
        const active = live.status === "active" || live.status === "trialing";
        return reply.code(409).send({ error: active ? t.alreadyActive : t.paymentProblem });
      }

      return app.payments.checkout.createCheckout({
        user,
        plan,
        billingPeriod,
        successUrl,
        cancelUrl,
        locale,
        apiBaseUrl: apiBaseUrl(request, app.config.publicUrl),
      });
    },
  );

  const changeCancellation = (cancel: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user!;
    const t = text[user.locale];
    const live = await liveSubscription(app.db, user.id);
    if (!live) return reply.code(404).send({ error: t.none });
    if (live.cancel_at_period_end === cancel) {
      // Already as asked (a double click, or a second tab): answer the state instead of an error.
      return { subscription: await publicSubscriptionById(app.db, live.id) };
    }
    if (!cancel && live.current_period_end <= new Date()) return reply.code(409).send({ error: t.periodOver });
    const result = await app.payments.providerFor(live).setCancelAtPeriodEnd(live, cancel);
    app.payments.deliverMails(result.mailIds);
    return { subscription: await publicSubscriptionById(app.db, result.subscription.id) };
  };

  app.post(
    "/cancel",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["subscriptions"],
        summary: "Cancel at the end of the current period",
        description: "Access continues until current_period_end. Through Stripe when the subscription is a Stripe one. Idempotent.",
        security: [{ bearer: [] }],
        response: { 200: SubscriptionResponse, ...errors(401, 404, 503) },
      },
    },
    changeCancellation(true),
  );

  app.post(
    "/resume",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["subscriptions"],
        summary: "Undo a pending cancellation before the period ends",
        security: [{ bearer: [] }],
        response: { 200: SubscriptionResponse, ...errors(401, 404, 409, 503) },
      },
    },
    changeCancellation(false),
  );

  await app.register(testCheckoutRoutes, { prefix: "/test-checkout" });
  await app.register(webhookRoutes);
};

export default subscriptionRoutes;
