import type { Delivery, LeadDetail } from "@agency/contract";
import type { Db } from "../db/db";
import { contactRef, QUOTE_NOTIFICATION_TOPIC } from "../contact/notify";
import { LEAD_WEBHOOK_TOPIC } from "../contact/webhook";
import { findLead, leadDeliveries, type DeliveryRow, type LeadRow } from "./leads-repository";

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function delivery(row: DeliveryRow | undefined, fallbackDeliveredAt: Date | null = null): Delivery {
  if (!row) {
    // The outbox keeps delivered rows for a while only; the request itself remembers when its mail went.
    return fallbackDeliveredAt
      ? { state: "delivered", attempts: 1, deliveredAt: iso(fallbackDeliveredAt), lastError: null }
      : { state: "not_sent", attempts: 0, deliveredAt: null, lastError: null };
  }
  return {
    state: row.sent_at ? "delivered" : row.failed_at ? "failed" : "pending",
    attempts: row.attempts,
    deliveredAt: iso(row.sent_at),
    lastError: row.sent_at ? null : row.last_error,
  };
}

/** Every field of a lead, why it was held or flagged, and how its mail and webhook went. */
export async function leadDetail(db: Db, id: number): Promise<LeadDetail | null> {
  const lead = await findLead(db, id);
  if (!lead) return null;
  const rows = await leadDeliveries(db, contactRef(id), [QUOTE_NOTIFICATION_TOPIC, LEAD_WEBHOOK_TOPIC]);
  return toLeadDetail(lead, {
    mail: delivery(rows.find((row) => row.topic === QUOTE_NOTIFICATION_TOPIC), lead.notified_at),
    webhook: delivery(rows.find((row) => row.topic === LEAD_WEBHOOK_TOPIC)),
  });
}

function toLeadDetail(lead: LeadRow, deliveries: { mail: Delivery; webhook: Delivery }): LeadDetail {
  return {
    id: lead.id,
    createdAt: iso(lead.created_at)!,
    lastContactAt: iso(lead.last_contact_at)!,
    status: lead.status,
    note: lead.note,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    countryCode: lead.country_code,
    phone: lead.phone,
    currentWebsite: lead.current_website,
    projectType: lead.project_type,
    budgetRange: lead.budget_range,
    budgetUnknown: lead.budget_unknown,
    timeline: lead.timeline,
    primaryGoal: lead.primary_goal,
    features: lead.features,
    domainStatus: lead.domain_status,
    hearAboutUs: lead.hear_about_us,
    biggestChallenge: lead.biggest_challenge,
    message: lead.message,
    language: lead.language,
    source: lead.source,
    pageUrl: lead.page_url,
    origin: lead.origin,
    referrer: lead.referrer,
    utm: lead.utm,
    consent: { privacyNotice: true, marketing: false },
    flag: lead.is_spam ? "honeypot" : lead.held_for_review ? "too_fast" : null,
    releasedAt: iso(lead.released_at),
    ...deliveries,
  };
}
