import {
  CANCELLATION_NOTICE_MONTHS,
  DEPOSIT_PERCENT,
  HOSTING_MINIMUM_MONTHS,
  OFFER_VALIDITY_DAYS,
  PAYMENT_TERM_DAYS,
  TERMS_VERSION,
  type AuditEntry,
  type DeskOfferDetail,
  type OfferSummary,
  type PublicOffer,
} from "@agency/contract";
import { isOverdue, packageInvoice, type InvoiceRow } from "../payments/invoices-repository";
import { firstOfNextMonth } from "../payments/one-off";
import { payableOf } from "./acceptance";
import type { OfferRow } from "./repository";
import { amountsOf, offerLines, packageFeatures, packageName } from "./texts";

/** An offer as the API answers it: in the desk's list and detail, and on its customer's page. */

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function offerSummary(offer: OfferRow, invoices: InvoiceRow[] | { overdue: boolean }): OfferSummary {
  const amounts = amountsOf(offer);
  return {
    id: offer.id,
    number: offer.number,
    status: offer.status,
    kind: offer.kind,
    package: offer.package,
    fromPackage: offer.from_package,
    email: offer.email,
    name: offer.name,
    company: offer.company_name,
    locale: offer.locale,
    startupFeeCents: offer.startup_fee_cents,
    monthlyFeeCents: offer.monthly_fee_cents,
    depositCents: amounts.deposit.netCents,
    oneTimeTotalCents: amounts.oneTime.totalCents,
    currency: "EUR",
    vatRate: offer.vat_rate,
    expiresAt: offer.expires_at.toISOString(),
    createdAt: offer.created_at.toISOString(),
    paidAt: iso(offer.paid_at),
    balanceOverdue: Array.isArray(invoices) ? invoices.some((invoice) => invoice.kind === "balance" && isOverdue(invoice)) : invoices.overdue,
    leadId: offer.lead_id,
  };
}

const terms = {
  version: TERMS_VERSION,
  paymentTermDays: PAYMENT_TERM_DAYS,
  depositPercent: DEPOSIT_PERCENT,
  minimumMonths: HOSTING_MINIMUM_MONTHS,
  noticeMonths: CANCELLATION_NOTICE_MONTHS,
  validityDays: OFFER_VALIDITY_DAYS,
};

export function publicOffer(offer: OfferRow, invoices: InvoiceRow[], apiBaseUrl: string): PublicOffer {
  const amounts = amountsOf(offer);
  const payable = payableOf(offer, invoices);
  return {
    number: offer.number,
    status: offer.status,
    kind: offer.kind,
    package: { id: offer.package, name: packageName(offer.package), features: packageFeatures(offer.package, offer.locale) },
    fromPackage: offer.from_package ? { id: offer.from_package, name: packageName(offer.from_package) } : null,
    customer: { name: offer.name, email: offer.email, company: offer.company_name },
    locale: offer.locale,
    currency: "EUR",
    vatRate: offer.vat_rate,
    startupFeeCents: offer.startup_fee_cents,
    monthlyFeeCents: offer.monthly_fee_cents,
    depositCents: amounts.deposit.netCents,
    lines: offerLines(offer),
    oneTime: amounts.oneTime,
    monthly: amounts.monthly,
    deposit: amounts.deposit,
    balance: amounts.balance,
    createdAt: (offer.sent_at ?? offer.created_at).toISOString(),
    expiresAt: offer.expires_at.toISOString(),
    signature: offer.signed_at && offer.signed_name ? { name: offer.signed_name, at: offer.signed_at.toISOString() } : null,
    paidAt: iso(offer.paid_at),
    deliveredAt: iso(offer.delivered_at),
    monthlyFrom: offer.delivered_at ? firstOfNextMonth(offer.delivered_at).toISOString() : null,
    payable: payable?.kind ?? null,
    needsMandate: offer.paid_at !== null && offer.mandate_ref === null,
    invoices: invoices.map((invoice) => packageInvoice(invoice, apiBaseUrl)),
    terms,
  };
}

export function deskOffer(offer: OfferRow, invoices: InvoiceRow[], history: AuditEntry[], link: string, apiBaseUrl: string): DeskOfferDetail {
  const amounts = amountsOf(offer);
  return {
    ...offerSummary(offer, invoices),
    link,
    lines: offerLines(offer),
    oneTime: amounts.oneTime,
    monthly: amounts.monthly,
    deposit: amounts.deposit,
    balance: amounts.balance,
    signature: offer.signed_at && offer.signed_name ? { name: offer.signed_name, at: offer.signed_at.toISOString(), ip: offer.signed_ip ?? "" } : null,
    deliveredAt: iso(offer.delivered_at),
    declinedAt: iso(offer.declined_at),
    declineReason: offer.decline_reason,
    companyId: offer.company_id,
    needsMandate: offer.paid_at !== null && offer.mandate_ref === null,
    invoices: invoices.map((invoice) => packageInvoice(invoice, apiBaseUrl)),
    history,
  };
}
