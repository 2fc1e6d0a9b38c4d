import type { Db } from "../db/db";
import { enqueueQuoteNotification } from "../contact/notify";
import { contactRowById } from "../contact/repository";
import { enqueueLeadWebhook } from "../contact/webhook";
import type { Outbox } from "../outbox/delivery";
import { lockLead, neverHandedOn, updateLead } from "./leads-repository";

export type ReleaseOutcome =
  | { kind: "not_found" }
  | { kind: "not_releasable" }
  /** An earlier call released it; nothing is sent again. */
  | { kind: "already"; }
  | { kind: "released"; queued: number[]; from: string };

/**
 * Releases a held or spam lead: it becomes `new`, and when nothing about it went out yet, the agency's notification
 * and (with LEAD_WEBHOOK_URL) the webhook are queued, through the same outbox code as a request that was never held.
 * The lead's row is locked first and `released_at` is set in the same transaction, so however often and however
 * concurrently this runs, the mail and the post are queued once.
 */
export async function releaseLead(
  tx: Db,
  deps: { outbox: Outbox; agencyInbox: string; webhook: boolean },
  id: number,
): Promise<ReleaseOutcome> {
  const lead = await lockLead(tx, id);
  if (!lead) return { kind: "not_found" };
  if (lead.status !== "held" && lead.status !== "spam") return lead.released_at ? { kind: "already" } : { kind: "not_releasable" };
  const send = neverHandedOn(lead);
  await updateLead(tx, id, { status: "new", release: true });
  const queued: number[] = [];
  if (send) {
    const row = (await contactRowById(tx, id))!;
    queued.push(await enqueueQuoteNotification(deps.outbox, tx, row, deps.agencyInbox));
    if (deps.webhook) queued.push(await enqueueLeadWebhook(deps.outbox, tx, row));
  }
  return { kind: "released", queued, from: lead.status };
}
