import { formatDate, formatMoney, type Locale } from "@agency/contract";
import { say } from "../../i18n";
import { countryOptions } from "../billing-details";
import type { InvoiceLine, LocalInvoiceRow } from "./billing-repository";
import { invoiceNumber } from "./portal";
import { renderPdf, type PdfLine } from "../../lib/pdf-document";

/**
 * The test provider's invoice as a one-page A4 PDF (lib/pdf-document.ts), in the customer's language (texts in
 * src/locales).
 */

export const invoiceTexts = {
  invoice: /*i18n*/ { id: "invoice.title", message: "Invoice" },
  test: /*i18n*/ { id: "invoice.test", message: "TEST INVOICE — issued by the built-in test provider; no money was charged" },
  number: /*i18n*/ { id: "invoice.number", message: "Invoice number" },
  date: /*i18n*/ { id: "invoice.date", message: "Date" },
  billedTo: /*i18n*/ { id: "invoice.billed_to", message: "Billed to" },
  vatNumber: /*i18n*/ { id: "invoice.vat_number", message: "VAT number: {number}" },
  status: /*i18n*/ { id: "invoice.status", message: "Status" },
  paid: /*i18n*/ { id: "invoice.paid", message: "Paid" },
  refunded: /*i18n*/ { id: "invoice.refunded", message: "Refunded" },
  open: /*i18n*/ { id: "invoice.open", message: "Open" },
  description: /*i18n*/ { id: "invoice.description", message: "Description" },
  amount: /*i18n*/ { id: "invoice.amount", message: "Amount" },
  monthly: /*i18n*/ { id: "invoice.line.monthly", message: "{plan}, billed monthly, {from} – {to}" },
  yearly: /*i18n*/ { id: "invoice.line.yearly", message: "{plan}, billed yearly, {from} – {to}" },
  unusedMonthly: /*i18n*/ { id: "invoice.line.unused_monthly", message: "Unused time on {plan} (billed monthly) after {from}" },
  unusedYearly: /*i18n*/ { id: "invoice.line.unused_yearly", message: "Unused time on {plan} (billed yearly) after {from}" },
  extraTime: /*i18n*/ {
    id: "invoice.line.extra_time",
    message: "Extra time on requests, {minutes, plural, one {# minute} other {# minutes}} past those included, {from} – {to}",
  },
  subtotal: /*i18n*/ { id: "invoice.subtotal", message: "Subtotal (excl. VAT)" },
  vat: /*i18n*/ { id: "invoice.vat", message: "VAT {rate}%" },
  total: /*i18n*/ { id: "invoice.total", message: "Total" },
  refundNote: /*i18n*/ { id: "invoice.refund_note", message: "This payment was refunded in full." },
};

export function lineDescription(locale: Locale, line: InvoiceLine, planName: string): string {
  const values = { plan: planName, from: formatDate(line.from, locale), to: formatDate(line.to, locale) };
  const yearly = line.billingPeriod === "yearly";
  if (line.kind === "extra_time") return say(locale, invoiceTexts.extraTime, { ...values, minutes: line.minutes ?? 0 });
  if (line.kind === "unused_time") return say(locale, yearly ? invoiceTexts.unusedYearly : invoiceTexts.unusedMonthly, values);
  return say(locale, yearly ? invoiceTexts.yearly : invoiceTexts.monthly, values);
}

export const statusText = (locale: Locale, status: LocalInvoiceRow["status"]) => say(locale, invoiceTexts[status]);

export function renderInvoicePdf(
  invoice: LocalInvoiceRow,
  d: { locale: Locale; planName: string; customer: { name: string; email: string }; issuer: string },
): Promise<Buffer> {
  const { locale } = d;
  const t = (message: (typeof invoiceTexts)[keyof typeof invoiceTexts], values?: Record<string, unknown>) => say(locale, message, values);
  const money = (cents: number) => formatMoney(cents / 100, invoice.currency, locale, { cents: true });
  const country = countryOptions(locale).find((c) => c.code === invoice.country)?.name ?? invoice.country;
  const AMOUNT_X = 440;
  const lines: PdfLine[] = [
    { text: `${t(invoiceTexts.invoice)} ${invoiceNumber(invoice)}`, size: 18, bold: true, gap: 0 },
    { text: t(invoiceTexts.test), bold: true, gap: 24 },
    { text: d.issuer, gap: 28 },
    { text: `${t(invoiceTexts.number)}: ${invoiceNumber(invoice)}`, gap: 28 },
    { text: `${t(invoiceTexts.date)}: ${formatDate(invoice.created_at, locale)}` },
    { text: `${t(invoiceTexts.status)}: ${statusText(locale, invoice.status)}` },
    { text: t(invoiceTexts.billedTo), bold: true, gap: 28 },
    { text: d.customer.name },
    { text: d.customer.email },
    ...(country ? [{ text: country }] : []),
    ...(invoice.vat_number ? [{ text: t(invoiceTexts.vatNumber, { number: invoice.vat_number }) }] : []),
    { text: t(invoiceTexts.description), bold: true, gap: 32 },
    { text: t(invoiceTexts.amount), bold: true, x: AMOUNT_X, gap: 0 },
    ...invoice.lines.flatMap((line): PdfLine[] => [
      { text: lineDescription(locale, line, d.planName), gap: 20 },
      { text: money(line.amountCents), x: AMOUNT_X, gap: 0 },
    ]),
    { text: t(invoiceTexts.subtotal), gap: 28 },
    { text: money(invoice.subtotal_cents), x: AMOUNT_X, gap: 0 },
    ...(invoice.tax_rate_bp > 0
      ? [
          { text: t(invoiceTexts.vat, { rate: invoice.tax_rate_bp / 100 }) },
          { text: money(invoice.tax_cents), x: AMOUNT_X, gap: 0 },
        ]
      : []),
    { text: t(invoiceTexts.total), bold: true, gap: 20 },
    { text: money(invoice.total_cents), x: AMOUNT_X, bold: true, gap: 0 },
    ...(invoice.status === "refunded" ? [{ text: t(invoiceTexts.refundNote), gap: 28 }] : []),
  ];
  return renderPdf(lines, { title: `${t(invoiceTexts.invoice)} ${invoiceNumber(invoice)}`, lang: locale });
}
