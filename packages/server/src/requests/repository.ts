import { randomInt } from "node:crypto";
import type { CustomerRequest, RequestKind, RequestMessage, RequestStatus } from "@agency/contract";
import { isUuid } from "../accounts/repository";
import { countDeleted, type Db } from "../db/db";

/**
 * Customer requests and their threads: every query about them but the desk's queue (queue-repository.ts) and the
 * minutes (minutes-repository.ts). A request belongs to a company; its messages are the customer's (a member) and
 * the agency's (a staff member, with the minutes the reply took).
 */

export interface RequestRow {
  id: string;
  company_id: string;
  user_id: string | null;
  reference: string;
  kind: RequestKind;
  subject: string;
  status: RequestStatus;
  priority: boolean;
  owner_id: string | null;
  awaiting_since: Date | null;
  created_at: Date;
  last_message_at: Date;
}

export interface MessageRow {
  id: number;
  request_id: string;
  author: "customer" | "agency";
  user_id: string | null;
  staff_id: string | null;
  body: string;
  minutes: number | null;
  created_at: Date;
  /** The member's name and address (null once the account is gone), or the staff member's address. */
  user_name: string | null;
  user_email: string | null;
  staff_email: string | null;
}

export function publicRequest(row: RequestRow): CustomerRequest {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    createdAt: new Date(row.created_at).toISOString(),
    lastMessageAt: new Date(row.last_message_at).toISOString(),
  };
}

/** A message as the customer sees it: the agency's are signed with the agency's name, not a staff member's. */
export function publicMessage(row: MessageRow, agencyName: string): RequestMessage {
  return {
    from: row.author,
    authorName: row.author === "agency" ? agencyName : (row.user_name ?? ""),
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    minutes: row.minutes,
  };
}

/** Letters and digits that cannot be misread for one another (no I, L, O, U). */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const newReference = () => `R-${Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;

/** A new request with a reference no other has (drawn again on the rare clash). */
export async function insertRequest(
  tx: Db,
  request: { companyId: string; userId: string; kind: RequestKind; subject: string; priority: boolean },
): Promise<RequestRow> {
  for (;;) {
    const { rows } = await tx.query<RequestRow>(
      `INSERT INTO customer_requests (company_id, user_id, reference, kind, subject, priority, awaiting_since)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (reference) DO NOTHING RETURNING *`,
      [request.companyId, request.userId, newReference(), request.kind, request.subject, request.priority],
    );
    if (rows[0]) return rows[0];
  }
}

export async function insertMessage(
  tx: Db,
  message: { request: RequestRow; author: "customer"; userId: string; body: string } | { request: RequestRow; author: "agency"; staffId: string; body: string; minutes: number },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO customer_request_messages (request_id, company_id, author, user_id, staff_id, body, minutes)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      message.request.id,
      message.request.company_id,
      message.author,
      message.author === "customer" ? message.userId : null,
      message.author === "agency" ? message.staffId : null,
      message.body,
      message.author === "agency" ? message.minutes : null,
    ],
  );
  return rows[0]!.id;
}

/** The company's requests: those still going first (the agency's turn, then the customer's), then the most recent. */
export async function listCompanyRequests(db: Db, companyId: string, limit = 200): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT * FROM customer_requests WHERE company_id = $1
      ORDER BY (status = 'closed'), last_message_at DESC, id LIMIT $2`,
    [companyId, limit],
  );
  return rows;
}

/** One request of the company; null for an unknown id or another company's request. */
export async function findCompanyRequest(db: Db, companyId: string, id: string): Promise<RequestRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<RequestRow>("SELECT * FROM customer_requests WHERE id = $1 AND company_id = $2", [id, companyId]);
  return rows[0] ?? null;
}

/** The request, locked until the transaction ends: its thread and state change one writer at a time. */
export async function lockRequest(tx: Db, id: string): Promise<RequestRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<RequestRow>("SELECT * FROM customer_requests WHERE id = $1 FOR UPDATE", [id]);
  return rows[0] ?? null;
}

export async function findRequest(db: Db, id: string): Promise<RequestRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<RequestRow>("SELECT * FROM customer_requests WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/** The thread, oldest first, with who wrote each message. */
export async function threadOf(db: Db, requestId: string): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `SELECT m.*, u.name AS user_name, u.email AS user_email, s.email AS staff_email
       FROM customer_request_messages m
       LEFT JOIN users u ON u.id = m.user_id
       LEFT JOIN staff s ON s.id = m.staff_id
      WHERE m.request_id = $1
      ORDER BY m.id`,
    [requestId],
  );
  return rows;
}

/**
 * The customer wrote: the request is the agency's turn again (a closed or waiting one reopens), the wait for an
 * answer counts from the oldest unanswered message, and the priority follows what the company has now.
 */
export async function markCustomerMessage(tx: Db, id: string, priority: boolean): Promise<RequestRow> {
  const { rows } = await tx.query<RequestRow>(
    `UPDATE customer_requests
        SET status = 'open', awaiting_since = coalesce(awaiting_since, now()), last_message_at = now(), priority = $2
      WHERE id = $1 RETURNING *`,
    [id, priority],
  );
  return rows[0]!;
}

/** The agency answered: nothing waits for an answer any more; the status is the one chosen; an unowned request is the replier's. */
export async function markAgencyReply(tx: Db, id: string, status: RequestStatus, staffId: string): Promise<RequestRow> {
  const { rows } = await tx.query<RequestRow>(
    `UPDATE customer_requests
        SET status = $2, awaiting_since = NULL, last_message_at = now(), owner_id = coalesce(owner_id, $3)
      WHERE id = $1 RETURNING *`,
    [id, status, staffId],
  );
  return rows[0]!;
}

/**
 * Sets the status and the owner given. Setting waiting or closed is the agency's answer too (a call, a change made):
 * the request no longer waits for one.
 */
export async function updateRequest(tx: Db, id: string, change: { status?: RequestStatus; ownerId?: string | null }): Promise<RequestRow> {
  const { rows } = await tx.query<RequestRow>(
    `UPDATE customer_requests
        SET status = coalesce($2, status),
            awaiting_since = CASE WHEN $2 IN ('waiting', 'closed') THEN NULL ELSE awaiting_since END,
            owner_id = CASE WHEN $3::boolean THEN $4::uuid ELSE owner_id END
      WHERE id = $1 RETURNING *`,
    [id, change.status ?? null, change.ownerId !== undefined, change.ownerId ?? null],
  );
  return rows[0]!;
}

/** What the privacy policy promises for correspondence: kept 2 years after the last message, then deleted with its thread. */
export async function deleteExpiredRequests(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM customer_requests WHERE last_message_at < now() - interval '2 years'");
}
