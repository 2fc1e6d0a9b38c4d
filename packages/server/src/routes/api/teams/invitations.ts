import {
  AcceptInvitationBodySchema,
  AcceptInvitationResponseSchema,
  CreateInvitationBodySchema,
  IdParamsSchema,
  InvitationPreviewResponseSchema,
  InvitationResponseSchema,
  InvitationTokenQuerySchema,
  SuccessMessageResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { requestLocale, say } from "../../../i18n";
import { publicInvitation } from "../../../teams/invitations-repository";
import { acceptInvitation, invite, previewInvitation, withdrawInvitation } from "../../../teams/invitations";
import { publicTeam } from "../../../teams/repository";
import { teamTexts } from "../../../teams/texts";

const bearer = [{ bearer: [] }];
const TOKEN_ERRORS = { 404: ["team.invitation_invalid"], 410: ["team.invitation_used", "team.invitation_expired"] } as const;

/**
 * Invitations: sent and withdrawn by the owner and admins (`/account/team/invitations`), looked at without a session
 * and accepted with the invitee's (`/team-invitations`).
 */
const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/account/team/invitations",
    {
      preHandler: app.teamGuard("team.manage"),
      schema: {
        tags: ["team"],
        summary: "Invite someone by e-mail",
        description:
          "For the owner and admins whose own address is verified (403 `team.email_unverified`). Mails a link to PUBLIC_URL + basePath + " +
          "`join?token=…` (`en/join` in English, with `&lang=`), single use, valid 7 days. 409 when the address is a member already, has a " +
          "pending invitation, or the company has 20 pending; at most 50 invitation mails per company a day (429). In the security log and " +
          "mailed to the owner.",
        security: bearer,
        body: CreateInvitationBodySchema,
        response: {
          201: InvitationResponseSchema,
          ...errorResponses({
            400: [],
            401: [],
            403: ["team.forbidden", "team.email_unverified"],
            409: ["team.already_member", "team.already_invited", "team.too_many_invitations"],
            429: ["request.too_many"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { email, role, language, basePath = "/" } = request.body;
      const locale = language ?? requestLocale(request);
      const { invitation, mailIds } = await invite(app, request.user!, { email, role, locale, basePath });
      app.outbox.deliverSoon(reply, mailIds);
      return reply.code(201).send({ invitation: publicInvitation(invitation) });
    },
  );

  app.delete(
    "/account/team/invitations/:id",
    {
      preHandler: app.teamGuard("team.manage"),
      schema: {
        tags: ["team"],
        summary: "Withdraw a pending invitation",
        description: "For the owner and admins; its link stops working at once. In the security log and mailed to the owner.",
        security: bearer,
        params: IdParamsSchema,
        response: { 200: SuccessMessageResponseSchema, ...errorResponses({ 400: [], 401: [], 403: ["team.forbidden"], 404: ["team.invitation_not_found"] }) },
      },
    },
    async (request, reply) => {
      const { email, mailIds } = await withdrawInvitation(app, request.user!, request.params.id);
      app.outbox.deliverSoon(reply, mailIds);
      return { success: true as const, message: say(requestLocale(request), teamTexts.invitationRevoked, { email }) };
    },
  );

  app.get(
    "/team-invitations",
    {
      preHandler: app.ipLimit("team-invitation"),
      schema: {
        tags: ["team"],
        summary: "Who invites whom to which company (the invitation link's page)",
        description:
          "No session needed, and nothing changes: a mail scanner or a prefetch that opens the link uses nothing up. Limited per IP with " +
          "the acceptances (RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        querystring: InvitationTokenQuerySchema,
        response: { 200: InvitationPreviewResponseSchema, ...errorResponses({ 400: [], ...TOKEN_ERRORS, 429: ["request.too_many"] }) },
      },
    },
    async (request, reply) => {
      const invitation = await previewInvitation(app.db, request.query.token);
      reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
      return { teamName: invitation.company_name, invitedBy: invitation.invited_by_name, email: invitation.email, role: invitation.role };
    },
  );

  app.post(
    "/team-invitations/accept",
    {
      preHandler: [app.ipLimit("team-invitation"), app.authenticate],
      schema: {
        tags: ["team"],
        summary: "Accept an invitation",
        description:
          "With the session of the account whose address the invitation was sent to (403 `team.invitation_email_mismatch` otherwise); " +
          "that address then counts as verified. A person alone in a company without a running subscription moves over (that company " +
          "goes); anyone else leaves their company first (409 `team.leave_company_first`). Limited per IP with the look-ups (429).",
        security: bearer,
        body: AcceptInvitationBodySchema,
        response: {
          200: AcceptInvitationResponseSchema,
          ...errorResponses({
            400: [],
            401: [],
            403: ["team.invitation_email_mismatch"],
            ...TOKEN_ERRORS,
            409: ["team.already_member", "team.leave_company_first"],
            429: ["request.too_many"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { company, mailIds } = await acceptInvitation(app, request.user!, request.body.token);
      app.outbox.deliverSoon(reply, mailIds);
      return { team: publicTeam(company) };
    },
  );
};

export default invitationRoutes;
