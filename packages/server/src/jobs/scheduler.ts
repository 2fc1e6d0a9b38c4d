import type { FastifyInstance } from "fastify";
import { adoptLegacyNotifications } from "../contact/notify";
import { sessionLimits } from "../plugins/auth";
import { runRetention } from "./retention";
import { prunePaymentRecords, runSubscriptionRenewal, SUBSCRIPTION_JOB_INTERVAL_MS } from "./subscription-renewal";
import { carryOutWithdrawals } from "../withdrawals/execution";
import { runOfferJobs } from "../offers/delivery";

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Due outbox items are looked for this often; the first retry of a failed mail is due 30 seconds after it. */
export const OUTBOX_INTERVAL_MS = 30 * 1000;

/**
 * Runs retention, the outbox and the subscription jobs once the app is ready, then on timers.
 * Runs go through app.background, so shutdown waits for a run in progress instead of cutting it off.
 *
 * Every instance runs every job; each unit of work still happens once. The outbox and renewal jobs claim their rows
 * (FOR UPDATE SKIP LOCKED, and a claimed item is leased for a while), and the bulk deletes (retention, pruning) run
 * under an advisory lock that makes the other instances skip the run.
 */
export function startJobs(app: FastifyInstance): void {
  const timers: NodeJS.Timeout[] = [];
  const retention = () =>
    app.background("retention", async () => {
      const removed = await runRetention(app.db, {
        sessionIdleSeconds: sessionLimits(app.config).idleSeconds,
        outboxDir: app.mailer.outboxDir,
      });
      if (removed) app.log.info({ removed }, "retention job done");
      else app.log.info("retention job skipped: another instance is running it");
    });
  // One run at a time per instance: a slow run (mail down, timeouts) must not pile up behind the timer.
  let outboxRunning = false;
  const outbox = ({ adoptLegacy = false } = {}) => {
    if (outboxRunning) return;
    outboxRunning = true;
    app.background("outbox", async () => {
      try {
        // Quote requests a release before the outbox stored are handed over once, at start: no instance of that
        // release runs beside this one (docs/deploy.md), so none are stored after.
        if (adoptLegacy) await adoptLegacyNotifications({ db: app.db, outbox: app.outbox, agencyInbox: app.config.agencyInbox, log: app.log });
        const delivered = await app.outbox.deliver();
        if (delivered > 0) app.log.info({ delivered }, "outbox job delivered owed items");
      } finally {
        outboxRunning = false;
      }
    });
  };

  // Local test subscriptions: end or renew at period end, then send the mails that queued (the outbox retries them).
  const subscriptions = () =>
    app.background("subscription renewal", async () => {
      const { renewed, ended, mailIds } = await runSubscriptionRenewal(app.db, new Date(), {
        renew: app.config.payments === "test",
        graceDays: app.config.billing.pastDueGraceDays,
      });
      if (renewed + ended > 0) app.log.info({ renewed, ended }, "local subscriptions renewed or ended");
      await app.outbox.deliver(mailIds);
      // Statements of withdrawal whose provider failed right after the answer: the customer is owed the refund.
      await carryOutWithdrawals(app);
      // Offers past their 30 days expire; balances unpaid after their term are reminded once.
      await runOfferJobs(app);
    });
  const paymentPruning = () =>
    app.background("payment records pruning", async () => {
      const pruned = await prunePaymentRecords(app.db);
      if (pruned) app.log.info({ pruned }, "payment records pruned");
      else app.log.info("payment records pruning skipped: another instance is running it");
    });

  app.addHook("onReady", async () => {
    retention();
    outbox({ adoptLegacy: true });
    subscriptions();
    paymentPruning();
    timers.push(setInterval(subscriptions, SUBSCRIPTION_JOB_INTERVAL_MS).unref(), setInterval(paymentPruning, RETENTION_INTERVAL_MS).unref());
    // unref: a pending timer must not keep a process alive that is otherwise done (CLI, tests).
    timers.push(setInterval(retention, RETENTION_INTERVAL_MS).unref(), setInterval(() => outbox(), OUTBOX_INTERVAL_MS).unref());
  });
  app.addHook("preClose", async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
