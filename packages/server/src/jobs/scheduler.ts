import type { FastifyInstance } from "fastify";
import { notifyPendingContacts } from "../contact/notify";
import { runRetention } from "./retention";

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const MAIL_RETRY_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Runs retention and the retry of unsent quote-request mail once the app is ready, then on timers.
 * Runs go through app.background, so shutdown waits for a run in progress instead of cutting it off.
 */
export function startJobs(app: FastifyInstance): void {
  const timers: NodeJS.Timeout[] = [];
  const retention = () =>
    app.background("retention", async () => {
      const removed = await runRetention(app.db);
      app.log.info({ removed }, "retention job done");
    });
  const mailRetry = () =>
    app.background("quote mail retry", async () => {
      const sent = await notifyPendingContacts({ db: app.db, mailer: app.mailer, agencyInbox: app.config.agencyInbox, log: app.log });
      if (sent > 0) app.log.info({ sent }, "unsent quote request notifications delivered");
    });

  app.addHook("onReady", async () => {
    retention();
    mailRetry();
    // unref: a pending timer must not keep a process alive that is otherwise done (CLI, tests).
    timers.push(setInterval(retention, RETENTION_INTERVAL_MS).unref(), setInterval(mailRetry, MAIL_RETRY_INTERVAL_MS).unref());
  });
  app.addHook("preClose", async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
