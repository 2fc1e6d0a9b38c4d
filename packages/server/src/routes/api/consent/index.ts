import { ConsentBodySchema, ConsentResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { insertConsentRecord } from "../../../consent/repository";

const consentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/",
    {
      preHandler: app.ipLimit("consent"),
      schema: {
        tags: ["consent"],
        summary: "Record a cookie-consent decision (proof of consent)",
        description:
          "Stores the choice with the server time and a keyed hash of the IP address, never the address itself. " +
          "Global Privacy Control is recorded as present when the body says gpc: true or the request carries Sec-GPC: 1. " +
          "Limited per IP (CONSENT_RATE_LIMIT): 429 with Retry-After.",
        body: ConsentBodySchema,
        response: { 200: ConsentResponseSchema, ...errorResponses({ 400: [], 429: ["request.too_many"] }) },
      },
    },
    async (request) => {
      // The browser sends Sec-GPC itself; the banner's own reading of navigator.globalPrivacyControl may be missing
      // (an older banner) or the header may be stripped by a proxy, so either one counts.
      const gpc = request.body.gpc === true || request.headers["sec-gpc"] === "1";
      await insertConsentRecord(app.db, { ...request.body, gpc }, app.hashIp(request.ip));
      return { success: true as const };
    },
  );
};

export default consentRoutes;
