import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/db";
import { hashPassword, randomToken, sha256, verifyPassword } from "../lib/crypto";
import type { Locale, User } from "../types";

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  locale: Locale;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  locale: Locale;
  password_hash: string;
  created_at: Date;
}

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: sets `request.user` or answers 401 `{ error: "Authentication required" }`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets `request.user` when a valid session token is sent, else leaves it null. Never fails. */
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    sessions: Sessions;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface Sessions {
  /** Creates a session and returns its token; only the token's hash is stored. */
  create(userId: string, db?: Db): Promise<string>;
  /** Revokes one session. Unknown tokens are ignored. */
  revoke(token: string, db?: Db): Promise<void>;
  /** Revokes every session of a user (password reset). */
  revokeAll(userId: string, db?: Db): Promise<void>;
  /** The user of a valid, unexpired session, or null. */
  lookup(token: string): Promise<AuthUser | null>;
}

export { hashPassword, verifyPassword };

/** The user as answered to clients: never the hash, never internal columns. */
export function publicUser(row: Pick<UserRow, "id" | "email" | "name" | "created_at">): User {
  return { id: row.id, email: row.email, name: row.name, created_at: new Date(row.created_at).toISOString() };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function createSessions(appDb: Db, ttlMs = SESSION_TTL_MS): Sessions {
  return {
    async create(userId, db = appDb) {
      const token = randomToken();
      await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
        sha256(token),
        userId,
        new Date(Date.now() + ttlMs),
      ]);
      return token;
    },
    async revoke(token, db = appDb) {
      await db.query("DELETE FROM sessions WHERE token_hash = $1", [sha256(token)]);
    },
    async revokeAll(userId, db = appDb) {
      await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
    },
    async lookup(token) {
      // Real tokens are 43 characters; anything far off is not worth a query.
      if (token.length < 20 || token.length > 200) return null;
      const { rows } = await appDb.query<AuthUser>(
        `SELECT u.id, u.email, u.name, u.locale
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.expires_at > now()`,
        [sha256(token)],
      );
      return rows[0] ?? null;
    },
  };
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const sessions = createSessions(app.db);
    app.decorate("sessions", sessions);
    app.decorateRequest("user", null);

    app.decorate("optionalUser", async (request: FastifyRequest) => {
      const token = bearerToken(request);
      request.user = token ? await sessions.lookup(token) : null;
    });

    // 401 is reserved for "no valid session": the client logs out on any 401 (spec §4).
    app.decorate("authenticate", async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request);
      request.user = token ? await sessions.lookup(token) : null;
      if (!request.user) {
        await reply.code(401).send({ error: "Authentication required" });
      }
    });
  },
  { name: "auth", dependencies: ["db"] },
);
