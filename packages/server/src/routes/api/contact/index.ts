import type { ErrorObject } from "ajv";
import { HONEYPOT_FIELD } from "@agency/contract";
import { ContactBodySchema, ContactResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { errorFields } from "../../../lib/validation";
import { enqueueQuoteNotification } from "../../../contact/notify";
import { insertContactRequest } from "../../../contact/store";
import { contactTexts } from "../../../contact/texts";
import { requestLocale, say } from "../../../i18n";

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== "object" || Array.isArray(body)) return;
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") body[key] = value.trim();
    if (typeof body.email === "string") body.email = body.email.toLowerCase();
  });

  app.post(
    "/",
    {
      attachValidation: true,
      schema: {
        tags: ["contact"],
        summary: "Send a quote request",
        description:
          "Stored before anything else, with the agency's mail queued in the same transaction; the mail is sent afterwards " +
          "(retried with backoff when it fails). Errors are in the submitted language. " +
          `A non-empty \`${HONEYPOT_FIELD}\` (hidden honeypot) is answered as a success but kept as spam and not mailed.`,
        body: ContactBodySchema,
        response: { 200: ContactResponseSchema, ...errorResponses({ 400: ["contact.invalid_field"], 429: ["contact.too_many_requests"] }) },
      },
    },
    async (request, reply) => {
      const raw = request.body as Record<string, unknown> | null;
      const locale = requestLocale(request, raw && typeof raw === "object" ? raw.language : undefined);
      if (request.validationError) {
        const validation = (request.validationError as { validation?: ErrorObject[] }).validation ?? [];
        return reply.sendError(400, "contact.invalid_field", { fields: errorFields(validation), locale });
      }
      const body = request.body;

      // Counted before it is stored, so parallel requests cannot all slip under the limit (CONTACT_RATE_LIMIT).
      const wait = await app.takeIpSlot(request, "contact");
      if (wait > 0) return reply.sendError(429, "contact.too_many_requests", { retryAfter: wait, locale });

      const isSpam = (body[HONEYPOT_FIELD] ?? "").trim() !== "";
      const utm = Object.fromEntries(Object.entries(body.utm ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
      // The request and its notification commit together: the answer is only sent for a stored request, and a
      // stored request is never left without its mail.
      const { id, queued } = await app.db.transaction(async (tx) => {
        const row = await insertContactRequest(tx, {
          request: body,
          pageUrl: (body.pageUrl || request.headers.referer || "").slice(0, 2000),
          origin: String(request.headers.origin ?? "").slice(0, 500),
          referrer: String(request.headers.referer ?? "").slice(0, 2000),
          utm,
          ipHash: app.hashIp(request.ip),
          isSpam,
        });
        return { id: row.id, queued: isSpam ? [] : [await enqueueQuoteNotification(app.outbox, tx, row, app.config.agencyInbox)] };
      });
      if (isSpam) request.log.info({ contactRequestId: id }, "quote request caught by honeypot; stored as spam, not mailed");
      app.outbox.deliverSoon(reply, queued);
      return { success: true as const, message: say(locale, contactTexts.sent) };
    },
  );
};

export default contactRoutes;
