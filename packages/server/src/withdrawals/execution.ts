import { ENDED_STATUSES } from "@agency/contract";
import type { FastifyInstance } from "fastify";
import { retryDelaySeconds } from "../outbox/backoff";
import { subscriptionById } from "../payments/subscriptions-repository";
import { refundLocal, refundStripe, type RefundDone } from "./refunds";
import { claimPendingWithdrawals, markCarriedOut, scheduleWithdrawalRetry, type WithdrawalRow } from "./repository";

const isEnded = (status: string) => (ENDED_STATUSES as readonly string[]).includes(status);

/**
 * Carries out one claimed statement. Within the withdrawal period: the subscription ends now at its provider (no
 * further charge), then what was paid is refunded; after it: the subscription is cancelled at its period's end.
 * Each step can run again safely: an ended subscription is not cancelled twice, and the refund is idempotent
 * (refunds.ts), so a retry after a failure halfway finishes the job without paying out twice.
 */
async function carryOutOne(app: FastifyInstance, w: WithdrawalRow): Promise<void> {
  const sub = w.subscription_id ? await subscriptionById(app.db, w.subscription_id) : null;
  if (!sub) {
    // The account was deleted meanwhile, which cancelled everything at the provider already.
    await markCarriedOut(app.db, w.id, { outcome: w.within_period ? "withdrawn" : "cancelled_at_period_end" });
    return;
  }
  const provider = app.payments.providerFor(sub);
  if (!w.within_period) {
    if (!isEnded(sub.status) && !sub.cancel_at_period_end) {
      const result = await provider.setCancelAtPeriodEnd(sub, true);
      app.payments.deliverMails(result.mailIds);
    }
    await markCarriedOut(app.db, w.id, { outcome: "cancelled_at_period_end" });
    return;
  }
  if (!isEnded(sub.status)) {
    const result = await provider.cancelNow(sub);
    app.payments.deliverMails(result.mailIds);
  }
  let refund: RefundDone;
  if (sub.provider === "local") refund = await refundLocal(app.db, sub, w);
  else refund = await refundStripe(app.payments.stripe!.stripe, sub, w);
  await markCarriedOut(app.db, w.id, { outcome: "withdrawn", refund });
  app.log.info({ withdrawal: w.id, subscription: sub.id, refundCents: refund.cents }, "withdrawal carried out");
}

/**
 * Carries out the pending statements that are due (with `id`, only that one): right after a statement's answer, and
 * from the job for those whose provider failed. A failure is kept on the statement for staff and tried again later
 * (30 s, doubling up to an hour apart, for as long as it takes: the customer is owed the refund).
 * @returns how many were carried out
 */
export async function carryOutWithdrawals(app: FastifyInstance, id?: string): Promise<number> {
  const claimed = await claimPendingWithdrawals(app.db, id ? { id } : {});
  let done = 0;
  for (const w of claimed) {
    try {
      await carryOutOne(app, w);
      done++;
    } catch (error) {
      const retryAt = new Date(Date.now() + retryDelaySeconds(w.attempts) * 1000);
      app.log.error({ err: error, withdrawal: w.id, attempt: w.attempts }, "withdrawal could not be carried out; will retry");
      await scheduleWithdrawalRetry(app.db, w.id, retryAt, error instanceof Error ? error.message : String(error));
    }
  }
  return done;
}
