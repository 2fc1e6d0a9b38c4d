import type { CancelPayload } from "@agency/contract";
import type { FastifyInstance } from "fastify";
import type { SubscriptionRow } from "../payments/subscriptions-repository";
import { insertCancellationReason } from "./repository";

/**
 * Keeps why a customer cancelled, when they said. Called after the cancellation is done, and a failure here is
 * only logged: the question may never block or delay the cancellation itself.
 */
export async function keepCancellationReason(app: FastifyInstance, sub: SubscriptionRow, body: CancelPayload | undefined | null): Promise<void> {
  const reason = body?.reason ?? null;
  const comment = body?.comment?.trim() || null;
  if (!reason && !comment) return;
  try {
    await insertCancellationReason(app.db, { subscriptionId: sub.id, planId: sub.plan_id, reason, comment });
  } catch (error) {
    app.log.error({ err: error, subscription: sub.id }, "cancellation reason not stored");
  }
}
