import { SESSIONS_PAGE_SIZE } from "@agency/contract";
import {
  AccountSessionParamsSchema,
  AccountSessionsQuerySchema,
  AccountSessionsResponseSchema,
  RevokeSessionsResponseSchema,
  SuccessMessageResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { authTexts } from "../../../accounts/texts";
import { sha256 } from "../../../lib/crypto";
import { bearerToken, sessionLimits } from "../../../plugins/auth";
import { forgetBrowsers } from "../../../accounts/sign-in-alerts";
import { deleteUserSession, listUserSessions, sessionDeviceHash } from "../../../sessions/repository";
import { requestLocale, say } from "../../../i18n";

/**
 * The devices signed in to the account: listed (browser and system from the user agent at login, last use to the
 * minute, this device marked; no address is kept), and signed out one by one or all but this one. A device signed
 * out from here is forgotten as a known browser too (the device asking stays known): its next sign-in mails the
 * owner a new-sign-in alert again.
 */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const currentHash = (request: Parameters<typeof bearerToken>[0]) => sha256(bearerToken(request)!);

  app.get(
    "/sessions",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "The signed-in devices of the account",
        description: `Sessions that still work, this device first, then by last use, in pages of ${SESSIONS_PAGE_SIZE}.`,
        security: [{ bearer: [] }],
        querystring: AccountSessionsQuerySchema,
        response: { 200: AccountSessionsResponseSchema, ...errorResponses({ 400: [], 401: [] }) },
      },
    },
    async (request) => {
      const { page } = request.query;
      const { rows, total } = await listUserSessions(app.db, request.user!.id, currentHash(request), sessionLimits(app.config).idleSeconds, {
        limit: SESSIONS_PAGE_SIZE,
        offset: (page - 1) * SESSIONS_PAGE_SIZE,
      });
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          browser: row.browser,
          os: row.os,
          created_at: new Date(row.created_at).toISOString(),
          last_used_at: new Date(row.last_seen_at).toISOString(),
          current: row.current,
        })),
        page,
        pages: Math.max(1, Math.ceil(total / SESSIONS_PAGE_SIZE)),
        total,
      };
    },
  );

  app.delete(
    "/sessions",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Sign out everywhere else",
        description:
          "Ends every session of the account but this device's, and forgets every browser the account knew but this one: the next " +
          "sign-in from any other mails a new-sign-in alert.",
        security: [{ bearer: [] }],
        response: { 200: RevokeSessionsResponseSchema, ...errorResponses({ 401: [] }) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const revoked = await app.db.transaction(async (tx) => {
        await forgetBrowsers(tx, userId, "others", await sessionDeviceHash(tx, currentHash(request)));
        return app.sessions.revokeOthers(userId, bearerToken(request)!, tx);
      });
      return { success: true as const, message: say(requestLocale(request), authTexts.otherSessionsRevoked, { count: revoked }), revoked };
    },
  );

  app.delete(
    "/sessions/:id",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Sign out one device",
        description:
          "Only the account's own sessions (404 otherwise). Ending this device's session is a logout. The browser the session " +
          "began in is forgotten as a known browser (unless it is the one asking): its next sign-in mails a new-sign-in alert.",
        security: [{ bearer: [] }],
        params: AccountSessionParamsSchema,
        response: { 200: SuccessMessageResponseSchema, ...errorResponses({ 400: [], 401: [], 404: ["account.session_not_found"] }) },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const ended = await app.db.transaction(async (tx) => {
        const keep = await sessionDeviceHash(tx, currentHash(request));
        const gone = await deleteUserSession(tx, userId, request.params.id);
        if (gone?.deviceHash) await forgetBrowsers(tx, userId, gone.deviceHash, keep);
        return gone !== undefined;
      });
      if (!ended) return reply.sendError(404, "account.session_not_found");
      return { success: true as const, message: say(requestLocale(request), authTexts.sessionRevoked) };
    },
  );
};

export default sessionRoutes;
