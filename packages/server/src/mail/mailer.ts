import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
// A file path: Node resolves no directory index for an ES module import.
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { FastifyBaseLogger } from "fastify";
import { maskEmail } from "../lib/mask";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Documents sent along (a signed offer, an invoice): made when the mail is sent, never kept in the outbox. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SendOptions {
  /**
   * Extra detail for the log line in outbox mode only (the reset link, so a developer without SMTP can follow it).
   * Mail that goes out over SMTP never logs it: it grants access, and the recipient has it in their mail.
   */
  logDetail?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message or the .eml file is written; rejects otherwise. */
  send(message: MailMessage, options?: SendOptions): Promise<{ messageId: string }>;
  readonly mode: "smtp" | "outbox";
  /** Where outbox mails are written (outbox mode only). */
  readonly outboxDir: string | undefined;
  close(): void;
}

type Logger = Pick<FastifyBaseLogger, "info">;

/** How long the SMTP transport waits, in milliseconds, before it gives up an attempt (the outbox retries it). */
export interface SmtpTimeouts {
  /** For the TCP connection to be made. */
  connectionMs: number;
  /** For the server's greeting once connected. */
  greetingMs: number;
  /** Of silence on an open connection. */
  socketMs: number;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Logger;
  timeouts?: SmtpTimeouts;
  /** Log `logDetail` (a reset link) beside outbox mails; never in production, where a log is collected. */
  logDetails?: boolean;
}): Mailer {
  const { smtpUrl, from, log, timeouts, logDetails = true } = options;
  if (smtpUrl) {
    // Without timeouts a mail server that accepts the connection and then says nothing holds an attempt for ever.
    // The SMTP transport itself merges the URL with further options (createTransport(url) would take the URL only).
    const transport = nodemailer.createTransport(
      new SMTPTransport({
        url: smtpUrl,
        ...(timeouts ? { connectionTimeout: timeouts.connectionMs, greetingTimeout: timeouts.greetingMs, socketTimeout: timeouts.socketMs } : {}),
      }),
    );
    return {
      mode: "smtp",
      outboxDir: undefined,
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        // Never the subject: a quote request's names its sender and company, which no log may hold.
        log.info({ to: maskEmail(message.to) }, "mail sent over SMTP");
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  // Without SMTP every message still becomes a real RFC 822 file, so it can be opened in a mail client or inspected in tests.
  const outboxDir = path.join(options.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "outbox",
    outboxDir,
    async send(message, sendOptions) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer);
      const detail = logDetails && sendOptions?.logDetail ? ` — ${sendOptions.logDetail}` : "";
      const to = maskEmail(message.to);
      // Never the subject (a quote request's names its sender); the file holds the whole mail for a developer.
      log.info({ to, file }, `mail to ${to}: ${path.basename(file)}${detail} (outbox, no SMTP_URL)`);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
