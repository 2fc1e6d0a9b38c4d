import { WebauthnOriginsSchema } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../lib/type-provider";
import { relyingParty } from "../auth-factors/passkeys";

/**
 * WebAuthn related origin requests: a partner page in ALLOWED_ORIGINS asks for this site's passkeys (its RP ID), and
 * the browser lets it when the RP ID's own /.well-known/webauthn lists the partner's origin. The list is the one the
 * server checks answers against, so what the browser allows and what the server accepts cannot drift apart.
 */
const wellKnownRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { origins } = relyingParty(app.config);
  app.get(
    "/.well-known/webauthn",
    {
      schema: {
        tags: ["auth"],
        summary: "The origins that may use this site's passkeys",
        description: "WebAuthn related origins: the site's own origin (PUBLIC_URL) and ALLOWED_ORIGINS. Fetched by the browser, not by pages.",
        response: { 200: WebauthnOriginsSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { origins };
    },
  );
};

export default wellKnownRoutes;
