import { DEFAULT_LOCALE, formatDateTime } from "@agency/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { STAFF_GUESSES } from "../accounts/guesses";
import { say } from "../i18n";
import { countRateEvents, takeRateSlot } from "../lib/throttle";
import { defineMail } from "../mail/registry";
import { mailItem } from "../outbox/mail-channel";
import type { StaffRow } from "./staff-repository";

/** Failures for one staff account, from browsers it does not know, in the hour, after which its owner is mailed. */
export const STAFF_FAILURES_MAILED_AFTER = 5;
/** At most one such mail per staff member per hour, however long the guessing goes on. */
const MAILS_PER_HOUR = 1;
const TOPIC = "desk.sign_in_failures";

const m = {
  subject: /*i18n*/ { id: "mail.desk_sign_in_failures.subject", message: "Failed sign-ins to your desk account" },
  body: /*i18n*/ {
    id: "mail.desk_sign_in_failures.body",
    message: "In the last hour there were {count} failed attempts to sign in to your account at the agency's desk, the last on {time}. If that was you, there is nothing to do.",
  },
  notYou: /*i18n*/ {
    id: "mail.desk_sign_in_failures.not_you",
    message:
      "If it was not you, someone is guessing your password. Browsers you signed in from before are not slowed down by it. If you think your password is known, ask an admin for a new enrolment link. Every attempt is in the audit log, with the address it came from.",
  },
};

const failuresMail = defineMail<{ count: number; at: Date }>({
  name: "desk.sign_in_failures",
  render: (locale, { count, at }) => ({
    subject: say(locale, m.subject),
    text: [say(locale, m.body, { count, time: formatDateTime(at, locale) }), "", say(locale, m.notYou)].join("\n"),
  }),
  samples: () => [{ count: STAFF_FAILURES_MAILED_AFTER, at: new Date("2026-03-05T10:30:00Z") }],
});

/**
 * A failed staff sign-in: written to the audit log with the address it came from (`reason`: a wrong password, a
 * wrong or missing code, or refused unchecked past the cap), whichever account it named. Past a handful of failures
 * from unknown browsers in the hour, the staff member is mailed, at most once an hour. The answer to the client is
 * the same for every reason.
 */
export async function recordDeskFailure(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  a: { email: string; staff: StaffRow | null; accountKey: string; reason: "password" | "code" | "too_many" },
): Promise<void> {
  await app.audit(request, { actor: a.email, action: "desk.sign_in_failed", target: a.staff ? `staff:${a.staff.email}` : null, detail: { reason: a.reason } });
  if (!a.staff) return;
  const failures = await countRateEvents(app.db, { bucket: STAFF_GUESSES.bucket, key: a.accountKey, windowSeconds: STAFF_GUESSES.windowSeconds });
  if (failures < STAFF_FAILURES_MAILED_AFTER) return;
  const slot = await takeRateSlot(app.db, [{ bucket: "desk-login:mail", key: a.staff.id, limit: MAILS_PER_HOUR, windowSeconds: 60 * 60 }]);
  if (slot.wait > 0) return;
  // Staff have no language of their own: the agency's.
  const content = failuresMail(DEFAULT_LOCALE, { count: failures, at: new Date() });
  const staff = a.staff;
  const id = await app.db.transaction((tx) =>
    app.outbox.enqueue(tx, mailItem({ topic: TOPIC, ref: `staff:${staff.id}`, message: { to: staff.email, ...content } })),
  );
  app.outbox.deliverSoon(reply, [id]);
}
