import { once } from "node:events";
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply } from "fastify";
import { registerQuoteNotifications } from "../contact/notify";
import { LEAD_WEBHOOK_CHANNEL, LEAD_WEBHOOK_TOPIC, leadWebhookChannel } from "../contact/webhook";
import { createOutbox, type Outbox } from "../outbox/delivery";
import { MAIL_CHANNEL, mailChannel } from "../outbox/mail-channel";
import { SUBSCRIPTION_MAIL_CHANNEL, subscriptionMailChannel } from "../payments/subscription-mails";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The durable outbox: `enqueue(tx, item)` in the transaction of what the item is about, then
     * `deliverSoon(reply, ids)` after the commit. The outbox job delivers what that attempt did not.
     */
    outbox: Outbox & {
      /**
       * Tries these items once the answer has gone out (app.background): mail arrives in seconds, not at the next job
       * run, and the attempt never delays the answer (whose timing must not tell whether an account exists).
       */
      deliverSoon(reply: FastifyReply, ids: number[]): void;
    };
  }
}

export default fp(
  async function outboxPlugin(app: FastifyInstance) {
    const outbox = createOutbox({ db: app.db, log: app.log });
    outbox.addChannel(MAIL_CHANNEL, mailChannel(app.mailer));
    outbox.addChannel(SUBSCRIPTION_MAIL_CHANNEL, subscriptionMailChannel({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl }));
    registerQuoteNotifications(outbox);
    const { url, secret, timeoutMs } = app.config.leadWebhook;
    // Without LEAD_WEBHOOK_URL no post is queued; posts queued before it was unset wait for their give-up time.
    if (url) outbox.addChannel(LEAD_WEBHOOK_CHANNEL, leadWebhookChannel({ url, secret, timeoutMs }));
    outbox.onDelivered(LEAD_WEBHOOK_TOPIC, async () => void app.metrics.leadWebhooks.inc({ outcome: "delivered" }));
    outbox.onGivenUp(LEAD_WEBHOOK_TOPIC, () => app.metrics.leadWebhooks.inc({ outcome: "failed" }));
    app.decorate(
      "outbox",
      Object.assign(outbox, {
        deliverSoon(reply: FastifyReply, ids: number[]) {
          if (ids.length === 0) return;
          const answered = reply.raw.writableFinished ? Promise.resolve() : Promise.race([once(reply.raw, "finish"), once(reply.raw, "close")]);
          app.background("outbox delivery", async () => {
            await answered;
            return outbox.deliver(ids);
          });
        },
      }),
    );
  },
  { name: "outbox", dependencies: ["config", "db", "mailer", "background", "metrics"] },
);
