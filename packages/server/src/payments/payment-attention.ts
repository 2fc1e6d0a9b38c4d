import { ENDED_STATUSES, grantsAccess, owesPayment, type PaymentIssue, type SubscriptionStatus } from "@agency/contract";

/**
 * Payments that need the customer, decided once for both providers: what the API tells the settings page and the
 * subscription guard, and how fulfilment keeps the issue columns (payment_issue, _since, _invoice) in step with the
 * provider's events.
 */

/** PAST_DUE_GRACE_DAYS when nothing else is said (the settings schema's default). */
export const DEFAULT_PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

interface IssueColumns {
  status: SubscriptionStatus;
  payment_issue: PaymentIssue | null;
  payment_issue_since: Date | null;
}

export interface SubscriptionAccess {
  has_access: boolean;
  payment_issue: PaymentIssue | null;
  access_until: string | null;
}

/** Until when a subscription that owes a payment keeps its paid features; null when it owes none. */
export function graceEnd(row: IssueColumns, graceDays: number): Date | null {
  if (!owesPayment(row.status) || !row.payment_issue_since) return null;
  return new Date(new Date(row.payment_issue_since).getTime() + graceDays * DAY_MS);
}

/**
 * The grace rule: active and trialing open the paid features; a live subscription that owes a payment keeps them
 * for `graceDays` from the failure; nothing else does (an incomplete first payment never opened them).
 */
export function subscriptionAccess(row: IssueColumns, graceDays: number = DEFAULT_PAST_DUE_GRACE_DAYS, now: Date = new Date()): SubscriptionAccess {
  const until = graceEnd(row, graceDays);
  const ended = (ENDED_STATUSES as readonly string[]).includes(row.status);
  // An owed payment without a recorded issue (a state written before issues were kept) is one to pay.
  const issue = ended ? null : (row.payment_issue ?? (owesPayment(row.status) || row.status === "incomplete" ? "failed" : null));
  return {
    has_access: grantsAccess(row.status) || (until !== null && now < until),
    payment_issue: issue,
    access_until: until ? until.toISOString() : null,
  };
}

/** What an event says about the payment: a new issue, paid (clears it), or nothing (undefined). */
export type IssueChange = { kind: PaymentIssue; invoice: string | null } | null | undefined;

export interface IssueState {
  paymentIssue: PaymentIssue | null;
  paymentIssueSince: Date | null;
  paymentIssueInvoice: string | null;
}

/**
 * The issue columns after a transition. Paid (null), an ended subscription, or a move back into an access status
 * clears them; a new issue keeps the first failure's time, so a retry that fails again does not extend the grace
 * period; a move into past due without an invoice event (a subscription update that came first) opens one.
 */
export function nextIssue(
  existing: { payment_issue: PaymentIssue | null; payment_issue_since: Date | null; payment_issue_invoice: string | null } | null,
  previousStatus: SubscriptionStatus | null,
  next: SubscriptionStatus,
  change: IssueChange,
  now: Date = new Date(),
): IssueState {
  const cleared: IssueState = { paymentIssue: null, paymentIssueSince: null, paymentIssueInvoice: null };
  if (change === null || (ENDED_STATUSES as readonly string[]).includes(next)) return cleared;
  if (change === undefined && grantsAccess(next) && previousStatus !== null && !grantsAccess(previousStatus)) return cleared;
  const kept: IssueState = {
    paymentIssue: existing?.payment_issue ?? null,
    paymentIssueSince: existing?.payment_issue_since ?? null,
    paymentIssueInvoice: existing?.payment_issue_invoice ?? null,
  };
  if (change) {
    return { paymentIssue: change.kind, paymentIssueSince: kept.paymentIssueSince ?? now, paymentIssueInvoice: change.invoice ?? kept.paymentIssueInvoice };
  }
  if (owesPayment(next) && !kept.paymentIssueSince) return { ...kept, paymentIssue: kept.paymentIssue ?? "failed", paymentIssueSince: now };
  return kept;
}
