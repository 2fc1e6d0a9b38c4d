import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/db";
import { randomToken, sha256 } from "../lib/crypto";
import type { SessionDevice } from "../sessions/device";
import { createSession, deleteOtherSessions, deleteSession, deleteUserSessions, findSessionUser, type SessionUser } from "../sessions/repository";

export type AuthUser = SessionUser;

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: sets `request.user` or answers 401 `auth.required`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets `request.user` when a valid session token is sent, else leaves it null. Never fails. */
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    sessions: Sessions;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The id of the session `user` came from: what a session's own links (the test billing portal) belong to. */
    sessionId: string | null;
  }
}

const DAY_SECONDS = 24 * 60 * 60;

/** Session lifetimes in seconds, from SESSION_IDLE_DAYS and SESSION_MAX_DAYS. */
export function sessionLimits(config: Config): { idleSeconds: number; maxSeconds: number } {
  return { idleSeconds: config.session.idleDays * DAY_SECONDS, maxSeconds: config.session.maxDays * DAY_SECONDS };
}

export interface Sessions {
  /** Creates a session on a device and returns its token; only the token's hash is stored. */
  create(userId: string, device?: SessionDevice, db?: Db): Promise<string>;
  /** Revokes one session. Unknown tokens are ignored. */
  revoke(token: string, db?: Db): Promise<void>;
  /** Revokes every session of a user (password reset). */
  revokeAll(userId: string, db?: Db): Promise<void>;
  /** Revokes every session of a user but the one of `keepToken` (sign out everywhere else); returns how many. */
  revokeOthers(userId: string, keepToken: string, db?: Db): Promise<number>;
  /** The user of a session that is neither idle too long nor past its absolute end, or null. */
  lookup(token: string): Promise<AuthUser | null>;
  /** The same, with the session's id. */
  find(token: string): Promise<{ user: AuthUser; sessionId: string } | null>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function createSessions(appDb: Db, limits: { idleSeconds: number; maxSeconds: number }): Sessions {
  const find: Sessions["find"] = async (token) => {
    // Real tokens are 43 characters; anything far off is not worth a query.
    if (token.length < 20 || token.length > 200) return null;
    return findSessionUser(appDb, sha256(token), limits.idleSeconds);
  };
  return {
    async create(userId, { browser = null, os = null, hash = null }: SessionDevice = {}, db = appDb) {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + limits.maxSeconds * 1000);
      await createSession(db, { tokenHash: sha256(token), userId, expiresAt, browser, os, deviceHash: hash });
      return token;
    },
    revoke: (token, db = appDb) => deleteSession(db, sha256(token)),
    revokeAll: (userId, db = appDb) => deleteUserSessions(db, userId),
    revokeOthers: (userId, keepToken, db = appDb) => deleteOtherSessions(db, userId, sha256(keepToken)),
    find,
    lookup: async (token) => (await find(token))?.user ?? null,
  };
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const sessions = createSessions(app.db, sessionLimits(app.config));
    app.decorate("sessions", sessions);
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);

    const identify = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const found = token ? await sessions.find(token) : null;
      request.user = found?.user ?? null;
      request.sessionId = found?.sessionId ?? null;
    };

    app.decorate("optionalUser", identify);

    // 401 is reserved for "no valid session": the browser code logs out on any 401.
    app.decorate("authenticate", async (request: FastifyRequest, reply: FastifyReply) => {
      await identify(request);
      if (!request.user) await reply.sendError(401, "auth.required");
    });
  },
  { name: "auth", dependencies: ["config", "db", "errors"] },
);
