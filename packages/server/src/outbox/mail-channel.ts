import type { MailMessage, Mailer } from "../mail/mailer";
import { maskEmail } from "../lib/mask";
import type { OutboxChannel } from "./delivery";
import type { EnqueueOptions } from "./delivery";

/** A mail as the outbox keeps it: the rendered message, and for the development outbox a line to log with it. */
export interface MailPayload extends MailMessage {
  /** Logged beside the mail only when it goes to the development outbox (a reset link), never in production. */
  logDetail?: string;
}

export const MAIL_CHANNEL = "mail";

export function mailChannel(mailer: Mailer): OutboxChannel<MailPayload> {
  return {
    async deliver({ logDetail, ...message }) {
      await mailer.send(message, logDetail ? { logDetail } : undefined);
    },
    describe: (payload) => maskEmail(payload.to ?? ""),
  };
}

/** An outbox item for one mail. */
export function mailItem(item: Omit<EnqueueOptions, "channel" | "payload"> & { message: MailPayload }): EnqueueOptions {
  const { message, ...rest } = item;
  return { ...rest, channel: MAIL_CHANNEL, payload: message };
}
