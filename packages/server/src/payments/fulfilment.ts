import { LIVE_STATUSES, grantsAccess, type BillingPeriod, type SubscriptionStatus } from "@agency/contract";
import type { Db } from "../db/db";
import type { SubscriptionMailKind } from "../mail/subscription-templates";
import { periodContaining, periodEnd } from "./billing-period";
import { nextIssue, type IssueChange } from "./payment-attention";
import { queueSubscriptionMail } from "./subscription-mails";
import {
  insertSubscription,
  liveSubscription,
  lockSubscription,
  lockCompanySubscriptions,
  updateSubscription,
  type ProviderName,
  type SubscriptionRow,
  type SubscriptionWrite,
} from "./subscriptions-repository";

/**
 * The one place a subscription's state changes. Both providers end here: the local test checkout's Pay button and
 * renewal job through the verbs below, Stripe's webhooks and cancel/resume calls with the state Stripe reports.
 * Because every change goes through `applySubscriptionState`, the mails (started, renewed, payment failed, ended) follow
 * from the transition itself and are sent once, whichever provider or event caused it.
 */
export interface SubscriptionState
  extends Pick<SubscriptionWrite, "planId" | "billingPeriod" | "status" | "currentPeriodStart" | "currentPeriodEnd" | "cancelAtPeriodEnd"> {
  /** Our row to update. Without it the row is found by (provider, externalId), or inserted. */
  id?: string;
  /** The company it belongs to. */
  companyId: string;
  /** The member who bought it (kept as it is when updating); null when unknown or gone. */
  userId: string | null;
  provider: ProviderName;
  /** Stripe's sub_… id; null for the local provider. */
  externalId: string | null;
  /** Where renewals count from; defaults to currentPeriodStart for a new row, and is kept when updating without. */
  billingAnchor?: Date;
  /** When the subscription ended (status canceled); defaults to now. */
  endedAt?: Date;
  /** A charge just failed (Stripe's invoice.payment_failed), even if the status did not move to past_due. */
  paymentFailed?: boolean;
  /**
   * What the event says about the payment that needs the customer: a new issue with its invoice (failed, or the
   * bank asks for a confirmation), null when the invoice was paid, absent when it says nothing (payment-attention.ts).
   */
  paymentIssue?: IssueChange;
  /**
   * The provider has cancelled this subscription and refunded its first payment because the company already had a
   * live one (see DuplicateSubscription): recorded as such, and the customer is told once.
   */
  refundedDuplicate?: boolean;
  /** The provider reports a renewal paid (the next period's invoice): the customer gets the mail saying what it charged. */
  renewed?: boolean;
}

export interface FulfilmentResult {
  subscription: SubscriptionRow;
  previousStatus: SubscriptionStatus | null;
  /** Outbox items of the mails queued in this transaction; deliver them after commit. */
  mailIds: number[];
}

const isPastDue = (status: SubscriptionStatus | null) => status === "past_due" || status === "unpaid";
const isLive = (status: SubscriptionStatus | null) => (LIVE_STATUSES as readonly unknown[]).includes(status);

/**
 * A subscription was about to become live for a company that already has a live one (two checkouts paid, by one
 * member or two, in either order or at once). Nothing was written: the caller has the provider cancel it and refund
 * its first payment, then records it with `refundedDuplicate`. One live subscription per company is also what the
 * database's unique index enforces; this check, under a per-company lock, is what keeps that index from ever being
 * the one to refuse.
 */
export class DuplicateSubscription extends Error {
  constructor(
    readonly companyId: string,
    /** The live subscription the company keeps. */
    readonly kept: SubscriptionRow,
  ) {
    super(`Company ${companyId} already has live subscription ${kept.id}`);
    this.name = "DuplicateSubscription";
  }
}

/**
 * Writes `state` and queues the mails its transition calls for. Call it inside a transaction (`tx`), and send the
 * returned mails only after that transaction commits, so a rollback never leaves a mail about a change that did
 * not happen. The row is locked first, so two concurrent changes of one subscription apply one after the other.
 */
export async function applySubscriptionState(tx: Db, state: SubscriptionState): Promise<FulfilmentResult> {
  const existing = state.id
    ? await lockSubscription(tx, { id: state.id })
    : state.externalId
      ? await lockSubscription(tx, { provider: state.provider, externalId: state.externalId })
      : null;
  if (state.id && !existing) throw new Error(`Subscription ${state.id} does not exist`);

  const previousStatus = existing?.status ?? null;
  const next = state.status;
  if (isLive(next) && !isLive(previousStatus)) {
    const companyId = existing?.company_id ?? state.companyId;
    await lockCompanySubscriptions(tx, companyId);
    const kept = await liveSubscription(tx, companyId);
    if (kept && kept.id !== existing?.id) throw new DuplicateSubscription(companyId, kept);
  }
  const startsNow = grantsAccess(next) && !existing?.started_at;
  const endsNow = next === "canceled" && previousStatus !== "canceled";
  // One mail per episode of failed payments, not one per retry Stripe makes while the subscription is past due.
  const hadIssue = isPastDue(previousStatus) || (existing?.payment_issue ?? null) !== null;
  const failedNow = !endsNow && !hadIssue && (isPastDue(next) || state.paymentFailed === true || Boolean(state.paymentIssue));
  const issue = nextIssue(existing, previousStatus, next, state.paymentIssue ?? (state.paymentFailed ? { kind: "failed", invoice: null } : undefined));
  const endedAt = endsNow ? (state.endedAt ?? new Date()) : null;

  const write = {
    planId: state.planId,
    billingPeriod: state.billingPeriod,
    status: next,
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    startsNow,
    endedAt,
    billingAnchor: existing ? state.billingAnchor : undefined,
    refundedAt: state.refundedDuplicate && !existing?.refunded_at ? new Date() : null,
    ...issue,
  };
  const row = existing
    ? await updateSubscription(tx, existing.id, write)
    : await insertSubscription(tx, {
        ...write,
        companyId: state.companyId,
        userId: state.userId,
        provider: state.provider,
        externalId: state.externalId,
        billingAnchor: state.billingAnchor ?? state.currentPeriodStart,
      });

  const kinds: SubscriptionMailKind[] = [];
  if (startsNow) kinds.push("started");
  if (state.renewed && !startsNow && grantsAccess(next)) kinds.push("renewed");
  if (failedNow) kinds.push("payment_failed");
  // Only a subscription that once ran gets an 'ended' mail; an abandoned first payment (incomplete) does not.
  if (endsNow && row.started_at) kinds.push("ended");
  // Told once: a later event about the refunded subscription queues nothing (the mail's key is taken).
  if (state.refundedDuplicate) kinds.push("duplicate_refunded");
  const mailIds: number[] = [];
  for (const kind of kinds) {
    const id = await queueSubscriptionMail(tx, row.id, kind);
    if (id !== null) mailIds.push(id);
  }
  return { subscription: row, previousStatus, mailIds };
}

export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    id: row.id,
    companyId: row.company_id,
    userId: row.user_id,
    provider: row.provider,
    externalId: row.external_id,
    planId: row.plan_id,
    billingPeriod: row.billing_period,
    status: row.status,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
  };
}

// ---- The verbs the local provider uses. Stripe reports whole states instead and calls applySubscriptionState. ----

/** What a paid checkout buys: one period (a month or a year) of a new subscription from `at`. */
export interface PaidCheckout {
  companyId: string;
  /** The member who paid. */
  userId: string;
  provider: ProviderName;
  planId: string;
  billingPeriod: BillingPeriod;
  at?: Date;
}

function firstPeriod(input: PaidCheckout, at: Date): SubscriptionState {
  return {
    companyId: input.companyId,
    userId: input.userId,
    provider: input.provider,
    externalId: null,
    planId: input.planId,
    billingPeriod: input.billingPeriod,
    status: "active",
    currentPeriodStart: at,
    currentPeriodEnd: periodEnd(at, 1, input.billingPeriod),
    cancelAtPeriodEnd: false,
    billingAnchor: at,
  };
}

/** A paid checkout: active from `at` for one period. */
export function activate(tx: Db, input: PaidCheckout): Promise<FulfilmentResult> {
  return applySubscriptionState(tx, firstPeriod(input, input.at ?? new Date()));
}

/**
 * A paid checkout that must not start, because the company already has a live subscription: the provider has
 * cancelled it and refunded its payment (the local provider's part of that is its refunded invoice); it is recorded
 * as ended at once, and the customer gets the mail saying so.
 */
export function refundedDuplicate(tx: Db, input: PaidCheckout): Promise<FulfilmentResult> {
  const at = input.at ?? new Date();
  return applySubscriptionState(tx, { ...firstPeriod(input, at), status: "canceled", endedAt: at, refundedDuplicate: true });
}

/** A period was paid again: moves on to the period that contains `now` (late runs skip nothing twice). */
export function renew(tx: Db, row: SubscriptionRow, now: Date = new Date()): Promise<FulfilmentResult> {
  const at = now > row.current_period_end ? now : row.current_period_end;
  const period = periodContaining(row.billing_anchor, at, row.billing_period);
  return applySubscriptionState(tx, { ...stateOf(row), status: "active", currentPeriodStart: period.start, currentPeriodEnd: period.end, renewed: true });
}

/** A renewal charge failed; access continues while the provider retries. */
export function markPastDue(tx: Db, row: SubscriptionRow): Promise<FulfilmentResult> {
  return applySubscriptionState(tx, { ...stateOf(row), status: "past_due", paymentFailed: true });
}

/** The subscription is over (cancelled at period end, or payment given up). */
export function end(tx: Db, row: SubscriptionRow, at: Date = new Date()): Promise<FulfilmentResult> {
  return applySubscriptionState(tx, { ...stateOf(row), status: "canceled", endedAt: at });
}

/**
 * A switch between monthly and yearly billing from `at`: a new cycle of the new length starts then (as Stripe does
 * when the interval changes), and the unused part of the old one is credited on the invoice that switch writes.
 */
export function changeBillingPeriod(tx: Db, row: SubscriptionRow, billingPeriod: BillingPeriod, at: Date = new Date()): Promise<FulfilmentResult> {
  return applySubscriptionState(tx, {
    ...stateOf(row),
    billingPeriod,
    currentPeriodStart: at,
    currentPeriodEnd: periodEnd(at, 1, billingPeriod),
    billingAnchor: at,
  });
}

/** Cancel (true) or resume (false) at the end of the current period. */
export function setCancelAtPeriodEnd(tx: Db, row: SubscriptionRow, cancel: boolean): Promise<FulfilmentResult> {
  return applySubscriptionState(tx, { ...stateOf(row), cancelAtPeriodEnd: cancel });
}
