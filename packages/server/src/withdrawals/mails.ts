import { formatDate, formatDateTime, type Locale } from "@agency/contract";
import { say } from "../i18n";
import { accountLink } from "../mail/links";
import { defineMail, SAMPLE_TOKEN, type MailSite } from "../mail/registry";
import { SAMPLE_PLAN_NAME } from "../mail/subscription-templates";
import { greeting } from "../mail/templates";

/** What the acknowledgement says happens next; see withdrawals/statement.ts for when each applies. */
export type AcknowledgementCase =
  | { kind: "withdrawn"; usedDays: number | null; periodDays: number | null }
  | { kind: "cancel_at_period_end"; deadline: string; periodEnd: string }
  | { kind: "already_cancelled"; deadline: string; periodEnd: string }
  | { kind: "no_contract" };

export interface AcknowledgementData {
  /** The account's name; undefined for an address nobody has proven (the mail then greets without one). */
  name: string | undefined;
  /** Date and time of the statement, formatted in the mail's language. */
  receivedAt: string;
  /** What the statement was about: the plan's name, and when the contract started (formatted). */
  planName: string | null;
  startedAt: string | null;
  /** The name and the order number the statement gave; null for an address nobody has proven. */
  typedName: string | null;
  reference: string | null;
  what: AcknowledgementCase;
  /** The undo link and until when it works (formatted); absent when there is nothing to undo. */
  undo: { link: string; until: string } | null;
}

const m = {
  subject: /*i18n*/ { id: "mail.withdrawal.subject", message: "Confirmation of your statement of withdrawal" },
  received: /*i18n*/ {
    id: "mail.withdrawal.received",
    message: "On {date} we received a statement of withdrawal through the withdrawal form on our website. This e-mail confirms its receipt; please keep it.",
  },
  contract: /*i18n*/ { id: "mail.withdrawal.contract", message: "Contract withdrawn from: your {plan} subscription, concluded on {started}." },
  statedBy: /*i18n*/ { id: "mail.withdrawal.stated_by", message: "Name given in the statement: {name}" },
  reference: /*i18n*/ { id: "mail.withdrawal.reference", message: "Order or invoice number given: {reference}" },
  withdrawnNow: /*i18n*/ {
    id: "mail.withdrawal.withdrawn",
    message: "What happens next: your subscription ends now, and you will not be charged again.",
  },
  refundFull: /*i18n*/ {
    id: "mail.withdrawal.refund_full",
    message: "We refund everything you paid for it to the payment method you paid with, within 14 days of your statement (usually within a few working days).",
  },
  refundLessUsed: /*i18n*/ {
    id: "mail.withdrawal.refund_less_used",
    message:
      "We refund what you paid for it, less {used} of the period's {days} days: at checkout you asked for the service to start at once. The refund goes to the payment method you paid with, within 14 days of your statement (usually within a few working days).",
  },
  afterPeriod: /*i18n*/ {
    id: "mail.withdrawal.after_period",
    message:
      "The 14-day withdrawal period of this contract ended on {deadline}, so it can no longer be withdrawn from. Instead we have cancelled your subscription at the end of its current period: you keep access until {end} and will not be charged again.",
  },
  alreadyCancelled: /*i18n*/ {
    id: "mail.withdrawal.already_cancelled",
    message:
      "The 14-day withdrawal period of this contract ended on {deadline}, so it can no longer be withdrawn from. Your subscription was already cancelled: it ends on {end} and you will not be charged again.",
  },
  noContract: /*i18n*/ {
    id: "mail.withdrawal.no_contract",
    message: "We found no running subscription on your account, so nothing was ended and nothing will be charged. If you meant another contract with us, reply to this e-mail.",
  },
  undo: /*i18n*/ {
    id: "mail.withdrawal.undo",
    message:
      "Did you not send this statement? Then someone else used your name and e-mail address. Open this link before {until} and we undo it; your subscription then runs on as before, at no cost for the time it was stopped:",
  },
  undoWithdrawn: /*i18n*/ {
    id: "mail.withdrawal.undo_withdrawn",
    message:
      "Did you not send this statement? Then someone else used your e-mail address. Open this link before {until}: as long as the refund has not been paid, we undo the statement and your subscription runs on as before. Once the refund is paid, nothing can be undone: the subscription stays ended, it costs you nothing, and you can subscribe again at any time.",
  },
  help: /*i18n*/ { id: "mail.withdrawal.help", message: "Questions? Reply to this e-mail and we will help you." },
};

/** The acknowledgement of a statement of withdrawal, to the account's own address (Art. 11a(3)). */
export const acknowledgementMail = defineMail<AcknowledgementData>({
  name: "withdrawal.acknowledgement",
  render: writeAcknowledgement,
  samples: (site, locale) => [
    sample(site, locale, { kind: "withdrawn", usedDays: 3, periodDays: 365 }, true),
    sample(site, locale, { kind: "cancel_at_period_end", deadline: formatDate(new Date("2026-03-19T12:00:00Z"), locale), periodEnd: formatDate(new Date("2027-03-05T12:00:00Z"), locale) }, true),
    // To an address nobody has proven: no name, neither the account's nor the one typed.
    { ...sample(site, locale, { kind: "no_contract" }, false), name: undefined, typedName: null },
  ],
});

function sample(site: MailSite, locale: Locale, what: AcknowledgementCase, undo: boolean): AcknowledgementData {
  return {
    name: "Eva",
    receivedAt: formatDateTime(new Date("2026-03-12T09:30:00Z"), locale),
    planName: what.kind === "no_contract" ? null : SAMPLE_PLAN_NAME[locale],
    startedAt: what.kind === "no_contract" ? null : formatDate(new Date("2026-03-05T12:00:00Z"), locale),
    typedName: "Eva de Vries",
    reference: null,
    what,
    undo: undo ? { link: accountLink(site.publicUrl, site.basePath, "withdraw/undo", SAMPLE_TOKEN, locale), until: formatDateTime(new Date("2027-03-05T12:00:00Z"), locale) } : null,
  };
}

function writeAcknowledgement(locale: Locale, d: AcknowledgementData) {
  const lines = [greeting(locale, d.name), "", say(locale, m.received, { date: d.receivedAt })];
  if (d.planName && d.startedAt) lines.push("", say(locale, m.contract, { plan: d.planName, started: d.startedAt }));
  if (d.typedName) lines.push(say(locale, m.statedBy, { name: d.typedName }));
  if (d.reference) lines.push(say(locale, m.reference, { reference: d.reference }));
  lines.push("");
  const what = d.what;
  if (what.kind === "withdrawn") {
    lines.push(say(locale, m.withdrawnNow));
    lines.push(
      what.usedDays !== null && what.periodDays !== null
        ? say(locale, m.refundLessUsed, { used: what.usedDays, days: what.periodDays })
        : say(locale, m.refundFull),
    );
  } else if (what.kind === "cancel_at_period_end") {
    lines.push(say(locale, m.afterPeriod, { deadline: what.deadline, end: what.periodEnd }));
  } else if (what.kind === "already_cancelled") {
    lines.push(say(locale, m.alreadyCancelled, { deadline: what.deadline, end: what.periodEnd }));
  } else {
    lines.push(say(locale, m.noContract));
  }
  if (d.undo) lines.push("", say(locale, what.kind === "withdrawn" ? m.undoWithdrawn : m.undo, { until: d.undo.until }), "", d.undo.link);
  lines.push("", say(locale, m.help));
  return { subject: say(locale, m.subject), text: lines.join("\n") };
}
