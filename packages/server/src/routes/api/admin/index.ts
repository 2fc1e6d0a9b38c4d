import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { exportLeadsCsv } from "../../../cli/leads";
import { sha256 } from "../../../lib/crypto";

/**
 * The agency's own lead export while the server runs (the CLI needs the embedded database to itself).
 * Guarded by ADMIN_TOKEN; without it the endpoints do not exist. A wrong token is 403, never 401:
 * in this API 401 means "your session is gone" and makes the browser log out.
 */
export default async function adminRoutes(app: FastifyInstance) {
  const token = app.config.adminToken;
  if (!token) return;

  const authorised = (request: FastifyRequest) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    // Compare digests: equal length, so timingSafeEqual never throws and timing says nothing about the token.
    return timingSafeEqual(Buffer.from(sha256(given), "hex"), Buffer.from(sha256(token), "hex"));
  };

  app.get(
    "/contact-requests",
    {
      schema: {
        summary: "Quote requests as JSON, or as CSV with ?format=csv (bearer ADMIN_TOKEN)",
        querystring: {
          type: "object",
          properties: { format: { type: "string", enum: ["json", "csv"] } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      if (!authorised(request)) return reply.code(403).send({ error: "A valid admin token is required" });
      if ((request.query as { format?: string }).format === "csv") {
        return reply.type("text/csv; charset=utf-8").send(await exportLeadsCsv(app.db));
      }
      const { rows } = await app.db.query(
        `SELECT id, created_at, name, email, company, country_code, phone, project_type, budget_range, timeline,
                features, domain_status, hear_about_us, message, language, source, page_url, origin, utm,
                is_spam, notified_at
           FROM contact_requests ORDER BY id`,
      );
      return { requests: rows };
    },
  );
}
