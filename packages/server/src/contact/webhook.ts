import type { Db } from "../db/db";
import type { Outbox, OutboxChannel } from "../outbox/delivery";
import { contactRef, quoteFields } from "./notify";
import type { ContactRow } from "./repository";
import { LEAD_SIGNATURE_HEADER, signLeadWebhook } from "./webhook-signature";

/**
 * The lead webhook: every quote request the agency is notified of is posted as JSON to LEAD_WEBHOOK_URL through the
 * outbox, queued in the transaction that stores the request. A failed attempt (no answer in time, an answer outside
 * 2xx, a redirect) is retried with the outbox's backoff for 24 hours, then given up.
 */
export const LEAD_WEBHOOK_TOPIC = "contact.webhook";
export const LEAD_WEBHOOK_CHANNEL = "lead-webhook";
/** How long a post is retried before it is given up. */
export const LEAD_WEBHOOK_RETRY_HOURS = 24;
/** Enough attempts for 24 hours of backoff (at most an hour apart); the give-up time ends them. */
const MAX_ATTEMPTS = 100;

/** As queued: the JSON text exactly as posted, so every attempt sends (and signs) the same bytes. */
export interface LeadWebhookPayload {
  body: string;
}

/** The JSON posted for a quote request; `id` stays the same across retries, so a receiver can drop a repeat. */
export function leadWebhookBody(row: ContactRow): string {
  return JSON.stringify({
    type: "quote_request.created",
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    data: { ...quoteFields(row), countryCode: row.country_code, phone: row.phone },
  });
}

/** Queues the post about a stored quote request, in the transaction that stored it. */
export function enqueueLeadWebhook(outbox: Outbox, tx: Db, row: ContactRow): Promise<number> {
  const payload: LeadWebhookPayload = { body: leadWebhookBody(row) };
  return outbox.enqueue(tx, {
    channel: LEAD_WEBHOOK_CHANNEL,
    topic: LEAD_WEBHOOK_TOPIC,
    ref: contactRef(row.id),
    payload,
    maxAttempts: MAX_ATTEMPTS,
    giveUpAt: new Date(Date.now() + LEAD_WEBHOOK_RETRY_HOURS * 3600 * 1000),
  });
}

/** Posts to `url`, signed with `secret` when there is one; throws (so the outbox retries) unless the answer is 2xx. */
export function leadWebhookChannel({ url, secret, timeoutMs }: { url: string; secret?: string; timeoutMs: number }): OutboxChannel<LeadWebhookPayload> {
  const host = new URL(url).host;
  return {
    async deliver({ body }) {
      const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "agency-lead-webhook" };
      if (secret) headers[LEAD_SIGNATURE_HEADER] = signLeadWebhook(secret, body);
      // Not following a redirect keeps the signed lead from going anywhere but the configured address.
      const response = await fetch(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel().catch(() => undefined);
      // The status only: a receiver's answer may echo the lead, and this error is logged and stored.
      if (response.status < 200 || response.status > 299) throw new Error(`${host} answered ${response.status}`);
    },
    describe: () => host,
  };
}
