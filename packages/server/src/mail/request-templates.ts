import { formatMoney, type Locale, type RequestKind } from "@agency/contract";
import { say } from "../i18n";
import { greeting, type MailContent } from "./templates";

/**
 * The mails about customer requests, nl and en (src/locales): the confirmation of a new request and each reply of the
 * agency, to the member who filed it, and the agency's notice of a new request or message. The request's subject and
 * messages are the customer's and the agency's own words; mails are plain text, so they stay text.
 */
const m = {
  receivedSubject: /*i18n*/ { id: "mail.request_received.subject", message: "We received your request {reference}: {subject}" },
  receivedIntro: /*i18n*/ {
    id: "mail.request_received.intro",
    message: "Thank you. Your request {reference} ({kind}) is in our queue, and we will answer it within 24 hours. You wrote:",
  },
  replySubject: /*i18n*/ { id: "mail.request_reply.subject", message: "Re: {subject} [{reference}]" },
  replyIntro: /*i18n*/ { id: "mail.request_reply.intro", message: "{agency} answered your request {reference}:" },
  replyTime: /*i18n*/ {
    id: "mail.request_reply.time",
    message: "Time spent on this answer: {minutes, plural, one {# minute} other {# minutes}}.",
  },
  allowance: /*i18n*/ { id: "mail.request_reply.allowance", message: "You have used {used} of {included} minutes this month." },
  extra: /*i18n*/ {
    id: "mail.request_reply.extra",
    message:
      "That is {extra, plural, one {# minute} other {# minutes}} more than your monthly fee includes. Extra time costs {rate} an hour (excl. VAT) and is only invoiced once you have agreed to it on your requests page.",
  },
  open: /*i18n*/ { id: "mail.request.open", message: "Read the whole request and answer it here (log in first if you are asked to):" },
  noReply: /*i18n*/ { id: "mail.request.no_reply", message: "Please answer through that page, not by replying to this e-mail." },
  agencySubject: /*i18n*/ { id: "mail.request_agency.subject", message: "{priority}Request {reference} from {company}: {subject}" },
  agencyNew: /*i18n*/ { id: "mail.request_agency.new", message: "{author} of {company} sent a new request ({kind}):" },
  agencyMessage: /*i18n*/ { id: "mail.request_agency.message", message: "{author} of {company} wrote in request {reference}:" },
  agencyPriority: /*i18n*/ { id: "mail.request_agency.priority", message: "[Priority] " },
  agencyOpen: /*i18n*/ { id: "mail.request_agency.open", message: "Answer it in the desk within 24 hours: {link}" },
};

const kinds: Record<RequestKind, { id: string; message: string }> = {
  content: /*i18n*/ { id: "mail.request.kind.content", message: "content update" },
  problem: /*i18n*/ { id: "mail.request.kind.problem", message: "problem" },
  question: /*i18n*/ { id: "mail.request.kind.question", message: "question" },
};
const kindLabel = (locale: Locale, kind: RequestKind) => say(locale, kinds[kind]);

/** The customer's words, set off from the mail's own text. */
const quoted = (body: string) => body.split(/\r?\n/).map((line) => `> ${line}`);

export function requestReceivedMail(locale: Locale, d: { name: string; reference: string; subject: string; kind: RequestKind; body: string; link: string }): MailContent {
  return {
    subject: say(locale, m.receivedSubject, { reference: d.reference, subject: d.subject }),
    text: [
      greeting(locale, d.name),
      "",
      say(locale, m.receivedIntro, { reference: d.reference, kind: kindLabel(locale, d.kind) }),
      "",
      ...quoted(d.body),
      "",
      say(locale, m.open),
      d.link,
      "",
      say(locale, m.noReply),
    ].join("\n"),
  };
}

export interface ReplyMailData {
  name: string;
  agency: string;
  reference: string;
  subject: string;
  body: string;
  minutes: number;
  usedMinutes: number;
  includedMinutes: number;
  hourlyRateCents: number;
  currency: string;
  link: string;
}

export function requestReplyMail(locale: Locale, d: ReplyMailData): MailContent {
  const extra = Math.max(0, d.usedMinutes - d.includedMinutes);
  const rate = formatMoney(d.hourlyRateCents / 100, d.currency, locale, { cents: true });
  return {
    subject: say(locale, m.replySubject, { reference: d.reference, subject: d.subject }),
    text: [
      greeting(locale, d.name),
      "",
      say(locale, m.replyIntro, { agency: d.agency, reference: d.reference }),
      "",
      d.body,
      "",
      ...(d.minutes > 0 ? [say(locale, m.replyTime, { minutes: d.minutes })] : []),
      say(locale, m.allowance, { used: d.usedMinutes, included: d.includedMinutes }),
      ...(extra > 0 ? [say(locale, m.extra, { extra, rate })] : []),
      "",
      say(locale, m.open),
      d.link,
      "",
      say(locale, m.noReply),
    ].join("\n"),
  };
}

export function agencyRequestMail(
  locale: Locale,
  d: { isNew: boolean; priority: boolean; company: string; author: string; reference: string; subject: string; kind: RequestKind; body: string; link: string },
): MailContent {
  const values = { company: d.company, author: d.author, reference: d.reference, kind: kindLabel(locale, d.kind) };
  return {
    subject: say(locale, m.agencySubject, { ...values, subject: d.subject, priority: d.priority ? say(locale, m.agencyPriority) : "" }),
    text: [say(locale, d.isNew ? m.agencyNew : m.agencyMessage, values), "", ...quoted(d.body), "", say(locale, m.agencyOpen, { link: d.link })].join("\n"),
  };
}
