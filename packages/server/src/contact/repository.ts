import type { ContactRequestPayload, Lead, Locale } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";

/** Quote requests: stored first, then the agency is notified; exported as leads; deleted after retention. */

/** What the sender filled in on the quote form, as stored. */
export interface SentQuoteRequest {
  name: string;
  email: string;
  company: string;
  country_code: string;
  phone: string;
  current_website: string;
  project_type: string;
  budget_range: string;
  /** The sender picked 'Unknown', sent as the highest range. */
  budget_unknown: boolean;
  timeline: string;
  primary_goal: string;
  features: string[];
  domain_status: string;
  hear_about_us: string;
  biggest_challenge: string;
  message: string;
  language: Locale;
}

/** The columns of SentQuoteRequest, in the order the queries list them. */
const SENT_COLUMNS = [
  "name", "email", "company", "country_code", "phone", "current_website", "project_type", "budget_range", "budget_unknown", "timeline",
  "primary_goal", "features", "domain_status", "hear_about_us", "biggest_challenge", "message", "language",
] as const satisfies readonly (keyof SentQuoteRequest)[];

/** SENT_COLUMNS as a select list. */
export const SENT_COLUMN_LIST = SENT_COLUMNS.join(", ");

export interface ContactRow extends SentQuoteRequest {
  id: number;
  created_at: Date;
  source: string;
  page_url: string;
  utm: Record<string, string>;
}

/** A quote request as it is stored: the form's fields plus where it came from. */
export interface NewContactRequest {
  request: ContactRequestPayload;
  pageUrl: string;
  origin: string;
  referrer: string;
  utm: Record<string, string>;
  ipHash: string;
  isSpam: boolean;
  /** Sent faster than a person can fill in the form: stored, not notified, for the agency to review. */
  heldForReview?: boolean;
  /** Sent while signed in: the sender's company, which it belongs to. */
  companyId?: string | null;
}

const COLUMNS = [
  ...SENT_COLUMNS, "source", "page_url", "origin", "referrer", "utm", "ip_hash", "is_spam", "held_for_review", "company_id",
] as const;

/** The columns of a quote request its notification is written from. */
const ROW_COLUMNS = `id, created_at, ${SENT_COLUMN_LIST}, source, page_url, utm`;

/**
 * How quote-request notifications and the release before the outbox coexist during a rolling upgrade. That release
 * notifies a request itself and its retry job claims every row with `notified_at IS NULL AND NOT is_spam AND
 * (last_attempt_at IS NULL OR last_attempt_at < now() - 120 s)`, under FOR UPDATE SKIP LOCKED. This release hands
 * a request to the outbox instead and marks the row by setting `last_attempt_at` to 'infinity', which no condition of
 * the older release ever matches, so an old instance never mails a request the outbox owns. Requests an old
 * instance stored are adopted by `adoptLegacyNotifications` with the older release's own claim condition (so a row
 * an old instance is mailing right now is left to it), marked the same way and queued in the outbox in one
 * transaction. Either way each request is mailed once, and the outbox's delivery sets `notified_at`, which the lead
 * export shows. `notify_attempts`, `last_attempt_at` and `last_error` are kept until no release reads them.
 */
const HANDED_TO_OUTBOX = "'infinity'::timestamptz";
/** The older release's wait before it retries a row it attempted; adoption waits as long. */
const LEGACY_RETRY_AFTER_SECONDS = 120;

/**
 * Stores a quote request and returns it. Unless it is spam, it is marked as handed to the outbox, so the caller
 * queues its notification in the same transaction.
 */
export async function insertContactRequest(
  db: Db,
  { request: r, pageUrl, origin, referrer, utm, ipHash, isSpam, heldForReview = false, companyId = null }: NewContactRequest,
): Promise<ContactRow> {
  const values: Record<(typeof COLUMNS)[number], unknown> = {
    name: r.name,
    email: r.email,
    company: r.company ?? "",
    country_code: r.countryCode,
    phone: r.phone,
    current_website: r.currentWebsite ?? "",
    project_type: r.projectType,
    budget_range: r.budgetRange,
    budget_unknown: r.budgetUnknown === true && r.budgetRange === "4000+",
    timeline: r.timeline,
    primary_goal: r.primaryGoal ?? "",
    features: r.features ?? [],
    domain_status: r.domainStatus,
    hear_about_us: r.hearAboutUs ?? "",
    biggest_challenge: r.biggestChallenge ?? "",
    message: r.message ?? "",
    language: r.language,
    source: r.source ?? "",
    page_url: pageUrl,
    origin,
    referrer,
    utm: JSON.stringify(utm),
    ip_hash: ipHash,
    is_spam: isSpam,
    // Held for review: never notified. Marked like a request handed to the outbox (below), so no instance of an
    // older release mails it either.
    held_for_review: heldForReview,
    company_id: companyId,
  };
  const { rows } = await db.query<ContactRow>(
    `INSERT INTO contact_requests (${COLUMNS.join(", ")}, last_attempt_at)
     VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(", ")}, CASE WHEN $${COLUMNS.length + 1}::boolean THEN NULL ELSE ${HANDED_TO_OUTBOX} END)
     RETURNING ${ROW_COLUMNS}`,
    [...COLUMNS.map((column) => values[column]), isSpam],
  );
  return rows[0]!;
}

/**
 * Claims the quote requests an instance of the release before the outbox stored and has not notified, marking them
 * as handed to the outbox (see HANDED_TO_OUTBOX); the caller queues their notifications in the same transaction.
 */
export async function claimLegacyNotifications(tx: Db): Promise<ContactRow[]> {
  const { rows } = await tx.query<ContactRow>(
    `UPDATE contact_requests SET last_attempt_at = ${HANDED_TO_OUTBOX}
      WHERE id IN (
        SELECT id FROM contact_requests
         WHERE notified_at IS NULL AND NOT is_spam AND NOT held_for_review
           AND (last_attempt_at IS NULL OR last_attempt_at < now() - make_interval(secs => $1))
         ORDER BY id LIMIT 50
         FOR UPDATE SKIP LOCKED)
      RETURNING ${ROW_COLUMNS}`,
    [LEGACY_RETRY_AFTER_SECONDS],
  );
  return rows;
}

/** One stored quote request with the columns its notification and webhook are written from, or null. */
export async function contactRowById(db: Db, id: number): Promise<ContactRow | null> {
  const { rows } = await db.query<ContactRow>(`SELECT ${ROW_COLUMNS} FROM contact_requests WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function markNotified(db: Db, id: number): Promise<void> {
  await db.query("UPDATE contact_requests SET notified_at = now(), last_error = NULL WHERE id = $1", [id]);
}

/** Every quote request, oldest first, as the admin endpoint lists them. */
export async function listLeads(db: Db): Promise<Lead[]> {
  const { rows } = await db.query<Omit<Lead, "created_at" | "notified_at"> & { created_at: Date; notified_at: Date | null }>(
    `SELECT id, created_at, name, email, company, country_code, phone, project_type, budget_range, timeline,
            features, domain_status, hear_about_us, message, language, source, page_url, origin, utm,
            is_spam, held_for_review, notified_at
       FROM contact_requests ORDER BY id`,
  );
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    notified_at: row.notified_at ? new Date(row.notified_at).toISOString() : null,
  }));
}

/** Every column of the quote requests for the CSV export, oldest first. */
export async function exportRows(db: Db, { includeSpam = false, since }: { includeSpam?: boolean; since?: Date } = {}) {
  const { rows } = await db.query<Record<string, string | number | boolean | Date | null | string[]> & { utm: Record<string, string> }>(
    `SELECT * FROM contact_requests
      WHERE ($1::boolean OR NOT is_spam) AND ($2::timestamptz IS NULL OR created_at >= $2::timestamptz)
      ORDER BY id`,
    [includeSpam, since ?? null],
  );
  return rows;
}

/** The columns of a quote request its sender gets in their data export: what they sent and where from. */
export interface SenderQuoteRequest extends Omit<ContactRow, "id"> {
  last_contact_at: Date;
  origin: string;
  referrer: string;
}

/** The quote requests sent with an e-mail address (stored lower-cased), oldest first. */
/** The quote requests sent with this address (when given: only a verified one), and those sent while signed in to the company. */
export async function quoteRequestsByEmail(db: Db, email: string | null, companyId: string | null = null): Promise<SenderQuoteRequest[]> {
  const { rows } = await db.query<SenderQuoteRequest>(
    `SELECT created_at, last_contact_at, ${SENT_COLUMN_LIST}, source, page_url, origin, referrer, utm
       FROM contact_requests WHERE email = lower($1) OR company_id = $2 ORDER BY id`,
    [email, companyId],
  );
  return rows;
}

/** Erasure at the sender's request: every quote request sent with this e-mail address; returns their ids. */
/** The ids of the quote requests sent with this address. */
export async function quoteRequestIdsByEmail(db: Db, email: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>("SELECT id FROM contact_requests WHERE email = lower($1)", [email]);
  return rows.map((row) => row.id);
}

export async function deleteQuoteRequests(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.query("DELETE FROM contact_requests WHERE id = ANY ($1::int[])", [ids]);
}

/**
 * What the privacy policy promises: quote requests are kept 2 years after the last contact. The last contact is the
 * latest with that e-mail address, so a request is kept while a later one of the same sender is younger than that.
 */
export async function deleteExpiredContactRequests(db: Db): Promise<number> {
  return countDeleted(
    db,
    `DELETE FROM contact_requests c
      WHERE c.last_contact_at < now() - interval '2 years'
        AND NOT EXISTS (SELECT 1 FROM contact_requests later
                         WHERE later.email = c.email AND later.last_contact_at >= now() - interval '2 years')`,
  );
}

/**
 * Whether a mail of this topic went (or is queued) to the address within the last hour. Takes a lock on the address
 * until the transaction ends, so two requests at the same moment cannot both find none.
 */
export async function confirmationQueuedWithinHour(tx: Db, topic: string, email: string): Promise<boolean> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('contact-confirmation:' || $1))", [email]);
  const { rows } = await tx.query(
    "SELECT 1 FROM outbox WHERE topic = $1 AND payload->>'to' = $2 AND created_at > now() - interval '1 hour' LIMIT 1",
    [topic, email],
  );
  return rows.length > 0;
}
