import { DESK_PAGE_SIZE } from "@agency/contract";
import {
  DeskLeadParamsSchema,
  DeskLeadPatchBodySchema,
  DeskLeadResponseSchema,
  DeskLeadsExportQuerySchema,
  DeskLeadsQuerySchema,
  DeskLeadsResponseSchema,
  DeskReleaseResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { leadsCsv } from "../../../cli/leads";
import { leadDetail } from "../../../desk/lead-detail";
import { exportInbox, listInbox, lockLead, neverHandedOn, updateLead } from "../../../desk/leads-repository";
import { releaseLead } from "../../../desk/release";

const DESK_ERRORS = { 401: [], 403: ["desk.forbidden"] } as const;

/** The lead inbox: list, search, one lead, status and note, release, and the CSV export of the current filter. */
const leadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/leads",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "The inbox: quote requests newest first, filtered by status, searched by name, e-mail or company",
        description:
          `Pages of ${DESK_PAGE_SIZE}. \`q\` searches the words of the name, company and e-mail address: every word typed must be ` +
          "there, the last one may be the start of a word. " +
          "`unread` counts the requests with status new. A search counts its matches up to 1,000 (`totalCapped`).",
        security: [{ bearer: [] }],
        querystring: DeskLeadsQuerySchema,
        response: { 200: DeskLeadsResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS }) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      return { ...(await listInbox(app.db, request.query, page)), page, pageSize: DESK_PAGE_SIZE };
    },
  );

  app.get(
    "/leads.csv",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "The requests of the current filter as CSV, newest first",
        description:
          "Every cell is quoted, and a cell beginning with = + - @, a tab or a carriage return gets a leading apostrophe, so the file is safe " +
          "in spreadsheets that split on ; as well as on ,. Written to the audit log.",
        security: [{ bearer: [] }],
        querystring: DeskLeadsExportQuerySchema,
        response: {
          200: { description: "CSV, a header line first", content: { "text/csv": { schema: { type: "string" } } } },
          ...errorResponses({ 400: [], ...DESK_ERRORS }),
        },
      },
    },
    async (request, reply) => {
      const rows = await exportInbox(app.db, request.query);
      await app.audit(request, { action: "leads.export", target: null, detail: { ...request.query, rows: rows.length } });
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="leads.csv"')
        .send(leadsCsv(rows, ["status", "note", "released_at"]) as never);
    },
  );

  app.get(
    "/leads/:id",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "One quote request: every field, source and UTM, language, consent, why it was held or flagged, its mail and webhook",
        security: [{ bearer: [] }],
        params: DeskLeadParamsSchema,
        response: { 200: DeskLeadResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["desk.lead_not_found"] }) },
      },
    },
    async (request, reply) => {
      const lead = await leadDetail(app.db, request.params.id);
      if (!lead) return reply.sendError(404, "desk.lead_not_found");
      return { lead };
    },
  );

  app.patch(
    "/leads/:id",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Change a request's status or internal note",
        description:
          "A request that was held or caught as spam and never released can be archived or kept as spam, but becomes new or read only by " +
          "POST …/release (409 desk.release_first), which also sends it on. Each change is written to the audit log.",
        security: [{ bearer: [] }],
        params: DeskLeadParamsSchema,
        body: DeskLeadPatchBodySchema,
        response: {
          200: DeskLeadResponseSchema,
          ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["desk.lead_not_found"], 409: ["desk.release_first"] }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status, note } = request.body;
      const outcome = await app.db.transaction(async (tx) => {
        const lead = await lockLead(tx, id);
        if (!lead) return "not_found" as const;
        if ((status === "new" || status === "read") && neverHandedOn(lead)) return "release_first" as const;
        await updateLead(tx, id, { status, note });
        if (status !== undefined && status !== lead.status) {
          await app.audit(request, { action: "lead.status", target: `lead:${id}`, detail: { from: lead.status, to: status } }, tx);
        }
        if (note !== undefined && note !== lead.note) await app.audit(request, { action: "lead.note", target: `lead:${id}` }, tx);
        return "ok" as const;
      });
      if (outcome === "not_found") return reply.sendError(404, "desk.lead_not_found");
      if (outcome === "release_first") return reply.sendError(409, "desk.release_first");
      return { lead: (await leadDetail(app.db, id))! };
    },
  );

  app.post(
    "/leads/:id/release",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Release a held or spam request: it becomes new, and the agency's mail and the lead webhook go out once",
        description:
          "However often and however concurrently it is called, the mail and the webhook are queued once: the call that released it answers " +
          "`released: true`, later ones `released: false` and send nothing. 409 desk.not_releasable for a request that was never held or spam.",
        security: [{ bearer: [] }],
        params: DeskLeadParamsSchema,
        response: {
          200: DeskReleaseResponseSchema,
          ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["desk.lead_not_found"], 409: ["desk.not_releasable"] }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const deps = { outbox: app.outbox, agencyInbox: app.config.agencyInbox, webhook: Boolean(app.config.leadWebhook.url) };
      const outcome = await app.db.transaction(async (tx) => {
        const result = await releaseLead(tx, deps, id);
        if (result.kind === "released") {
          await app.audit(request, { action: "lead.release", target: `lead:${id}`, detail: { from: result.from, sent: result.queued.length > 0 } }, tx);
        }
        return result;
      });
      if (outcome.kind === "not_found") return reply.sendError(404, "desk.lead_not_found");
      if (outcome.kind === "not_releasable") return reply.sendError(409, "desk.not_releasable");
      if (outcome.kind === "released") app.outbox.deliverSoon(reply, outcome.queued);
      return { lead: (await leadDetail(app.db, id))!, released: outcome.kind === "released" };
    },
  );
};

export default leadRoutes;
