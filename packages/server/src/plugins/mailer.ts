import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { createMailer, type Mailer } from "../mail/mailer";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `app.mailer.send({ to, subject, text, html? })`: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
export default fp(
  async function mailerPlugin(app: FastifyInstance, opts: { mailer?: Mailer }) {
    const mailer =
      opts.mailer ??
      createMailer({
        // MAIL=outbox writes mail to the outbox even when SMTP_URL is set.
        smtpUrl: app.config.mail === "smtp" ? app.config.smtpUrl : undefined,
        from: app.config.mailFrom,
        dataDir: app.config.dataDir,
        log: app.log,
        timeouts: app.config.smtpTimeouts,
        logDetails: app.config.nodeEnv !== "production",
      });
    // Every send counted by outcome, whichever mailer it is (a test's own too): failures are what an operator watches.
    const counted: Mailer = {
      mode: mailer.mode,
      outboxDir: mailer.outboxDir,
      close: () => mailer.close(),
      async send(message, options) {
        try {
          const sent = await mailer.send(message, options);
          app.metrics.mails.inc({ outcome: "sent" });
          return sent;
        } catch (error) {
          app.metrics.mails.inc({ outcome: "failed" });
          throw error;
        }
      },
    };
    app.decorate("mailer", counted);
    app.addHook("onClose", async () => mailer.close());
  },
  { name: "mailer", dependencies: ["config", "metrics"] },
);
