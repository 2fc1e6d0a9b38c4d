import { DESK_PAGE_SIZE } from "@agency/contract";
import {
  DeskReplyBodySchema,
  DeskRequestPatchBodySchema,
  DeskRequestResponseSchema,
  DeskRequestsQuerySchema,
  DeskRequestsResponseSchema,
  RequestParamsSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { findStaffById } from "../../../desk/staff-repository";
import { allowanceOf } from "../../../requests/allowance";
import { calendarMonth } from "../../../requests/calendar";
import { companyEntitlement } from "../../../requests/entitlement";
import { countOverdue, queueEntry, queuePage } from "../../../requests/queue-repository";
import { lockRequest, publicMessage, threadOf, updateRequest } from "../../../requests/repository";
import { writeAgencyReply } from "../../../requests/thread";

const DESK_ERRORS = { 401: [], 403: ["desk.forbidden"] } as const;
const bearer = [{ bearer: [] }];

/**
 * The agency's queue of customer requests (/desk/requests): open ones with priority first (Professional, Enterprise,
 * the Pro plan), then the longest waiting, each with its company, package and minutes left this month; a reply with
 * the minutes it took; the status and the owner. Every change is written to the audit log.
 */
const deskRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const options = () => ({ graceDays: app.config.billing.pastDueGraceDays });

  /** The request as the desk's page shows it: the queue's row, the whole thread, and the company's minutes this month. */
  async function detail(id: string) {
    const request = await queueEntry(app.db, id, calendarMonth(), options());
    if (!request) return null;
    const entitlement = await companyEntitlement(app.db, request.company.id, options());
    const messages = (await threadOf(app.db, id)).map((row) => ({
      ...publicMessage(row, ""),
      authorName: row.author === "agency" ? (row.staff_email ?? "") : (row.user_name ?? ""),
      authorEmail: row.author === "customer" ? row.user_email : null,
    }));
    return { request, messages, allowance: await allowanceOf(app.db, request.company.id, entitlement, { hourlyRateCents: app.config.requests.hourlyRateCents }) };
  }

  const audit = (request: FastifyRequest, action: string, id: string, change: Record<string, unknown>, db = app.db) =>
    app.audit(request, { action, target: `request:${id}`, detail: change }, db);

  app.get(
    "/requests",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "The queue of customer requests of a status (open when none is asked for)",
        description:
          `Pages of ${DESK_PAGE_SIZE}. Open requests: priority first (Professional, Enterprise, the Pro plan), then the longest waiting ` +
          "for an answer; waiting and closed ones: the most recent first. `overdue` counts the open requests whose customer has waited " +
          "20 hours or more, whatever the filter; each such request is marked `overdue`.",
        security: bearer,
        querystring: DeskRequestsQuerySchema,
        response: { 200: DeskRequestsResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS }) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { requests, total } = await queuePage(app.db, { status: request.query.status ?? "open", page, month: calendarMonth() }, options());
      return { requests, total, overdue: await countOverdue(app.db), page, pageSize: DESK_PAGE_SIZE };
    },
  );

  app.get(
    "/requests/:id",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "One customer request: its company, package and minutes, and the whole thread",
        security: bearer,
        params: RequestParamsSchema,
        response: { 200: DeskRequestResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["desk.request_not_found"] }) },
      },
    },
    async (request, reply) => (await detail(request.params.id)) ?? reply.sendError(404, "desk.request_not_found"),
  );

  app.post(
    "/requests/:id/replies",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Answer a request, logging the minutes it took",
        description:
          "The request becomes `status` (waiting for the customer when none is given), and the staff member its owner when it had none. " +
          "The member who filed it (or, once they are gone, the company's owner) is mailed the answer in their language, with the " +
          "month's minutes and a link to the request.",
        security: bearer,
        params: RequestParamsSchema,
        body: DeskReplyBodySchema,
        response: { 201: DeskRequestResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["desk.request_not_found"] }) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const written = await writeAgencyReply(app, request.staff!.id, id, request.body);
      if (!written) return reply.sendError(404, "desk.request_not_found");
      await audit(request, "request.reply", id, { minutes: request.body.minutes, from: written.previous.status, to: written.request.status });
      app.outbox.deliverSoon(reply, written.mailIds);
      return reply.code(201).send((await detail(id))!);
    },
  );

  app.patch(
    "/requests/:id",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Set a request's status or owner",
        description: "`ownerId` is a staff member's id (400 `desk.staff_not_found` for one that does not exist), or null for nobody.",
        security: bearer,
        params: RequestParamsSchema,
        body: DeskRequestPatchBodySchema,
        response: {
          200: DeskRequestResponseSchema,
          ...errorResponses({ 400: ["desk.staff_not_found"], ...DESK_ERRORS, 404: ["desk.request_not_found"] }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status, ownerId } = request.body;
      if (ownerId && !(await findStaffById(app.db, ownerId))) return reply.sendError(400, "desk.staff_not_found", { fields: ["ownerId"] });
      const found = await app.db.transaction(async (tx) => {
        const before = await lockRequest(tx, id);
        if (!before) return false;
        const after = await updateRequest(tx, id, { status, ownerId });
        if (after.status !== before.status) await audit(request, "request.status", id, { from: before.status, to: after.status }, tx);
        if (after.owner_id !== before.owner_id) await audit(request, "request.owner", id, { from: before.owner_id, to: after.owner_id }, tx);
        return true;
      });
      if (!found) return reply.sendError(404, "desk.request_not_found");
      return (await detail(id))!;
    },
  );
};

export default deskRequestRoutes;
