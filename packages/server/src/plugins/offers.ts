import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { OFFER_MAIL_CHANNEL, offerMailChannel } from "../offers/mails";
import { registerOfferPayments } from "../offers/payments";

/** Packages sold online: what their payments do, and the outbox channel of their mails (offers/README.md). */
export default fp(
  async function offersPlugin(app: FastifyInstance) {
    registerOfferPayments(app);
    app.outbox.addChannel(OFFER_MAIL_CHANNEL, offerMailChannel({ db: app.db, mailer: app.mailer, config: app.config }));
  },
  { name: "offers", dependencies: ["config", "db", "outbox", "payments", "desk-auth"] },
);
