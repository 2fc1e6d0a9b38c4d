import { formatMoney, type Locale, type RequestKind } from "@agency/contract";
import { say } from "../i18n";
import { deskLink, requestLink } from "./links";
import { defineMail } from "./registry";
import { greeting } from "./templates";

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

/** A made-up request id for the samples: its page asks for the sign-in, then says it does not exist. */
const SAMPLE_REQUEST = "3f0c3c8e-4b7e-4c43-9d43-2f1e5e0c1a11";

export interface ReceivedMailData {
  name: string;
  reference: string;
  subject: string;
  kind: RequestKind;
  body: string;
  /** Made with requestLink (links.ts) in the mail's language. */
  link: string;
}

export const requestReceivedMail = defineMail<ReceivedMailData>({
  name: "request.received",
  render: (locale, d) => ({
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
  }),
  samples: (site, locale) => [
    {
      name: "Eva",
      reference: "R-7K3Q",
      subject: "Nieuwe openingstijden",
      kind: "content",
      body: "Vanaf 1 april zijn we op maandag gesloten.\nKunnen jullie dat op de contactpagina zetten?",
      link: requestLink(site, SAMPLE_REQUEST, locale),
    },
  ],
});

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
  /** Made with requestLink (links.ts) in the mail's language. */
  link: string;
}

export const requestReplyMail = defineMail<ReplyMailData>({
  name: "request.reply",
  render: (locale, d) => {
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
  },
  // Within the month's minutes, and past them (the extra time and its rate).
  samples: (site, locale) =>
    [45, 150].map((usedMinutes) => ({
      name: "Eva",
      agency: "Pixelwerf",
      reference: "R-7K3Q",
      subject: "Nieuwe openingstijden",
      body: "Staat erop. / Done.",
      minutes: 30,
      usedMinutes,
      includedMinutes: 120,
      hourlyRateCents: 7500,
      currency: "EUR",
      link: requestLink(site, SAMPLE_REQUEST, locale),
    })),
});

export interface AgencyRequestMailData {
  isNew: boolean;
  priority: boolean;
  company: string;
  author: string;
  reference: string;
  subject: string;
  kind: RequestKind;
  body: string;
  /** Made with deskLink (links.ts) in the mail's language. */
  link: string;
}

/** To the agency's inbox: a new request, or a new message in one. */
export const agencyRequestMail = defineMail<AgencyRequestMailData>({
  name: "request.agency",
  render: (locale, d) => {
    const values = { company: d.company, author: d.author, reference: d.reference, kind: kindLabel(locale, d.kind) };
    return {
      subject: say(locale, m.agencySubject, { ...values, subject: d.subject, priority: d.priority ? say(locale, m.agencyPriority) : "" }),
      text: [say(locale, d.isNew ? m.agencyNew : m.agencyMessage, values), "", ...quoted(d.body), "", say(locale, m.agencyOpen, { link: d.link })].join("\n"),
    };
  },
  samples: (site, locale) =>
    [true, false].map((isNew) => ({
      isNew,
      priority: isNew,
      company: "Bakkerij de Vries",
      author: "Eva de Vries (eva@example.com)",
      reference: "R-7K3Q",
      subject: "Nieuwe openingstijden",
      kind: "content" as const,
      body: "Vanaf 1 april zijn we op maandag gesloten.",
      link: deskLink(site, `requests/${SAMPLE_REQUEST}`, locale),
    })),
});
