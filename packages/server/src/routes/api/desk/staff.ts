import {
  DeskAuditQuerySchema,
  DeskAuditResponseSchema,
  DeskIdParamsSchema,
  DeskInviteBodySchema,
  DeskInviteResponseSchema,
  DeskOkResponseSchema,
  DeskStaffResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { selectAuditEntries } from "../../../desk/audit-repository";
import { createEnrolmentLink, invitationMail, queueInvitation } from "../../../desk/enrolment";
import { deleteStaff, findStaffById, insertStaff, listStaff, publicStaff } from "../../../desk/staff-repository";
import { requestLocale } from "../../../i18n";

const ADMIN_ERRORS = { 401: [], 403: ["desk.forbidden", "desk.admin_only"] } as const;

/** Staff management and the audit log: admins only, but the list of colleagues, which every staff member sees. */
const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/staff",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "The staff, oldest first",
        security: [{ bearer: [] }],
        response: { 200: DeskStaffResponseSchema, ...errorResponses({ 401: [], 403: ["desk.forbidden"] }) },
      },
    },
    async () => ({ staff: (await listStaff(app.db)).map(publicStaff) }),
  );

  app.post(
    "/staff",
    {
      onRequest: app.deskAdmin,
      schema: {
        tags: ["desk"],
        summary: "Invite a staff member (admins only): an enrolment link goes to them by e-mail",
        description:
          "The link (PUBLIC_URL + basePath + `desk/enrol?token=…`, or `en/desk/enrol?token=…` in English) works once, within 24 hours. The mail is in `language` (default: the " +
          "request's). Written to the audit log.",
        security: [{ bearer: [] }],
        body: DeskInviteBodySchema,
        response: { 201: DeskInviteResponseSchema, ...errorResponses({ 400: [], ...ADMIN_ERRORS, 409: ["desk.staff_exists"] }) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const { role, basePath = "/" } = request.body;
      const locale = requestLocale(request, request.body.language);
      const created = await app.db.transaction(async (tx) => {
        const staff = await insertStaff(tx, email, role);
        if (!staff) return null;
        const { link, expiresAt } = await createEnrolmentLink(tx, { staffId: staff.id, publicUrl: app.config.publicUrl, basePath, locale });
        const content = invitationMail(locale, { inviter: request.staff!.email, role, link });
        const queued = await queueInvitation(app.outbox, tx, { staffId: staff.id, to: email, content, link, expiresAt });
        await app.audit(request, { action: "staff.invite", target: `staff:${email}`, detail: { role } }, tx);
        return { staff, queued };
      });
      if (!created) return reply.sendError(409, "desk.staff_exists");
      app.outbox.deliverSoon(reply, [created.queued]);
      return reply.code(201).send({ staff: publicStaff(created.staff) });
    },
  );

  app.delete(
    "/staff/:id",
    {
      onRequest: app.deskAdmin,
      schema: {
        tags: ["desk"],
        summary: "Remove a staff member (admins only); their sessions end at once",
        description: "An admin cannot remove themselves (409), so the desk always keeps an admin. Written to the audit log.",
        security: [{ bearer: [] }],
        params: DeskIdParamsSchema,
        response: {
          200: DeskOkResponseSchema,
          ...errorResponses({ 400: [], ...ADMIN_ERRORS, 404: ["desk.staff_not_found"], 409: ["desk.cannot_remove_self"] }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (id === request.staff!.id) return reply.sendError(409, "desk.cannot_remove_self");
      if (!(await findStaffById(app.db, id))) return reply.sendError(404, "desk.staff_not_found");
      const removed = await app.db.transaction(async (tx) => {
        const staff = await deleteStaff(tx, id);
        if (staff) await app.audit(request, { action: "staff.remove", target: `staff:${staff.email}`, detail: { role: staff.role } }, tx);
        return staff;
      });
      if (!removed) return reply.sendError(404, "desk.staff_not_found");
      return { success: true as const };
    },
  );

  app.get(
    "/audit",
    {
      onRequest: app.deskAdmin,
      schema: {
        tags: ["desk"],
        summary: "The audit log, newest first, 100 entries a page (admins only)",
        description: "Who did what, to what, when and from which address. Entries are never changed or deleted.",
        security: [{ bearer: [] }],
        querystring: DeskAuditQuerySchema,
        response: { 200: DeskAuditResponseSchema, ...errorResponses({ 400: [], ...ADMIN_ERRORS }) },
      },
    },
    async (request) => ({ entries: await selectAuditEntries(app.db, request.query.before) }),
  );
};

export default staffRoutes;
