import {
  AuthResponseSchema,
  PasskeyAuthenticationOptionsResponseSchema,
  PasskeyAvailabilityResponseSchema,
  PasskeySignInBodySchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { findUserById, publicUser } from "../../../accounts/repository";
import { authenticationOptions, finishAuthentication, relyingParty } from "../../../auth-factors/passkeys";
import { passkeysWorkOn } from "../../../auth-factors/related-origins";
import { startSession } from "../../../accounts/sign-in";

/**
 * Signing in with a passkey: options with a fresh single-use challenge, then the authenticator's answer. A passkey
 * proves possession and the person (user verification) at once, so no second factor is asked, and the account's
 * password limits (failures per account, the proof of work after many) do not apply: guesses at a password must
 * never keep the owner's passkey out. Both steps count against a limit per client address instead.
 */
const passkeySignInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rp = relyingParty(app.config);

  app.get(
    "/passkey/available",
    {
      schema: {
        tags: ["auth"],
        summary: "Whether passkeys work on the asking page",
        description:
          "True on the site itself and on an origin of ALLOWED_ORIGINS that browsers accept as a related origin of the site (among the " +
          "first five registrable domains of /.well-known/webauthn); false on any other page, where agency-login offers no passkey. " +
          "Answers for the request's Origin; cached 5 minutes per origin.",
        response: { 200: PasskeyAvailabilityResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=300").header("vary", "Origin");
      return { available: await passkeysWorkOn(request.headers.origin, rp.origins) };
    },
  );

  app.post(
    "/passkey/options",
    {
      preHandler: app.ipLimit("passkey"),
      schema: {
        tags: ["auth"],
        summary: "Options to sign in with a passkey",
        description:
          "WebAuthn request options for any passkey of this site (the browser offers the ones it holds, also as autofill in the e-mail " +
          "field). The challenge is stored server-side, usable once, for 5 minutes. Limited per IP (PASSKEY_RATE_LIMIT): 429 with Retry-After.",
        response: { 200: PasskeyAuthenticationOptionsResponseSchema, ...errorResponses({ 429: ["request.too_many"] }) },
      },
    },
    async () => ({ options: await authenticationOptions(app.db, rp) }),
  );

  app.post(
    "/passkey",
    {
      preHandler: app.ipLimit("passkey"),
      schema: {
        tags: ["auth"],
        summary: "Sign in with a passkey",
        description:
          "Checks the authenticator's answer to the options of POST /auth/passkey/options against the stored passkey (origin: the site " +
          "or one of ALLOWED_ORIGINS; RP ID: the host of PUBLIC_URL) and starts a session as a password login does. Refused alike, 400 " +
          "auth.passkey_failed: an unknown or removed passkey, a challenge not issued, used before (a replayed answer) or expired, a " +
          "signature or origin that does not verify. Not subject to the account's password limits; limited per IP (PASSKEY_RATE_LIMIT).",
        body: PasskeySignInBodySchema,
        response: { 200: AuthResponseSchema, ...errorResponses({ 400: ["auth.passkey_failed"], 429: ["request.too_many"] }) },
      },
    },
    async (request, reply) => {
      const userId = await finishAuthentication(app.db, rp, request.body.credential as unknown as AuthenticationResponseJSON);
      const user = await findUserById(app.db, userId);
      if (!user) return reply.sendError(400, "auth.passkey_failed");
      const token = await startSession(app, request, reply, user, { basePath: request.body.basePath });
      return { user: publicUser(user), token };
    },
  );
};

export default passkeySignInRoutes;
