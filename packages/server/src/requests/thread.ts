import type { FastifyInstance } from "fastify";
import { hasPriority, includedMinutesFor, type Locale, type RequestKind, type RequestStatus } from "@agency/contract";
import { userRef } from "../accounts/mails";
import type { Db } from "../db/db";
import { deskLink, requestLink, type MailSite } from "../mail/links";
import { agencyRequestMail, requestReceivedMail, requestReplyMail } from "../mail/request-templates";
import type { MailContent } from "../mail/templates";
import { mailItem } from "../outbox/mail-channel";
import { companyRef, findCompany, listMembers, type MemberRow } from "../teams/repository";
import { EXTRA_TIME_CURRENCY } from "./allowance";
import { calendarMonth } from "./calendar";
import { companyEntitlement, type Entitlement } from "./entitlement";
import { usedMinutes } from "./minutes-repository";
import { insertMessage, insertRequest, lockRequest, markAgencyReply, markCustomerMessage, type RequestRow } from "./repository";

/**
 * Writing in a request: filing one, the customer's messages and the agency's replies. Each is stored, with the
 * mails it owes queued in the outbox, in one transaction under the request's lock; the caller delivers the returned
 * mail ids after answering. The customer is mailed a confirmation and every reply (in their language, with a link to
 * the request); the agency's inbox is told of every new request and message.
 */

export const CUSTOMER_MAIL_TOPIC = "requests.customer";
export const AGENCY_MAIL_TOPIC = "requests.agency";

/** The signed-in member who writes. */
export interface Writer {
  id: string;
  name: string;
  email: string;
  locale: Locale;
}

/** The agency's name as its mails are signed (MAIL_FROM's display name): how the customer sees its replies signed. */
export function agencyName(mailFrom: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(mailFrom)?.[1]?.trim();
  return name || mailFrom.replace(/^.*@/, "").replace(/>.*$/, "");
}

/** The site the mails link to; these mails are sent from the API, where no page's base path is known. */
const siteOf = (app: FastifyInstance): MailSite => ({ publicUrl: app.config.publicUrl, basePath: "/" });

export async function fileRequest(
  app: FastifyInstance,
  writer: Writer,
  companyId: string,
  entitlement: Entitlement,
  input: { kind: RequestKind; subject: string; message: string },
): Promise<{ request: RequestRow; mailIds: number[] }> {
  return app.db.transaction(async (tx) => {
    const request = await insertRequest(tx, { companyId, userId: writer.id, kind: input.kind, subject: input.subject, priority: hasPriority(entitlement) });
    await insertMessage(tx, { request, author: "customer", userId: writer.id, body: input.message });
    const link = requestLink(siteOf(app), request.id, writer.locale);
    const content = requestReceivedMail(writer.locale, { name: writer.name, reference: request.reference, subject: request.subject, kind: request.kind, body: input.message, link });
    const mailIds = [await customerMail(app, tx, writer, content), await agencyMail(app, tx, request, writer, input.message, true)];
    return { request, mailIds };
  });
}

/** The customer writes in their company's request (null when there is no such request); it becomes the agency's turn. */
export async function writeCustomerMessage(
  app: FastifyInstance,
  writer: Writer,
  companyId: string,
  entitlement: Entitlement,
  id: string,
  body: string,
): Promise<{ request: RequestRow; messageId: number; mailIds: number[] } | null> {
  return app.db.transaction(async (tx) => {
    const locked = await lockRequest(tx, id);
    if (!locked || locked.company_id !== companyId) return null;
    const messageId = await insertMessage(tx, { request: locked, author: "customer", userId: writer.id, body });
    const request = await markCustomerMessage(tx, id, hasPriority(entitlement));
    return { request, messageId, mailIds: [await agencyMail(app, tx, request, writer, body, false)] };
  });
}

/**
 * The agency answers, logging the minutes it took; the request becomes `status` (waiting for the customer unless
 * said otherwise). The reply mail tells the customer the month's minutes as they are after this reply.
 */
export async function writeAgencyReply(
  app: FastifyInstance,
  staffId: string,
  id: string,
  reply: { message: string; minutes: number; status?: RequestStatus },
): Promise<{ request: RequestRow; previous: RequestRow; mailIds: number[] } | null> {
  return app.db.transaction(async (tx) => {
    const previous = await lockRequest(tx, id);
    if (!previous) return null;
    await insertMessage(tx, { request: previous, author: "agency", staffId, body: reply.message, minutes: reply.minutes });
    const request = await markAgencyReply(tx, id, reply.status ?? "waiting", staffId);
    const recipient = await recipientOf(tx, request);
    if (!recipient) return { request, previous, mailIds: [] };
    const entitlement = await companyEntitlement(tx, request.company_id, { graceDays: app.config.billing.pastDueGraceDays });
    const content = requestReplyMail(recipient.locale, {
      name: recipient.name,
      agency: agencyName(app.config.mailFrom),
      reference: request.reference,
      subject: request.subject,
      body: reply.message,
      minutes: reply.minutes,
      usedMinutes: await usedMinutes(tx, request.company_id, calendarMonth()),
      includedMinutes: includedMinutesFor(entitlement.package),
      hourlyRateCents: app.config.requests.hourlyRateCents,
      currency: EXTRA_TIME_CURRENCY,
      link: requestLink(siteOf(app), request.id, recipient.locale),
    });
    return { request, previous, mailIds: [await customerMail(app, tx, recipient, content)] };
  });
}

/** Whom the customer's mails go to: the member who filed the request while they are in the company, else its owner. */
async function recipientOf(db: Db, request: RequestRow): Promise<MemberRow | null> {
  const members = await listMembers(db, request.company_id);
  return members.find((member) => member.id === request.user_id) ?? members[0] ?? null;
}

function customerMail(app: FastifyInstance, tx: Db, to: Pick<MemberRow, "id" | "email">, content: MailContent): Promise<number> {
  // About the member: erasing their account (or the company with its last member) takes the queued mail along.
  return app.outbox.enqueue(tx, mailItem({ topic: CUSTOMER_MAIL_TOPIC, ref: userRef(to.id), message: { to: to.email, ...content } }));
}

async function agencyMail(app: FastifyInstance, tx: Db, request: RequestRow, writer: Writer, body: string, isNew: boolean): Promise<number> {
  const company = await findCompany(tx, request.company_id);
  // The agency works in Dutch, as with quote requests.
  const content = agencyRequestMail("nl", {
    isNew,
    priority: request.priority,
    company: company?.name ?? "",
    author: `${writer.name} (${writer.email})`,
    reference: request.reference,
    subject: request.subject,
    kind: request.kind,
    body,
    link: deskLink(siteOf(app), `requests/${request.id}`, "nl"),
  });
  return app.outbox.enqueue(
    tx,
    mailItem({ topic: AGENCY_MAIL_TOPIC, ref: companyRef(request.company_id), message: { to: app.config.agencyInbox, replyTo: writer.email, ...content } }),
  );
}
