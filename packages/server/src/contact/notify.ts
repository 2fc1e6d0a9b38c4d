import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/db";
import { quoteNotificationMail } from "../mail/templates";
import type { Outbox } from "../outbox/delivery";
import { mailItem } from "../outbox/mail-channel";
import { claimLegacyNotifications, markNotified, type ContactRow } from "./repository";

export const QUOTE_NOTIFICATION_TOPIC = "contact.notification";

/** The outbox's reference to a quote request: erasing the request erases its notification too. */
export const contactRef = (id: number) => `contact_request:${id}`;

/** A stored quote request's fields by their API names (phone without its country code), for a mail or a post. */
export function quoteFields(row: ContactRow) {
  return {
    name: row.name,
    email: row.email,
    company: row.company,
    currentWebsite: row.current_website,
    projectType: row.project_type,
    budgetRange: row.budget_range,
    budgetUnknown: row.budget_unknown,
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
  };
}

/** Queues the agency's mail about a stored quote request, in the transaction that stored it. */
export function enqueueQuoteNotification(outbox: Outbox, tx: Db, row: ContactRow, agencyInbox: string): Promise<number> {
  // The agency works in Dutch; the requester's language is part of the mail.
  const mail = quoteNotificationMail("nl", { ...quoteFields(row), id: row.id, phone: `${row.country_code} ${row.phone}`, createdAt: new Date(row.created_at) });
  return outbox.enqueue(
    tx,
    mailItem({ topic: QUOTE_NOTIFICATION_TOPIC, ref: contactRef(row.id), message: { to: agencyInbox, replyTo: row.email, ...mail } }),
  );
}

/** A delivered notification marks its quote request notified (the lead export shows when). */
export function registerQuoteNotifications(outbox: Outbox): void {
  outbox.onDelivered(QUOTE_NOTIFICATION_TOPIC, async (tx, item) => {
    const id = /^contact_request:(\d+)$/.exec(item.ref ?? "")?.[1];
    if (id) await markNotified(tx, Number(id));
  });
}

/**
 * Moves quote requests that an instance of the release before the outbox stored and did not notify into the outbox
 * (see claimLegacyNotifications). It runs once, when an instance starts: by then no instance of that release runs
 * any more (docs/deploy.md), so nothing adds to what it finds.
 * @returns the outbox ids queued
 */
export async function adoptLegacyNotifications(
  deps: { db: Db; outbox: Outbox; agencyInbox: string; log: Pick<FastifyBaseLogger, "info"> },
): Promise<number[]> {
  const ids = await deps.db.transaction(async (tx) => {
    const queued: number[] = [];
    for (const row of await claimLegacyNotifications(tx)) queued.push(await enqueueQuoteNotification(deps.outbox, tx, row, deps.agencyInbox));
    return queued;
  });
  if (ids.length > 0) deps.log.info({ count: ids.length }, "quote requests stored by an earlier release handed to the outbox");
  return ids;
}
