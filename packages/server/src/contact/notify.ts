import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/db";
import type { Mailer } from "../mail/mailer";
import { quoteNotificationMail } from "../mail/templates";
import { claimPendingNotifications, markNotified, markNotifyFailed } from "./store";

/** A failed attempt is retried by the job no sooner than this, so the request's own attempt and the job do not race. */
const RETRY_AFTER_SECONDS = 120;

/**
 * Mails the agency about quote requests that are stored but not yet notified (claimed so that two processes never
 * mail the same request at once). With `id` only that request is tried (right after it was stored); without, every
 * pending one (the job).
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
  const rows = await claimPendingNotifications(db, { retryAfterSeconds: deps.retryAfterSeconds ?? RETRY_AFTER_SECONDS, id });
  let sent = 0;
  for (const row of rows) {
    try {
      // The agency works in Dutch; the requester's language is part of the mail.
      const mail = quoteNotificationMail("nl", {
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
      await markNotified(db, row.id);
      sent++;
    } catch (error) {
      log.warn({ err: error, contactRequestId: row.id }, "quote request notification failed; will retry");
      await markNotifyFailed(db, row.id, String((error as Error).message));
    }
  }
  return sent;
}
