import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { errors } from "../../schemas";

const consentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/",
    {
      schema: {
        tags: ["consent"],
        summary: "Record a cookie-consent decision (proof of consent)",
        description: "Stores the choice with the server time and a keyed hash of the IP address, never the address itself.",
        body: Type.Object({
          id: Type.String({ format: "uuid", description: "Anonymous id the banner keeps with the choice" }),
          necessary: Type.Literal(true),
          analytics: Type.Boolean(),
          marketing: Type.Boolean(),
          version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
          timestamp: Type.String({ format: "date-time", maxLength: 40 }),
        }),
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...errors(400) },
      },
    },
    async (request) => {
      const { id, necessary, analytics, marketing, version, timestamp } = request.body;
      await app.db.query(
        `INSERT INTO consent_records (consent_id, necessary, analytics, marketing, version, client_timestamp, ip_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, necessary, analytics, marketing, version, new Date(timestamp), app.hashIp(request.ip)],
      );
      return { success: true as const };
    },
  );
};

export default consentRoutes;
