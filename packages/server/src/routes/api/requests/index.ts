import type { FastifyReply, FastifyRequest } from "fastify";
import {
  AgreeExtraTimeBodySchema,
  AgreeExtraTimeResponseSchema,
  CreateRequestBodySchema,
  CreateRequestResponseSchema,
  PostMessageBodySchema,
  PostMessageResponseSchema,
  RequestDetailResponseSchema,
  RequestParamsSchema,
  RequestsResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import { takeRateSlot } from "../../../lib/throttle";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { agreeExtraTime, allowanceOf, extraTimeOf } from "../../../requests/allowance";
import { companyEntitlement, mayFile } from "../../../requests/entitlement";
import { findCompanyRequest, listCompanyRequests, publicMessage, publicRequest, threadOf } from "../../../requests/repository";
import { agencyName, fileRequest, writeCustomerMessage } from "../../../requests/thread";

const bearer = [{ bearer: [] }];
const SUBSCRIPTION_REQUIRED = "requests.subscription_required" as const;

/**
 * The customer's side of requests (/requests): every member of the company reads its requests, their threads and the
 * month's minutes; members of a company with an active subscription or package file requests and write in them,
 * counted per company and per address (REQUESTS_RATE_LIMIT, REQUESTS_RATE_LIMIT_IP); the owner and billing members
 * agree to have extra time invoiced. Another company's request does not exist here (404).
 */
const requestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object") {
      if (typeof body.subject === "string") body.subject = body.subject.trim();
      if (typeof body.message === "string") body.message = body.message.trim();
    }
  });

  const entitlementOf = (companyId: string) => companyEntitlement(app.db, companyId, { graceDays: app.config.billing.pastDueGraceDays });
  const minutes = { hourlyRateCents: app.config.requests.hourlyRateCents };

  /** preHandler after teamGuard: the company may write (403 requests.subscription_required), and has room to (429). */
  const mayWrite = async (request: FastifyRequest, reply: FastifyReply) => {
    const team = request.team!;
    if (!mayFile(await entitlementOf(team.id))) return reply.sendError(403, SUBSCRIPTION_REQUIRED);
    const { perCompany, perIp } = app.config.requests;
    const { wait } = await takeRateSlot(app.db, [
      { bucket: "company:requests", key: team.id, limit: perCompany, windowSeconds: 60 * 60 },
      { bucket: "ip:requests", key: app.hashIp(request.ip), limit: perIp, windowSeconds: 60 * 60 },
    ]);
    return wait > 0 ? reply.sendError(429, "requests.too_many", { retryAfter: wait }) : undefined;
  };
  const writer = (request: FastifyRequest) => request.user!;

  app.get(
    "/",
    {
      preHandler: app.teamGuard("team.view"),
      schema: {
        tags: ["requests"],
        summary: "The company's requests, and the minutes of this month",
        description:
          "For every member. `allowance` is this calendar month in Europe/Amsterdam: the minutes the monthly fee includes (240 with " +
          "Enterprise, else 120) and those the agency logged. `extraTime` lists this month and the one before when they have time past the " +
          "included minutes, with what the company agreed to have invoiced. At most the 200 most recent requests.",
        security: bearer,
        response: { 200: RequestsResponseSchema, ...errorResponses({ 401: [], 403: ["team.forbidden"] }) },
      },
    },
    async (request) => {
      const companyId = request.team!.id;
      const entitlement = await entitlementOf(companyId);
      return {
        entitled: mayFile(entitlement),
        requests: (await listCompanyRequests(app.db, companyId)).map(publicRequest),
        allowance: await allowanceOf(app.db, companyId, entitlement, minutes),
        extraTime: await extraTimeOf(app.db, companyId, entitlement, minutes),
      };
    },
  );

  app.post(
    "/",
    {
      preHandler: [app.teamGuard("team.view"), mayWrite],
      schema: {
        tags: ["requests"],
        summary: "File a request: a content update, a problem or a question",
        description:
          "Any member of a company with an active subscription or package (else 403 `requests.subscription_required`). The request is " +
          "stored first; then the member is mailed a confirmation in their language with a link to it, and the agency is told. Filing and " +
          "messages together are limited per company and per address (429 `requests.too_many`).",
        security: bearer,
        body: CreateRequestBodySchema,
        response: {
          201: CreateRequestResponseSchema,
          ...errorResponses({ 400: [], 401: [], 403: ["team.forbidden", SUBSCRIPTION_REQUIRED], 429: ["requests.too_many"] }),
        },
      },
    },
    async (request, reply) => {
      const entitlement = await entitlementOf(request.team!.id);
      const { request: created, mailIds } = await fileRequest(app, writer(request), request.team!.id, entitlement, request.body);
      app.outbox.deliverSoon(reply, mailIds);
      return reply.code(201).send({ request: publicRequest(created) });
    },
  );

  app.post(
    "/extra-time",
    {
      preHandler: app.teamGuard("billing.manage"),
      schema: {
        tags: ["requests"],
        summary: "Agree to have a month's extra time invoiced with the next monthly invoice",
        description:
          "For the owner and billing members. `minutes` is the month's extra time as shown: more than it is now answers 409 " +
          "`requests.extra_time_changed` (more or less time was logged since), a month other than this one or the one before 409 " +
          "`requests.period_closed`. Agreeing to what was agreed already changes nothing. The agreement is kept at the hourly rate of today.",
        security: bearer,
        body: AgreeExtraTimeBodySchema,
        response: {
          200: AgreeExtraTimeResponseSchema,
          ...errorResponses({ 400: [], 401: [], 403: ["team.forbidden"], 409: ["requests.extra_time_changed", "requests.period_closed"] }),
        },
      },
    },
    async (request, reply) => {
      const companyId = request.team!.id;
      const entitlement = await entitlementOf(companyId);
      const user = writer(request);
      const outcome = await app.db.transaction((tx) =>
        agreeExtraTime(tx, { companyId, period: request.body.period, minutes: request.body.minutes, entitlement, user, ...minutes }),
      );
      if (outcome === "changed") return reply.sendError(409, "requests.extra_time_changed");
      if (outcome === "closed") return reply.sendError(409, "requests.period_closed");
      return { extraTime: await extraTimeOf(app.db, companyId, entitlement, minutes) };
    },
  );

  app.get(
    "/:id",
    {
      preHandler: app.teamGuard("team.view"),
      schema: {
        tags: ["requests"],
        summary: "One request of the company, with its thread",
        description: "For every member; another company's request answers 404 `requests.not_found`, as one that does not exist.",
        security: bearer,
        params: RequestParamsSchema,
        response: { 200: RequestDetailResponseSchema, ...errorResponses({ 400: [], 401: [], 403: ["team.forbidden"], 404: ["requests.not_found"] }) },
      },
    },
    async (request, reply) => {
      const companyId = request.team!.id;
      const found = await findCompanyRequest(app.db, companyId, request.params.id);
      if (!found) return reply.sendError(404, "requests.not_found");
      const entitlement = await entitlementOf(companyId);
      const agency = agencyName(app.config.mailFrom);
      return {
        request: publicRequest(found),
        messages: (await threadOf(app.db, found.id)).map((message) => publicMessage(message, agency)),
        allowance: await allowanceOf(app.db, companyId, entitlement, minutes),
        entitled: mayFile(entitlement),
      };
    },
  );

  app.post(
    "/:id/messages",
    {
      preHandler: [app.teamGuard("team.view"), mayWrite],
      schema: {
        tags: ["requests"],
        summary: "Write in a request of the company",
        description:
          "Any member of a company with an active subscription or package. The request becomes the agency's turn: a waiting or closed one " +
          "is open again, and the agency is told. Limited with filing (429 `requests.too_many`).",
        security: bearer,
        params: RequestParamsSchema,
        body: PostMessageBodySchema,
        response: {
          201: PostMessageResponseSchema,
          ...errorResponses({
            400: [],
            401: [],
            403: ["team.forbidden", SUBSCRIPTION_REQUIRED],
            404: ["requests.not_found"],
            429: ["requests.too_many"],
          }),
        },
      },
    },
    async (request, reply) => {
      const companyId = request.team!.id;
      const written = await writeCustomerMessage(app, writer(request), companyId, await entitlementOf(companyId), request.params.id, request.body.message);
      if (!written) return reply.sendError(404, "requests.not_found");
      app.outbox.deliverSoon(reply, written.mailIds);
      const message = (await threadOf(app.db, written.request.id)).find((row) => row.id === written.messageId)!;
      return reply.code(201).send({ request: publicRequest(written.request), message: publicMessage(message, agencyName(app.config.mailFrom)) });
    },
  );
};

export default requestRoutes;
