import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { roleCan, type TeamPermission } from "@agency/contract";
import { membershipOf, type Membership } from "../teams/repository";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * preHandler: signs the request in (401 `auth.required` without a session, as `authenticate`), reads the person's
     * company and role afresh and sets `request.team`; 403 `team.forbidden` when the role lacks `permission`.
     */
    teamGuard: (permission: TeamPermission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in person's company and role, set by `teamGuard`. */
    team: Membership | null;
  }
}

/** Roles are checked on the server for every call: the elements only hide what a role may not do. */
export default fp(
  async function teamsPlugin(app: FastifyInstance) {
    app.decorateRequest("team", null);
    app.decorate("teamGuard", (permission: TeamPermission) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.user) await app.authenticate(request, reply);
      if (!request.user) return;
      request.team = await membershipOf(app.db, request.user.id);
      if (!request.team || !roleCan(request.team.role, permission)) await reply.sendError(403, "team.forbidden");
    });
  },
  { name: "teams", dependencies: ["auth", "db", "errors"] },
);
