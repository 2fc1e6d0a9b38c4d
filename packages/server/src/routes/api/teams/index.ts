import {
  ChangeRoleBodySchema,
  IdParamsSchema,
  MemberResponseSchema,
  SuccessMessageResponseSchema,
  TeamResponseSchema,
  TransferBodySchema,
  UpdateTeamBodySchema,
  UpdateTeamResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import { normalizeVatNumber, roleCan, type TeamPermission, type TeamRole } from "@agency/contract";
import { ApiError } from "../../../lib/api-error";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { requestLocale, say } from "../../../i18n";
import { pendingInvitations, publicInvitation } from "../../../teams/invitations-repository";
import { changeRole, leaveCompany, removeMember, transferOwnership, withTeamLock } from "../../../teams/membership";
import { findCompany, findMember, listMembers, publicMember, publicTeam, updateCompany } from "../../../teams/repository";
import { teamTexts } from "../../../teams/texts";
import invitationRoutes from "./invitations";

const bearer = [{ bearer: [] }];

/**
 * The signed-in person's company (`/account/team`): who is in it with which role, its pending invitations, and the
 * calls that change them. Each call names the permission it needs; `teamGuard` checks it against the caller's role as
 * the database has it at that moment, and the changes check it again under the company's lock (teams/membership.ts).
 */
const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object") {
      if (typeof body.name === "string") body.name = body.name.trim();
      if (typeof body.email === "string") body.email = body.email.trim().toLowerCase();
      if (typeof body.vatId === "string") body.vatId = normalizeVatNumber(body.vatId) || null;
      if (typeof body.kvkNumber === "string") body.kvkNumber = body.kvkNumber.replace(/\s/g, "") || null;
    }
  });

  app.get(
    "/account/team",
    {
      preHandler: app.teamGuard("team.view"),
      schema: {
        tags: ["team"],
        summary: "The signed-in person's company, its members and its pending invitations",
        description: "Every member sees the company and its members; the pending invitations only the owner and admins (an empty list for the others).",
        security: bearer,
        response: { 200: TeamResponseSchema, ...errorResponses({ 401: [], 403: ["team.forbidden"] }) },
      },
    },
    async (request, reply) => {
      const team = request.team!;
      const company = await findCompany(app.db, team.id);
      if (!company) return reply.sendError(403, "team.forbidden");
      const invitations = roleCan(team.role, "team.manage") ? await pendingInvitations(app.db, team.id) : [];
      return {
        team: publicTeam(company),
        role: team.role,
        members: (await listMembers(app.db, team.id)).map(publicMember),
        invitations: invitations.map(publicInvitation),
      };
    },
  );

  app.patch(
    "/account/team",
    {
      preHandler: app.teamGuard("team.view"),
      schema: {
        tags: ["team"],
        summary: "Rename the company, or set its KvK or VAT number",
        description:
          "The name and the KvK number need the owner or an admin; the VAT number (printed on the company's invoices from now on) the owner " +
          "or a billing member: 403 `team.forbidden` when the caller's role lacks what a field needs, and nothing changes. null clears a number.",
        security: bearer,
        body: UpdateTeamBodySchema,
        response: { 200: UpdateTeamResponseSchema, ...errorResponses({ 400: [], 401: [], 403: ["team.forbidden"] }) },
      },
    },
    async (request, reply) => {
      const { name, kvkNumber, vatId } = request.body;
      const needs: TeamPermission[] = [];
      if (name !== undefined || kvkNumber !== undefined) needs.push("team.manage");
      if (vatId !== undefined) needs.push("billing.manage");
      const allowed = (role: TeamRole) => needs.every((permission) => roleCan(role, permission));
      if (!allowed(request.team!.role)) return reply.sendError(403, "team.forbidden");
      const company = await withTeamLock(app, request.user!.id, "team.view", async (tx, team) => {
        if (!allowed(team.role)) throw new ApiError(403, "team.forbidden");
        return updateCompany(tx, team.id, { name, kvkNumber, vatId });
      });
      return { team: publicTeam(company!) };
    },
  );

  app.patch(
    "/account/team/members/:id",
    {
      preHandler: app.teamGuard("team.manage"),
      schema: {
        tags: ["team"],
        summary: "Change a member's role",
        description:
          "For the owner and admins. Never their own role and never the owner's (ownership is handed over with /account/team/transfer): 403 " +
          "`team.forbidden`. The change is in the security log and mailed to the owner.",
        security: bearer,
        params: IdParamsSchema,
        body: ChangeRoleBodySchema,
        response: { 200: MemberResponseSchema, ...errorResponses({ 400: [], 401: [], 403: ["team.forbidden"], 404: ["team.member_not_found"] }) },
      },
    },
    async (request, reply) => {
      const { member, mailIds } = await changeRole(app, request.user!, request.params.id, request.body.role);
      app.outbox.deliverSoon(reply, mailIds);
      return { member: publicMember(member) };
    },
  );

  app.delete(
    "/account/team/members/:id",
    {
      preHandler: app.teamGuard("team.manage"),
      schema: {
        tags: ["team"],
        summary: "Remove a member from the company",
        description:
          "For the owner and admins; never the owner, never oneself (leave instead): 403 `team.forbidden`. The person keeps their account in a " +
          "company of their own and loses this one at once, on every session. In the security log and mailed to the owner.",
        security: bearer,
        params: IdParamsSchema,
        response: { 200: SuccessMessageResponseSchema, ...errorResponses({ 400: [], 401: [], 403: ["team.forbidden"], 404: ["team.member_not_found"] }) },
      },
    },
    async (request, reply) => {
      const member = await findMember(app.db, request.team!.id, request.params.id);
      const mailIds = await removeMember(app, request.user!, request.params.id);
      app.outbox.deliverSoon(reply, mailIds);
      return { success: true as const, message: say(requestLocale(request), teamTexts.memberRemoved, { name: member?.name ?? "" }) };
    },
  );

  app.post(
    "/account/team/leave",
    {
      preHandler: app.teamGuard("team.view"),
      schema: {
        tags: ["team"],
        summary: "Leave the company",
        description:
          "The person keeps their account, in a company of their own (answered). The owner cannot leave (409 `team.owner_cannot_leave`): " +
          "they hand ownership over first. In the security log and mailed to the owner.",
        security: bearer,
        response: { 200: UpdateTeamResponseSchema, ...errorResponses({ 401: [], 403: ["team.forbidden"], 409: ["team.owner_cannot_leave"] }) },
      },
    },
    async (request, reply) => {
      const { companyId, mailIds } = await leaveCompany(app, request.user!);
      app.outbox.deliverSoon(reply, mailIds);
      return { team: publicTeam((await findCompany(app.db, companyId))!) };
    },
  );

  app.post(
    "/account/team/transfer",
    {
      preHandler: app.teamGuard("team.transfer"),
      schema: {
        tags: ["team"],
        summary: "Hand ownership over to another member",
        description: "For the owner only; the owner becomes an admin. In the security log and mailed to both.",
        security: bearer,
        body: TransferBodySchema,
        response: { 200: SuccessMessageResponseSchema, ...errorResponses({ 400: [], 401: [], 403: ["team.forbidden"], 404: ["team.member_not_found"] }) },
      },
    },
    async (request, reply) => {
      const member = await findMember(app.db, request.team!.id, request.body.memberId);
      const mailIds = await transferOwnership(app, request.user!, request.body.memberId);
      app.outbox.deliverSoon(reply, mailIds);
      return { success: true as const, message: say(requestLocale(request), teamTexts.ownershipTransferred, { name: member?.name ?? "" }) };
    },
  );

  await app.register(invitationRoutes);
};

export default teamRoutes;
