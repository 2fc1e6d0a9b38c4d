import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DESK_IDLE_MINUTES, DESK_SESSION_HOURS } from "@agency/contract";
import type { Db } from "../db/db";
import { insertAuditEntry, type NewAuditEntry } from "../desk/audit-repository";
import { deleteStaffSession, findStaffSession, insertStaffSession, type StaffSession } from "../desk/staff-sessions";
import { randomToken, sha256 } from "../lib/crypto";
import { bearerToken } from "./auth";

/**
 * Who may use the desk. Staff tokens start with `desk_` and are looked up only among staff sessions; a customer's
 * token is never one, so it can open nothing here: it is answered 403 (the customer is signed in, just not as
 * staff), in the customer's language. No token, or a staff session that ended, is 401.
 */
export const STAFF_TOKEN_PREFIX = "desk_";
export const DESK_IDLE_SECONDS = DESK_IDLE_MINUTES * 60;
export const DESK_MAX_SECONDS = DESK_SESSION_HOURS * 60 * 60;

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: sets `request.staff`, or answers 401 `auth.required` / 403 `desk.forbidden` (a customer). */
    deskAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: as deskAuth, then 403 `desk.admin_only` unless the staff member is an admin. */
    deskAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    deskSessions: {
      create(staffId: string, db?: Db): Promise<string>;
      revoke(token: string): Promise<void>;
    };
    /** Writes an audit entry for the signed-in staff member (or `entry.actor`), with the request's address. */
    audit(request: FastifyRequest, entry: Omit<NewAuditEntry, "actor" | "ip"> & { actor?: string }, db?: Db): Promise<void>;
  }
  interface FastifyRequest {
    staff: StaffSession | null;
  }
}

export default fp(
  async function deskAuthPlugin(app: FastifyInstance) {
    app.decorateRequest("staff", null);

    const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request);
      if (token?.startsWith(STAFF_TOKEN_PREFIX) && token.length < 200) {
        request.staff = await findStaffSession(app.db, sha256(token), DESK_IDLE_SECONDS);
        if (request.staff) return;
      } else if (token) {
        request.user = await app.sessions.lookup(token);
        if (request.user) return void (await reply.sendError(403, "desk.forbidden"));
      }
      await reply.sendError(401, "auth.required");
    };
    app.decorate("deskAuth", authenticate);
    app.decorate("deskAdmin", async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (reply.sent) return;
      if (request.staff!.role !== "admin") await reply.sendError(403, "desk.admin_only");
    });

    app.decorate("deskSessions", {
      async create(staffId: string, db: Db = app.db) {
        const token = `${STAFF_TOKEN_PREFIX}${randomToken()}`;
        await insertStaffSession(db, { tokenHash: sha256(token), staffId, expiresAt: new Date(Date.now() + DESK_MAX_SECONDS * 1000) });
        return token;
      },
      revoke: (token: string) => deleteStaffSession(app.db, sha256(token)),
    });

    app.decorate("audit", async (request: FastifyRequest, entry: Omit<NewAuditEntry, "actor" | "ip"> & { actor?: string }, db: Db = app.db) => {
      await insertAuditEntry(db, { ...entry, actor: entry.actor ?? request.staff?.email ?? "unknown", ip: request.ip });
    });
  },
  { name: "desk-auth", dependencies: ["config", "db", "errors", "auth"] },
);
