import { formatDate, formatMonth, VAT_RATE, vatOf, type Locale } from "@agency/contract";
import type { Db } from "../db/db";
import { randomToken } from "../lib/crypto";
import { say } from "../i18n";
import { billingContact, findCompany } from "../teams/repository";
import { recordInvoiceAmount } from "./invoice-amounts-repository";
import { insertInvoice, type InvoiceCustomer, type InvoiceLineRow, type InvoiceRow, type NewInvoice } from "./invoices-repository";
import { nextNumber } from "./number-series";
import { findPlan } from "./plans-repository";
import type { ProviderName, SubscriptionRow } from "./subscriptions-repository";

/**
 * Writing the invoices of package sales: numbered in the transaction that writes them, from one gap-free series a
 * year (the test provider's from a series of its own, TEST-2026-0001, so test invoices never take a real number),
 * with the VAT of each line rounded on its own line.
 */

export interface IssueInput {
  kind: InvoiceRow["kind"];
  provider: ProviderName;
  companyId: string | null;
  offerId?: string | null;
  subscriptionId?: string | null;
  customer: InvoiceCustomer;
  locale: Locale;
  vatRate: number;
  lines: InvoiceLineRow[];
  issuedAt: Date;
  dueAt?: Date | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** Paid when it is written (a deposit is invoiced once paid), with the payment that paid it. */
  paid?: { at: Date; externalId: string | null } | null;
  /** The provider's own id of the invoice (Stripe's in_… of a monthly fee). */
  externalId?: string | null;
}

export async function issueInvoice(tx: Db, input: IssueInput): Promise<InvoiceRow> {
  const test = input.provider === "local";
  const netCents = input.lines.reduce((n, l) => n + l.netCents, 0);
  const vatTotal = input.lines.reduce((n, l) => n + l.vatCents, 0);
  const invoice: NewInvoice = {
    id: randomToken(),
    number: await nextNumber(tx, test ? "test_invoice" : "invoice", input.issuedAt),
    test,
    kind: input.kind,
    company_id: input.companyId,
    offer_id: input.offerId ?? null,
    subscription_id: input.subscriptionId ?? null,
    customer: input.customer,
    locale: input.locale,
    currency: "EUR",
    vat_rate: input.vatRate,
    lines: input.lines,
    net_cents: netCents,
    vat_cents: vatTotal,
    total_cents: netCents + vatTotal,
    period_start: input.periodStart ?? null,
    period_end: input.periodEnd ?? null,
    issued_at: input.issuedAt,
    due_at: input.dueAt ?? null,
    status: input.paid ? "paid" : "open",
    paid_at: input.paid?.at ?? null,
    provider: input.provider,
    external_id: input.externalId ?? input.paid?.externalId ?? null,
  };
  return insertInvoice(tx, invoice);
}

/** The company as an invoice addresses it: its name, its VAT and KvK numbers, and the member billing mail goes to. */
export async function companyCustomer(db: Db, companyId: string, preferredUserId: string | null): Promise<{ customer: InvoiceCustomer; locale: Locale } | null> {
  const company = await findCompany(db, companyId);
  const contact = company ? await billingContact(db, companyId, preferredUserId) : null;
  if (!company || !contact) return null;
  return {
    customer: { name: contact.name, company: company.name, email: contact.email, vatNumber: company.vat_id, kvkNumber: company.kvk_number },
    locale: contact.locale,
  };
}

const texts = {
  monthly: /*i18n*/ { id: "invoice.package.monthly", message: "{package} package: monthly fee, {from} – {to}" },
  extraTime: /*i18n*/ {
    id: "invoice.package.extra_time",
    message: "Extra time on requests in {month}: {minutes, plural, one {# minute} other {# minutes}} past those included",
  },
};

/** A month's extra time on requests the customer agreed to (requests/allowance.ts's billableOverage), excluding VAT. */
export interface ExtraTimeCharge {
  periodStart: Date;
  minutes: number;
  amountCents: number;
}

/** The line of a month's extra time: its net amount, with its VAT. */
export function extraTimeLine(locale: Locale, charge: ExtraTimeCharge): InvoiceLineRow {
  return {
    description: say(locale, texts.extraTime, { month: formatMonth(charge.periodStart, locale), minutes: charge.minutes }),
    netCents: charge.amountCents,
    vatCents: vatOf(charge.amountCents, VAT_RATE),
  };
}

/** The line of a month's fee: the package's monthly fee, excluding VAT, with its VAT. */
export function monthlyLine(locale: Locale, packageName: string, netCents: number, from: Date, to: Date): InvoiceLineRow {
  // The period ends at the start of the next one; the invoice names its last day.
  const lastDay = new Date(to.getTime() - 1);
  return {
    description: say(locale, texts.monthly, { package: packageName, from: formatDate(from, locale), to: formatDate(lastDay, locale) }),
    netCents,
    vatCents: vatOf(netCents, VAT_RATE),
  };
}

/** Whether a subscription is a package's monthly fee (its plan is a package), rather than a plan bought on the subscribe page. */
export async function isPackageSubscription(db: Db, subscription: Pick<SubscriptionRow, "plan_id">): Promise<boolean> {
  const { rows } = await db.query<{ kind: string }>("SELECT kind FROM plans WHERE id = $1", [subscription.plan_id]);
  return rows[0]?.kind === "package";
}

/**
 * The invoice of one month of a package's fee, for the subscription's current period, with the extra time on
 * requests it takes (a line per month): written by the test provider's renewals, and for Stripe's invoice of the
 * month (numbered before Stripe finalises it).
 */
export async function issueMonthlyInvoice(
  tx: Db,
  subscription: SubscriptionRow,
  opts: { status: "open" | "paid"; at: Date; externalId?: string | null; totalCents?: number; extraTime?: readonly ExtraTimeCharge[] },
): Promise<InvoiceRow> {
  const plan = await findPlan(tx, subscription.plan_id, { activeOnly: false });
  if (!plan) throw new Error(`Plan ${subscription.plan_id} of subscription ${subscription.id} does not exist`);
  const addressed = await companyCustomer(tx, subscription.company_id, subscription.user_id);
  const locale = addressed?.locale ?? "nl";
  const line = monthlyLine(locale, plan.name, plan.price_monthly_cents, subscription.current_period_start, subscription.current_period_end);
  const extra = (opts.extraTime ?? []).map((charge) => extraTimeLine(locale, charge));
  const extraGross = extra.reduce((n, l) => n + l.netCents + l.vatCents, 0);
  // An amount the provider charged for the fee that is not one whole month (a change Stripe prorated) is invoiced as
  // charged; the extra time is charged as it is.
  const fee = opts.totalCents === undefined ? undefined : opts.totalCents - extraGross;
  const lines = [fee === undefined || fee === line.netCents + line.vatCents ? line : splitGross(line.description, fee), ...extra];
  const invoice = await issueInvoice(tx, {
    kind: "monthly",
    provider: subscription.provider,
    companyId: subscription.company_id,
    subscriptionId: subscription.id,
    customer: addressed?.customer ?? { name: "", company: null, email: "", vatNumber: null, kvkNumber: null },
    locale,
    vatRate: VAT_RATE,
    lines,
    issuedAt: opts.at,
    periodStart: subscription.current_period_start,
    periodEnd: subscription.current_period_end,
    paid: opts.status === "paid" ? { at: opts.at, externalId: opts.externalId ?? null } : null,
    externalId: opts.externalId ?? null,
  });
  // The subscription mails (a renewal's, a failed payment's) say what this invoice charges.
  await recordInvoiceAmount(tx, subscription.id, { totalCents: invoice.total_cents, taxCents: invoice.vat_cents, currency: invoice.currency });
  return invoice;
}

/** An amount including VAT as one line: the VAT is what 21 % of the net amount is, the net amount the rest. */
function splitGross(description: string, totalCents: number): InvoiceLineRow {
  const netCents = Math.round((totalCents * 100) / (100 + VAT_RATE));
  return { description, netCents, vatCents: totalCents - netCents };
}
