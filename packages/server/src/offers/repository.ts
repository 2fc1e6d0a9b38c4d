import { DESK_PAGE_SIZE, type Locale, type OfferKind, type OfferStatus, type PackageId } from "@agency/contract";
import { isUuid } from "../accounts/repository";
import type { Db } from "../db/db";

/**
 * The offers table. An offer's status as stored moves forward only, each change in a statement that names the status
 * it leaves (so two requests at once change it once); `expired` is also what a sent offer is once its 30 days are
 * over, before the expiry job has written it (effectiveStatus), so no reader ever sees an expired offer as open.
 */

export interface OfferLineRow {
  description: string;
  amountCents: number;
}

export interface OfferRow {
  id: string;
  number: string;
  token: string;
  kind: OfferKind;
  status: OfferStatus;
  package: PackageId;
  from_package: PackageId | null;
  email: string;
  name: string;
  company_name: string | null;
  locale: Locale;
  base_path: string;
  lead_id: number | null;
  company_id: string | null;
  currency: "EUR";
  startup_fee_cents: number;
  monthly_fee_cents: number;
  lines: OfferLineRow[];
  vat_rate: number;
  created_by: string;
  created_at: Date;
  sent_at: Date | null;
  expires_at: Date;
  viewed_at: Date | null;
  signed_name: string | null;
  signed_at: Date | null;
  signed_ip: string | null;
  terms_version: string | null;
  paid_at: Date | null;
  delivered_at: Date | null;
  delivered_by: string | null;
  declined_at: Date | null;
  decline_reason: string | null;
  mandate_ref: string | null;
  subscription_id: string | null;
}

/** Open offers past their 30 days read as expired, whether or not the expiry job has written it yet. */
const EFFECTIVE_STATUS = `CASE WHEN status IN ('sent', 'viewed') AND expires_at <= now() THEN 'expired' ELSE status END`;
const COLUMNS = `id, number, token, kind, ${EFFECTIVE_STATUS} AS status, package, from_package, email, name, company_name, locale, base_path,
  lead_id, company_id, currency, startup_fee_cents, monthly_fee_cents, lines, vat_rate, created_by, created_at, sent_at, expires_at, viewed_at,
  signed_name, signed_at, signed_ip, terms_version, paid_at, delivered_at, delivered_by, declined_at, decline_reason, mandate_ref, subscription_id`;
const SELECT = `SELECT ${COLUMNS} FROM offers`;

export type NewOffer = Pick<
  OfferRow,
  | "number"
  | "token"
  | "kind"
  | "status"
  | "package"
  | "from_package"
  | "email"
  | "name"
  | "company_name"
  | "locale"
  | "base_path"
  | "lead_id"
  | "company_id"
  | "startup_fee_cents"
  | "monthly_fee_cents"
  | "lines"
  | "vat_rate"
  | "created_by"
  | "sent_at"
  | "expires_at"
>;

export async function insertOffer(tx: Db, offer: NewOffer): Promise<OfferRow> {
  const { rows } = await tx.query<OfferRow>(
    `INSERT INTO offers (number, token, kind, status, package, from_package, email, name, company_name, locale, base_path, lead_id, company_id,
                         startup_fee_cents, monthly_fee_cents, lines, vat_rate, created_by, sent_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING ${COLUMNS}`,
    [
      offer.number,
      offer.token,
      offer.kind,
      offer.status,
      offer.package,
      offer.from_package,
      offer.email,
      offer.name,
      offer.company_name,
      offer.locale,
      offer.base_path,
      offer.lead_id,
      offer.company_id,
      offer.startup_fee_cents,
      offer.monthly_fee_cents,
      JSON.stringify(offer.lines),
      offer.vat_rate,
      offer.created_by,
      offer.sent_at,
      offer.expires_at,
    ],
  );
  return rows[0]!;
}

export async function findOffer(db: Db, id: string, { lock = false } = {}): Promise<OfferRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<OfferRow>(`${SELECT} WHERE id = $1 ${lock ? "FOR UPDATE" : ""}`, [id]);
  return rows[0] ?? null;
}

export async function findOfferByToken(db: Db, token: string, { lock = false } = {}): Promise<OfferRow | null> {
  const { rows } = await db.query<OfferRow>(`${SELECT} WHERE token = $1 ${lock ? "FOR UPDATE" : ""}`, [token]);
  return rows[0] ?? null;
}

/** The company's upgrade under way (asked for, sent, opened or signed), if any. */
export async function openUpgrade(db: Db, companyId: string): Promise<OfferRow | null> {
  const { rows } = await db.query<OfferRow>(
    `${SELECT} WHERE company_id = $1 AND kind = 'upgrade' AND status IN ('requested', 'sent', 'viewed', 'accepted') ORDER BY created_at DESC LIMIT 1`,
    [companyId],
  );
  return rows[0] ?? null;
}

export interface OfferFilter {
  status?: OfferStatus;
  /** Only offers whose balance invoice is open after its payment term. */
  overdue?: boolean;
}

const OVERDUE = `EXISTS (SELECT 1 FROM invoices i WHERE i.offer_id = offers.id AND i.kind = 'balance' AND i.status = 'open' AND i.due_at < now())`;

/** A page of offers, newest first, with the number of all that match. */
export async function listOffers(db: Db, filter: OfferFilter, page: number): Promise<{ offers: (OfferRow & { overdue: boolean })[]; total: number }> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    params.push(filter.status);
    clauses.push(`${EFFECTIVE_STATUS} = $${params.length}`);
  }
  if (filter.overdue) clauses.push(OVERDUE);
  const where = clauses.length ? `WHERE ${clauses.join(" AND ")}` : "";
  const [list, count] = await Promise.all([
    db.query<OfferRow & { overdue: boolean }>(
      `SELECT ${COLUMNS}, ${OVERDUE} AS overdue FROM offers ${where}
        ORDER BY created_at DESC, id DESC LIMIT ${DESK_PAGE_SIZE} OFFSET $${params.length + 1}`,
      [...params, (page - 1) * DESK_PAGE_SIZE],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM offers ${where}`, params),
  ]);
  return { offers: list.rows, total: count.rows[0]!.n };
}

/** Whether the offer's balance invoice is open after its payment term. */
export async function balanceOverdue(db: Db, offerId: string): Promise<boolean> {
  const { rows } = await db.query<{ overdue: boolean }>(`SELECT ${OVERDUE} AS overdue FROM offers WHERE id = $1`, [offerId]);
  return rows[0]?.overdue ?? false;
}

/** Sets what a step of the offer's life records, in the caller's transaction (the offer locked before). */
export async function updateOffer(tx: Db, id: string, change: Partial<Omit<OfferRow, "id" | "number" | "token" | "created_at">>): Promise<OfferRow> {
  const entries = Object.entries(change).filter(([, value]) => value !== undefined);
  const sets = entries.map(([column], i) => `${column} = $${i + 2}`);
  const { rows } = await tx.query<OfferRow>(`UPDATE offers SET ${sets.join(", ")} WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    ...entries.map(([column, value]) => (column === "lines" ? JSON.stringify(value) : value)),
  ]);
  return rows[0]!;
}

/** Sent offers whose 30 days are over and that the job has not marked yet, claimed and marked expired. */
export async function expireOffers(tx: Db, limit: number): Promise<OfferRow[]> {
  const { rows } = await tx.query<OfferRow>(
    `UPDATE offers SET status = 'expired'
      WHERE id IN (SELECT id FROM offers WHERE status IN ('sent', 'viewed') AND expires_at <= now() ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [limit],
  );
  return rows;
}

/** The offers a company accepted (their number and package), newest first: what the company owns of its sales. */
export async function companyOffers(db: Db, companyId: string): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>(`${SELECT} WHERE company_id = $1 ORDER BY created_at DESC`, [companyId]);
  return rows;
}
