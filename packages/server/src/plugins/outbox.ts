import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { registerQuoteNotifications } from "../contact/notify";
import { createOutbox, type Outbox } from "../outbox/delivery";
import { MAIL_CHANNEL, mailChannel } from "../outbox/mail-channel";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The durable outbox: `enqueue(tx, item)` in the transaction of what the item is about, then
     * `deliverSoon(ids)` after the commit. The outbox job delivers what that attempt did not.
     */
    outbox: Outbox & {
      /** Tries these items right away, after the answer (app.background): mail arrives in seconds, not at the next job run. */
      deliverSoon(ids: number[]): void;
    };
  }
}

export default fp(
  async function outboxPlugin(app: FastifyInstance) {
    const outbox = createOutbox({ db: app.db, log: app.log });
    outbox.addChannel(MAIL_CHANNEL, mailChannel(app.mailer));
    registerQuoteNotifications(outbox);
    app.decorate(
      "outbox",
      Object.assign(outbox, {
        deliverSoon(ids: number[]) {
          if (ids.length > 0) app.background("outbox delivery", () => outbox.deliver(ids));
        },
      }),
    );
  },
  { name: "outbox", dependencies: ["db", "mailer", "background"] },
);
