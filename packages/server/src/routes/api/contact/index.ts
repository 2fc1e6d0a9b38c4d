import type { ErrorObject } from "ajv";
import { HONEYPOT_FIELD } from "@agency/contract";
import { ContactBodySchema, ContactChallengeResponseSchema, ContactResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { errorFields } from "../../../lib/validation";
import { contactChallenges } from "../../../contact/challenge";
import { enqueueQuoteConfirmation } from "../../../contact/confirmation";
import { enqueueQuoteNotification } from "../../../contact/notify";
import { enqueueLeadWebhook } from "../../../contact/webhook";
import { insertContactRequest } from "../../../contact/repository";
import { membershipOf } from "../../../teams/repository";
import { contactTexts } from "../../../contact/texts";
import { sentTooFast } from "../../../contact/too-fast";
import { requestLocale, say } from "../../../i18n";

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const challenges = app.config.contactChallenge ? await contactChallenges(app.db) : null;

  app.get(
    "/challenge",
    {
      schema: {
        tags: ["contact"],
        summary: "A proof-of-work challenge for the quote form",
        description:
          "With CONTACT_CHALLENGE=on a fresh ALTCHA challenge (valid for a day, usable once); the form solves it and sends the solution " +
          "as `challenge` with POST /contact. Otherwise `challenge` is null and POST /contact needs none.",
        response: { 200: ContactChallengeResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { challenge: challenges ? await challenges.issue() : null };
    },
  );
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
      preHandler: app.optionalUser,
      schema: {
        tags: ["contact"],
        summary: "Send a quote request",
        description:
          "Stored before anything else, with the agency's mail (and, with LEAD_WEBHOOK_URL, the signed post to it) queued in the same " +
          "transaction; both go out afterwards (retried with backoff when they fail). Errors are in the submitted language. " +
          `A non-empty \`${HONEYPOT_FIELD}\` (hidden honeypot) is answered as a success but kept as spam and not mailed (nor posted). ` +
          "A request sent faster than a person can fill in the form (`fillMs`, or the time since its challenge was issued, under 3 s) is answered " +
          "as a success and stored, but held for review instead of mailed (nor posted). With CONTACT_CHALLENGE=on, a request without a valid, unused " +
          "solution of GET /contact/challenge is refused (400 contact.challenge_failed) and stored nowhere. Sent with a session, it belongs to the " +
          "sender's company.",
        body: ContactBodySchema,
        response: { 200: ContactResponseSchema, ...errorResponses({ 400: ["contact.invalid_field", "contact.challenge_failed"], 429: ["contact.too_many_requests"] }) },
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

      // With the challenge on, a request without a valid, unused solution is refused before anything is stored.
      let challengeIssuedAt: number | undefined;
      if (challenges) {
        const check = await challenges.check(body.challenge);
        if (!check.ok) {
          request.log.info({ reason: check.reason }, "quote request refused: no valid proof-of-work solution");
          return reply.sendError(400, "contact.challenge_failed", { locale });
        }
        challengeIssuedAt = check.issuedAt;
      }

      const isSpam = (body[HONEYPOT_FIELD] ?? "").trim() !== "";
      const heldForReview = !isSpam && sentTooFast({ fillMs: body.fillMs, challengeIssuedAt });
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
          heldForReview,
          companyId: request.user ? ((await membershipOf(tx, request.user.id))?.id ?? null) : null,
        });
        if (isSpam || heldForReview) return { id: row.id, queued: [] };
        const notification = await enqueueQuoteNotification(app.outbox, tx, row, app.config.agencyInbox);
        const confirmation = await enqueueQuoteConfirmation(app.outbox, tx, row);
        const webhook = app.config.leadWebhook.url ? await enqueueLeadWebhook(app.outbox, tx, row) : null;
        return { id: row.id, queued: [notification, confirmation, webhook].filter((itemId): itemId is number => itemId !== null) };
      });
      if (isSpam) request.log.info({ contactRequestId: id }, "quote request caught by honeypot; stored as spam, not mailed");
      else if (heldForReview) request.log.info({ contactRequestId: id }, "quote request sent faster than a person can; held for review, not mailed");
      app.outbox.deliverSoon(reply, queued);
      return { success: true as const, message: say(locale, contactTexts.sent) };
    },
  );
};

export default contactRoutes;
