import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/db";
import type { Mailer } from "../mail/mailer";
import { templates } from "../mail/templates";
import type { Locale } from "../types";

export interface ContactRow {
  id: number;
  created_at: Date;
  name: string;
  email: string;
  company: string;
  country_code: string;
  phone: string;
  current_website: string;
  project_type: string;
  budget_range: string;
  timeline: string;
  primary_goal: string;
  features: string[];
  domain_status: string;
  hear_about_us: string;
  biggest_challenge: string;
  message: string;
  language: Locale;
  source: string;
  page_url: string;
  utm: Record<string, string>;
}

/** A failed attempt is retried by the job no sooner than this, so the request's own attempt and the job do not race. */
const RETRY_AFTER_SECONDS = 120;

/**
 * Mails the agency about quote requests that are stored but not yet notified (`notified_at IS NULL`).
 * Rows are claimed with one UPDATE … FOR UPDATE SKIP LOCKED, so two processes never mail the same request twice
 * at once. With `id` only that request is tried (right after it was stored); without, every pending one (job).
 * @returns how many mails were sent
 */
export async function notifyPendingContacts(
  deps: {
    db: Db;
    mailer: Mailer;
    agencyInbox: string;
    log: Pick<FastifyBaseLogger, "warn" | "error">;
    retryAfterSeconds?: number;
  },
  id?: number,
): Promise<number> {
  const { db, mailer, agencyInbox, log } = deps;
  const { rows } = await db.query<ContactRow>(
    `UPDATE contact_requests SET notify_attempts = notify_attempts + 1, last_attempt_at = now()
      WHERE id IN (
        SELECT id FROM contact_requests
         WHERE notified_at IS NULL AND NOT is_spam
           AND (last_attempt_at IS NULL OR last_attempt_at < now() - make_interval(secs => $1))
           AND ($2::int IS NULL OR id = $2::int)
         ORDER BY id LIMIT 50
         FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [deps.retryAfterSeconds ?? RETRY_AFTER_SECONDS, id ?? null],
  );
  let sent = 0;
  for (const row of rows) {
    try {
      // The agency works in Dutch; the requester's language is part of the mail.
      const mail = templates.nl.contactNotification({
        id: row.id,
        name: row.name,
        email: row.email,
        company: row.company,
        phone: `${row.country_code} ${row.phone}`,
        currentWebsite: row.current_website,
        projectType: row.project_type,
        budgetRange: row.budget_range,
        timeline: row.timeline,
        domainStatus: row.domain_status,
        features: row.features,
        hearAboutUs: row.hear_about_us,
        primaryGoal: row.primary_goal,
        biggestChallenge: row.biggest_challenge,
        message: row.message,
        language: row.language,
        source: row.source,
        pageUrl: row.page_url,
        utm: row.utm,
        createdAt: new Date(row.created_at),
      });
      await mailer.send({ to: agencyInbox, replyTo: row.email, ...mail });
      await db.query("UPDATE contact_requests SET notified_at = now(), last_error = NULL WHERE id = $1", [row.id]);
      sent++;
    } catch (error) {
      log.warn({ err: error, contactRequestId: row.id }, "quote request notification failed; will retry");
      await db.query("UPDATE contact_requests SET last_error = $2 WHERE id = $1", [
        row.id,
        String((error as Error).message).slice(0, 500),
      ]);
    }
  }
  return sent;
}
