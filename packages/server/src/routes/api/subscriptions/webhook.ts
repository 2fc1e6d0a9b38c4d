import { WebhookResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { ApiError } from "../../../lib/api-error";
import type { WebhookResult } from "../../../payments/stripe/webhooks";

/** Stripe events are small, but a subscription with many items can pass the API's 100 KB default body limit. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /subscriptions/webhook. The signature covers the exact bytes Stripe sent, so this route needs the raw body:
 * this plugin is encapsulated (not wrapped in fastify-plugin) and replaces the JSON parser for its own routes only;
 * every other route keeps parsing JSON as usual.
 */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/webhook",
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ["subscriptions"],
        summary: "Stripe webhook endpoint",
        description:
          "Verifies the Stripe-Signature header against STRIPE_WEBHOOK_SECRET (400 when missing or wrong). Handles " +
          "checkout.session.completed, customer.subscription.created/updated/deleted and invoice.payment_failed; " +
          "a redelivered event id is acknowledged without doing anything again. 502/503 when Stripe cannot be asked about the " +
          "subscription the event names (Stripe delivers it again later).",
        response: {
          200: WebhookResponseSchema,
          ...errorResponses({
            400: ["payments.signature_missing", "payments.signature_invalid"],
            404: ["payments.webhook_disabled"],
            502: ["payments.unavailable"],
            503: ["payments.unavailable"],
          }),
        },
      },
    },
    async (request, reply) => {
      const stripe = app.payments.stripe;
      if (!stripe) return reply.sendError(404, "payments.webhook_disabled");
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === "string" ? request.body : "");
      const signature = request.headers["stripe-signature"];
      let result: WebhookResult;
      try {
        result = await stripe.handleWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
      } catch (error) {
        // A refused signature says nothing trustworthy about the type; a failure after it does (Stripe signed it).
        if (error instanceof ApiError && error.statusCode < 500) app.metrics.webhookEvents.inc({ type: "unverified", outcome: "rejected" });
        else app.metrics.webhookEvents.inc({ type: signedEventType(raw), outcome: "failed" });
        throw error;
      }
      app.metrics.webhookEvents.inc({ type: result.type, outcome: result.duplicate ? "duplicate" : result.ignored ? "ignored" : "handled" });
      app.payments.deliverMails(result.mailIds);
      return result.duplicate ? { received: true as const, duplicate: true } : { received: true as const };
    },
  );
};

export default webhookRoutes;

/** The type of an event whose signature was verified, or `unknown` when the body holds none. */
function signedEventType(raw: Buffer): string {
  try {
    const type = (JSON.parse(raw.toString("utf8")) as { type?: unknown }).type;
    return typeof type === "string" ? type : "unknown";
  } catch {
    return "unknown";
  }
}
