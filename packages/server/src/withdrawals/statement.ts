import { formatDate, formatDateTime, withdrawalDeadline, type Locale } from "@agency/contract";
import type { FastifyInstance } from "fastify";
import { accountLink, queueAccountMail, queueLinkMail } from "../accounts/mails";
import { findUserByEmail, lockUser } from "../accounts/repository";
import { randomToken, sha256 } from "../lib/crypto";
import { findPlan } from "../payments/plans-repository";
import { liveSubscription, newestSubscription, type SubscriptionRow } from "../payments/subscriptions-repository";
import { billingCompanyOf } from "../teams/repository";
import { acknowledgementMail, type AcknowledgementCase } from "./mails";
import { immediateStartRequested, insertWithdrawal, recentAcknowledgements, withdrawalUnderway, type WithdrawalRow } from "./repository";

export const WITHDRAWAL_TOPIC = "withdrawal.acknowledgement";
/**
 * Acknowledgements of statements that change nothing (no contract, one cancelled already) mailed to one account per
 * hour; further ones are stored but not mailed, so the form cannot flood an inbox. A statement that changes a contract
 * is always acknowledged, with its undo link (Art. 11a), however many came before it.
 */
export const ACKNOWLEDGEMENTS_PER_HOUR = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Statement {
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  reference: string | null;
  locale: Locale;
  /** The signed-in user sending it, if any. */
  userId: string | null;
  /** Where the site runs, for the undo link: PUBLIC_URL + basePath + withdraw/undo. */
  basePath: string;
}

/**
 * What the customer pays for when withdrawing: the days begun since the contract started, of the current period's
 * days, when they asked at checkout for the service to start at once (Art. 14(3)); null, null when they did not and
 * get everything back.
 */
export async function daysToCharge(db: FastifyInstance["db"], sub: SubscriptionRow, at: Date): Promise<{ usedDays: number | null; periodDays: number | null }> {
  if (!(await immediateStartRequested(db, sub.id))) return { usedDays: null, periodDays: null };
  const started = (sub.started_at ?? sub.created_at).getTime();
  const periodDays = Math.max(1, Math.round((sub.current_period_end.getTime() - sub.current_period_start.getTime()) / DAY_MS));
  const usedDays = Math.min(periodDays, Math.max(1, Math.ceil((at.getTime() - started) / DAY_MS)));
  return { usedDays, periodDays };
}

/**
 * Stores a statement of withdrawal and queues its acknowledgement, in one transaction, and decides what it does:
 * within 14 days of the contract the subscription is to end with a refund, after them it is to be cancelled at
 * its period's end (both carried out by execution.ts after the answer). The account is looked up by the address
 * typed, and the acknowledgement goes to the account's own address, never to anything typed; a statement that
 * matches no account is stored and acknowledged by nobody. Statements of one account are serialised (its row is
 * locked), so two at once make one withdrawal: the second is stored as a duplicate.
 */
export async function recordStatement(app: FastifyInstance, s: Statement): Promise<{ row: WithdrawalRow; mailId: number | null }> {
  return app.db.transaction(async (tx) => {
    const base = { name: s.name, email: s.email, reference: s.reference, locale: s.locale, signedIn: false };
    const user = await findUserByEmail(tx, s.email);
    if (!user) {
      const row = await insertWithdrawal(tx, { ...base, userId: null, subscriptionId: null, withinPeriod: null, outcome: "no_account" });
      return { row, mailId: null };
    }
    await lockUser(tx, user.id);
    const signedIn = s.userId === user.id;
    const mailsSoFar = await recentAcknowledgements(tx, user.id);
    // The subscription is the company's: a statement ends it only when its sender may manage the company's billing.
    const company = await billingCompanyOf(tx, user.id);
    const sub = company ? await liveSubscription(tx, company) : null;
    const now = new Date();
    const locale = user.locale;
    const fmt = (d: Date) => formatDate(d, locale);

    let what: AcknowledgementCase;
    let row: WithdrawalRow;
    let undoToken: string | null = null;
    const newest = sub || !company ? null : await newestSubscription(tx, company);
    if (!sub && newest && (await withdrawalUnderway(tx, newest.id))) {
      // Sent again after the first statement ended the subscription: that one's acknowledgement says it all.
      row = await insertWithdrawal(tx, { ...base, signedIn, userId: user.id, subscriptionId: newest.id, withinPeriod: true, outcome: "duplicate" });
      return { row, mailId: null };
    }
    if (!sub) {
      what = { kind: "no_contract" };
      row = await insertWithdrawal(tx, { ...base, signedIn, userId: user.id, subscriptionId: null, withinPeriod: null, outcome: "no_contract" });
    } else {
      const deadline = withdrawalDeadline(sub.started_at ?? sub.created_at);
      const within = now <= deadline;
      const common = { ...base, signedIn, userId: user.id, subscriptionId: sub.id, withinPeriod: within };
      if (within && (await withdrawalUnderway(tx, sub.id))) {
        // The first statement's acknowledgement, with its undo link, already says all there is to say.
        row = await insertWithdrawal(tx, { ...common, outcome: "duplicate" });
        return { row, mailId: null };
      }
      if (!within && sub.cancel_at_period_end) {
        what = { kind: "already_cancelled", deadline: fmt(deadline), periodEnd: fmt(sub.current_period_end) };
        row = await insertWithdrawal(tx, { ...common, outcome: "cancelled_at_period_end" });
      } else {
        undoToken = randomToken();
        const days = within ? await daysToCharge(tx, sub, now) : { usedDays: null, periodDays: null };
        what = within ? { kind: "withdrawn", ...days } : { kind: "cancel_at_period_end", deadline: fmt(deadline), periodEnd: fmt(sub.current_period_end) };
        row = await insertWithdrawal(tx, {
          ...common,
          outcome: "pending",
          ...days,
          undoTokenHash: sha256(undoToken),
          undoExpiresAt: sub.current_period_end,
        });
      }
    }
    if (!undoToken && mailsSoFar >= ACKNOWLEDGEMENTS_PER_HOUR) {
      app.log.warn({ userId: user.id }, "withdrawal acknowledgement not mailed: hourly limit reached");
      return { row, mailId: null };
    }
    const plan = sub ? await findPlan(tx, sub.plan_id, { activeOnly: false, locale }) : null;
    const link = undoToken ? accountLink(app.config.publicUrl, s.basePath, "withdraw/undo", undoToken, locale) : null;
    // Only an address its owner has proven hears a name or the statement's own words: to any other, what the sender
    // typed (and the name the account was registered with) is left out.
    const proven = user.email_verified_at !== null;
    const content = acknowledgementMail(locale, {
      name: proven ? user.name : undefined,
      receivedAt: formatDateTime(row.received_at, locale),
      planName: plan?.name ?? null,
      startedAt: sub ? fmt(sub.started_at ?? sub.created_at) : null,
      typedName: proven ? s.name : null,
      reference: proven ? s.reference : null,
      what,
      undo: link && sub ? { link, until: formatDateTime(sub.current_period_end, locale) } : null,
    });
    const mail = { userId: user.id, topic: WITHDRAWAL_TOPIC, to: user.email, content };
    const mailId =
      link && sub
        ? await queueLinkMail(app.outbox, tx, { ...mail, link, expiresAt: sub.current_period_end })
        : await queueAccountMail(app.outbox, tx, mail);
    return { row, mailId };
  });
}
