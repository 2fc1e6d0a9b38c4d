import { grantsAccess, type PaymentIssue } from "@agency/contract";
import type { Db } from "../../db/db";
import { periodEnd } from "../billing-period";
import { applySubscriptionState, renew, stateOf, type FulfilmentResult } from "../fulfilment";
import { findLocalInvoice, findLocalPortalSession, markLocalInvoicePaid } from "./billing-repository";
import { invoiceNumber, startPortalSession, type PortalChange } from "./portal";
import { writePeriodInvoice } from "./invoices";
import { findInvoice, markInvoicePaid } from "../invoices-repository";
import type { PortalInput } from "../provider";
import { liveSubscription, lockSubscription, setPaymentIssueInvoice, type SubscriptionRow } from "../subscriptions-repository";

/**
 * The local test provider's renewals that need the customer, its stand-in for what Stripe does after a failed
 * charge: the test portal can play a renewal that fails or one the bank wants confirmed (labelled as a test), which
 * leaves an open invoice and a past-due subscription; its pay page (a page of the test portal, opened by the
 * settings page's button or the mail's link) pays or confirms that invoice, which makes the subscription active again.
 */

/** The test portal's pay page for a company whose local subscription owes a payment; null when nothing is owed. */
export async function openLocalPaymentPage(db: Db, subscription: SubscriptionRow, input: PortalInput): Promise<{ url: string } | null> {
  if (subscription.provider !== "local" || !subscription.payment_issue_invoice) return null;
  return { url: `${input.apiBaseUrl}/subscriptions/test-portal/${await startPortalSession(db, input)}/pay` };
}

/**
 * A renewal at `now` whose payment fails (`failed`) or waits for the customer's confirmation (`requires_action`):
 * a new period starts as it would at the period's end, its invoice stays open, the subscription is past due and
 * fulfilment queues the payment-failed mail. Only an active local subscription can be played this way.
 */
export async function simulateRenewal(db: Db, portalId: string, kind: PaymentIssue | "paid", now: Date = new Date()): Promise<PortalChange> {
  const session = await findLocalPortalSession(db, portalId, now);
  if (!session) return { ok: false, problem: "expired" };
  return db.transaction(async (tx): Promise<PortalChange> => {
    const live = await liveSubscription(tx, session.company_id);
    const row = live && live.provider === "local" ? await lockSubscription(tx, { id: live.id }) : null;
    if (!row || !grantsAccess(row.status)) return { ok: false, problem: "no_subscription" };
    if (kind === "paid") {
      // The period's end played now: the next period starts and is paid, as the renewal job does when it comes.
      const renewed = await renew(tx, row, row.current_period_end);
      await writePeriodInvoice(tx, renewed.subscription, { at: now, status: "paid" });
      return { ok: true, result: renewed };
    }
    const result = await applySubscriptionState(tx, {
      ...stateOf(row),
      status: "past_due",
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd(now, 1, row.billing_period),
      billingAnchor: now,
      paymentIssue: { kind, invoice: null },
    });
    const invoice = await writePeriodInvoice(tx, result.subscription, { at: now, status: "open" });
    await setPaymentIssueInvoice(tx, row.id, invoice.id);
    return { ok: true, result };
  });
}

/** What the pay page shows of an invoice owed. */
export interface OwedInvoice {
  number: string;
  created_at: Date;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  currency: string;
}

/** The open invoice a local subscription owes (a plan's test invoice, or a package's), with the subscription; null when it owes none. */
export async function owedInvoice(db: Db, companyId: string): Promise<{ subscription: SubscriptionRow; invoice: OwedInvoice } | null> {
  const live = await liveSubscription(db, companyId);
  if (!live || live.provider !== "local" || !live.payment_issue_invoice) return null;
  const local = await findLocalInvoice(db, live.payment_issue_invoice);
  if (local) return local.status === "open" ? { subscription: live, invoice: { ...local, number: invoiceNumber(local) } } : null;
  const ours = await findInvoice(db, live.payment_issue_invoice);
  return ours?.status === "open"
    ? { subscription: live, invoice: { number: ours.number, created_at: ours.issued_at, subtotal_cents: ours.net_cents, tax_cents: ours.vat_cents, total_cents: ours.total_cents, currency: ours.currency } }
    : null;
}

/**
 * Pays (or confirms) the open invoice: the invoice is paid and the subscription active again for the period it
 * has. Paying twice (two tabs, a reload) finds nothing owed the second time.
 */
export async function payOwedInvoice(db: Db, portalId: string, now: Date = new Date()): Promise<PortalChange> {
  const session = await findLocalPortalSession(db, portalId, now);
  if (!session) return { ok: false, problem: "expired" };
  return db.transaction(async (tx): Promise<PortalChange> => {
    const live = await liveSubscription(tx, session.company_id);
    const row = live && live.provider === "local" ? await lockSubscription(tx, { id: live.id }) : null;
    if (!row || !row.payment_issue_invoice) return { ok: true, result: null };
    await markLocalInvoicePaid(tx, row.payment_issue_invoice);
    await markInvoicePaid(tx, row.payment_issue_invoice, now, null);
    const result: FulfilmentResult = await applySubscriptionState(tx, { ...stateOf(row), status: "active", paymentIssue: null });
    return { ok: true, result };
  });
}
