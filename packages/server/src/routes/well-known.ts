import { WebauthnOriginsSchema } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../lib/type-provider";
import { relyingParty } from "../auth-factors/passkeys";
import { RELATED_ORIGIN_LABELS, relatedOrigins } from "../auth-factors/related-origins";

/**
 * WebAuthn related origin requests: a partner page in ALLOWED_ORIGINS asks for this site's passkeys (its RP ID), and
 * the browser lets it when the RP ID's own /.well-known/webauthn lists the partner's origin. The list is the one the
 * server checks answers against, so what the browser allows and what the server accepts cannot drift apart. Browsers
 * read only the first five registrable domain labels of it (auth-factors/related-origins.ts): a start with more
 * says which origins are past that, and agency-login offers no passkey there (GET /api/auth/passkey/available).
 */
const wellKnownRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { origins } = relyingParty(app.config);
  // Five origins or fewer cannot have more than five labels: the public suffix list is not even loaded then.
  if (origins.length > RELATED_ORIGIN_LABELS) {
    const { pastLimit } = await relatedOrigins(origins);
    if (pastLimit.length > 0) {
      app.log.warn(
        { pastLimit },
        `ALLOWED_ORIGINS: browsers accept passkeys on related origins of at most ${RELATED_ORIGIN_LABELS} different sites (registrable ` +
          `domains, this site's own among them), in the order listed; passkeys will not work on ${pastLimit.join(", ")}, and ` +
          "agency-login offers none there. List the partners that need passkeys first, or give them fewer distinct domains.",
      );
    }
  }
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
