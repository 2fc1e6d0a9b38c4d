import type { BillingPeriod, Invoice } from "@agency/contract";
import type { Db } from "../../db/db";
import { randomToken } from "../../lib/crypto";
import { changeBillingPeriod, type FulfilmentResult } from "../fulfilment";
import {
  createLocalPortalSession,
  findBillingDetails,
  findLocalPortalSession,
  listLocalInvoices,
  saveBillingDetails,
  type BillingDetails,
  type LocalInvoiceRow,
  type LocalPortalSessionRow,
} from "./billing-repository";
import { periodLine, unusedTimeLine, writeInvoice } from "./invoices";
import type { PortalInput } from "../provider";
import { currentSubscription, liveSubscription, lockSubscription, type SubscriptionWithPlanName } from "../subscriptions-repository";

/**
 * The local test provider's billing portal, its stand-in for Stripe's customer portal: the customer switches between
 * monthly and yearly billing (with proration, as Stripe's portal is configured), updates the billing address and
 * VAT number, and reads the invoices. Opened by a plain navigation without the bearer token, so the session id in its
 * address is the authorisation; it lasts an hour, like a portal session at Stripe, and ends sooner when the login
 * session that opened it ends (a logout), so a shared phone's Back button cannot reopen it.
 */

export const LOCAL_PORTAL_TTL_MS = 60 * 60 * 1000;

const invoicePdfUrl = (apiBaseUrl: string, id: string) => `${apiBaseUrl}/subscriptions/test-invoices/${id}.pdf`;

/** Opens a test portal session for the customer (the portal and its pay page); returns its id, the address's secret. */
export async function startPortalSession(db: Db, input: PortalInput): Promise<string> {
  const id = randomToken();
  await createLocalPortalSession(db, {
    id,
    user_id: input.user.id,
    locale: input.locale,
    return_url: input.returnUrl,
    expires_at: new Date(Date.now() + LOCAL_PORTAL_TTL_MS),
    session_id: input.sessionId,
  });
  return id;
}

/** A portal session for a company whose billing is with the local provider; null when nothing of its is billed here. */
export async function openPortal(db: Db, input: PortalInput): Promise<{ url: string } | null> {
  const subscription = await currentSubscription(db, input.company.id, input.locale);
  const invoices = await listLocalInvoices(db, input.company.id);
  if ((!subscription || subscription.provider !== "local") && invoices.length === 0) return null;
  return { url: `${input.apiBaseUrl}/subscriptions/test-portal/${await startPortalSession(db, input)}` };
}

export function publicInvoice(row: LocalInvoiceRow, apiBaseUrl: string): Invoice {
  return {
    id: row.id,
    number: invoiceNumber(row),
    created_at: row.created_at.toISOString(),
    total: row.total_cents / 100,
    currency: row.currency,
    status: row.status,
    pdf_url: invoicePdfUrl(apiBaseUrl, row.id),
  };
}

/** As printed on the invoice: TEST- marks every invoice of the test provider. */
export const invoiceNumber = (row: Pick<LocalInvoiceRow, "number">) => `TEST-${String(row.number).padStart(6, "0")}`;

export async function listInvoices(db: Db, companyId: string, apiBaseUrl: string): Promise<Invoice[]> {
  return (await listLocalInvoices(db, companyId)).map((row) => publicInvoice(row, apiBaseUrl));
}

export interface PortalView {
  session: LocalPortalSessionRow & { company_id: string };
  subscription: SubscriptionWithPlanName | null;
  details: BillingDetails | null;
  invoices: LocalInvoiceRow[];
}

/** What the portal page shows; null when the session is unknown or expired. */
export async function portalView(db: Db, id: string, now: Date = new Date()): Promise<PortalView | null> {
  const session = await findLocalPortalSession(db, id, now);
  if (!session) return null;
  const subscription = await currentSubscription(db, session.company_id, session.locale);
  return {
    session,
    subscription: subscription?.provider === "local" ? subscription : null,
    details: await findBillingDetails(db, session.company_id),
    invoices: await listLocalInvoices(db, session.company_id),
  };
}

export type PortalChange = { ok: true; result: FulfilmentResult | null } | { ok: false; problem: "expired" | "no_subscription" };

/**
 * Switches the live subscription to `billingPeriod` from `now`: a new cycle starts, and the invoice written for it
 * charges the new period and credits the unused rest of the old one. Asking for the period it has changes nothing.
 */
export async function switchBillingPeriod(db: Db, portalId: string, billingPeriod: BillingPeriod, now: Date = new Date()): Promise<PortalChange> {
  const session = await findLocalPortalSession(db, portalId, now);
  if (!session) return { ok: false, problem: "expired" };
  return db.transaction(async (tx): Promise<PortalChange> => {
    const live = await liveSubscription(tx, session.company_id);
    const row = live && live.provider === "local" ? await lockSubscription(tx, { id: live.id }) : null;
    if (!row) return { ok: false, problem: "no_subscription" };
    if (row.billing_period === billingPeriod) return { ok: true, result: null };
    const credit = await unusedTimeLine(tx, row, now);
    const result = await changeBillingPeriod(tx, row, billingPeriod, now);
    await writeInvoice(tx, result.subscription, [credit, await periodLine(tx, result.subscription)], { at: now });
    return { ok: true, result };
  });
}

/** New billing details, used for the invoices written from now on (written ones stay as they are). */
export async function updateBillingDetails(db: Db, portalId: string, details: BillingDetails, now: Date = new Date()): Promise<PortalChange> {
  const session = await findLocalPortalSession(db, portalId, now);
  if (!session) return { ok: false, problem: "expired" };
  await saveBillingDetails(db, session.company_id, details);
  return { ok: true, result: null };
}
