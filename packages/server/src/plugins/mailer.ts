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
        smtpUrl: app.config.smtpUrl,
        from: app.config.mailFrom,
        dataDir: app.config.dataDir,
        log: app.log,
        timeouts: app.config.smtpTimeouts,
        logDetails: app.config.nodeEnv !== "production",
      });
    app.decorate("mailer", mailer);
    app.addHook("onClose", async () => mailer.close());
  },
  { name: "mailer", dependencies: ["config"] },
);
