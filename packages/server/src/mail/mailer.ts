import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import { maskEmail } from "../lib/mask";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
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

/**
 * How long the mail server may take to accept a connection, to greet, and to answer each step, in milliseconds.
 * Nodemailer's defaults (2 minutes to connect, 10 minutes of silence) would hold a request or a retry job that long
 * on a mail server that accepts connections and then says nothing.
 */
export const SMTP_TIMEOUT_MS = 15_000;

/**
 * The mail server's URL with the timeouts as query options (nodemailer reads every other option from the query when
 * it is given a URL); ones the URL sets itself are kept.
 */
function withTimeouts(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  for (const option of ["connectionTimeout", "greetingTimeout", "socketTimeout", "dnsTimeout"]) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(timeoutMs));
  }
  return url.toString();
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Logger;
  /** Log `logDetail` (a reset link) beside outbox mails; never in production, where a log is collected. */
  logDetails?: boolean;
  /** Limit on each step of talking to the mail server (SMTP_TIMEOUT_MS unless a test asks for less). */
  timeoutMs?: number;
}): Mailer {
  const { smtpUrl, from, log, logDetails = true, timeoutMs = SMTP_TIMEOUT_MS } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(withTimeouts(smtpUrl, timeoutMs));
    return {
      mode: "smtp",
      outboxDir: undefined,
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        log.info({ to: maskEmail(message.to), subject: message.subject }, "mail sent over SMTP");
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
      log.info({ to, subject: message.subject, file }, `mail to ${to}: "${message.subject}"${detail} (outbox, no SMTP_URL)`);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
