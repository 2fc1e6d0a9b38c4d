import type { Static } from "@agency/contract/schemas";
import type { ExportedExtraTimeAgreementSchema, ExportedRequestSchema } from "@agency/contract/schemas";
import type { Db } from "../db/db";
import { extraTimeForExport } from "./minutes-repository";
import type { MessageRow, RequestRow } from "./repository";

/**
 * The company's requests in a member's data export: each with its whole thread (who wrote, what, the minutes the
 * agency logged), and the extra time the company agreed to have invoiced.
 */
export async function requestsForExport(
  db: Db,
  companyId: string,
  agencyName: string,
): Promise<{ requests: Static<typeof ExportedRequestSchema>[]; extraTime: Static<typeof ExportedExtraTimeAgreementSchema>[] }> {
  const { rows: requests } = await db.query<RequestRow>("SELECT * FROM customer_requests WHERE company_id = $1 ORDER BY created_at, id", [companyId]);
  const { rows: messages } = await db.query<MessageRow>(
    `SELECT m.*, u.name AS user_name, NULL AS user_email, NULL AS staff_email
       FROM customer_request_messages m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.company_id = $1 ORDER BY m.id`,
    [companyId],
  );
  const iso = (at: Date) => new Date(at).toISOString();
  return {
    requests: requests.map((request) => ({
      reference: request.reference,
      kind: request.kind,
      subject: request.subject,
      status: request.status,
      created_at: iso(request.created_at),
      messages: messages
        .filter((message) => message.request_id === request.id)
        .map((message) => ({
          from: message.author,
          author: message.author === "agency" ? agencyName : (message.user_name ?? ""),
          body: message.body,
          minutes: message.minutes,
          created_at: iso(message.created_at),
        })),
    })),
    extraTime: (await extraTimeForExport(db, companyId)).map((row) => ({
      period: row.period,
      minutes: row.minutes,
      hourly_rate_cents: row.hourly_rate_cents,
      currency: row.currency,
      agreed_by: row.agreed_by_name,
      agreed_at: iso(row.agreed_at),
      invoiced_at: row.invoiced_at ? iso(row.invoiced_at) : null,
    })),
  };
}
