import { formatDate, formatMoney } from "@agency/contract";
import type { Config } from "../config";
import { say } from "../i18n";
import { renderPdf, type PdfLine } from "../lib/pdf-document";
import type { InvoiceRow } from "./invoices-repository";

/**
 * An invoice of a package sale as a PDF, in the language it was issued in: what a Dutch invoice must show (the
 * supplier with its address, KvK and VAT numbers, a number from the year's series, the date, the customer, each line
 * with its VAT, the VAT rate and amount, the totals) and how to pay it.
 */

const m = {
  invoice: /*i18n*/ { id: "package_invoice.title", message: "Invoice {number}" },
  test: /*i18n*/ { id: "package_invoice.test", message: "TEST INVOICE — issued with the built-in test provider; no money is charged" },
  kvk: /*i18n*/ { id: "package_invoice.kvk", message: "KvK {number}" },
  vatId: /*i18n*/ { id: "package_invoice.vat_id", message: "VAT number {number}" },
  number: /*i18n*/ { id: "package_invoice.number", message: "Invoice number: {number}" },
  date: /*i18n*/ { id: "package_invoice.date", message: "Invoice date: {date}" },
  due: /*i18n*/ { id: "package_invoice.due", message: "Due date: {date}" },
  period: /*i18n*/ { id: "package_invoice.period", message: "Period: {from} – {to}" },
  billedTo: /*i18n*/ { id: "package_invoice.billed_to", message: "Billed to" },
  description: /*i18n*/ { id: "package_invoice.description", message: "Description" },
  net: /*i18n*/ { id: "package_invoice.net", message: "Excl. VAT" },
  vat: /*i18n*/ { id: "package_invoice.vat", message: "VAT {rate}%" },
  total: /*i18n*/ { id: "package_invoice.total", message: "Total" },
  subtotal: /*i18n*/ { id: "package_invoice.subtotal", message: "Total excluding VAT" },
  vatTotal: /*i18n*/ { id: "package_invoice.vat_total", message: "VAT {rate}% on {amount}" },
  grandTotal: /*i18n*/ { id: "package_invoice.grand_total", message: "Total including VAT" },
  paid: /*i18n*/ { id: "package_invoice.paid", message: "Paid on {date}. Thank you." },
  open: /*i18n*/ {
    id: "package_invoice.open",
    message: "Please pay {amount} by {date} with the payment link in our e-mail, stating invoice number {number}.",
  },
  debit: /*i18n*/ { id: "package_invoice.debit", message: "This amount is collected by SEPA Direct Debit." },
};

type Issuer = Config["invoiceIssuer"];

export function renderPackageInvoicePdf(invoice: InvoiceRow, issuer: Issuer): Promise<Buffer> {
  const { locale } = invoice;
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => say(locale, message, values);
  const money = (cents: number) => formatMoney(cents / 100, invoice.currency, locale, { cents: true });
  const date = (at: Date) => formatDate(at, locale);
  const [NET, VAT, TOTAL] = [340, 420, 500];
  const c = invoice.customer;
  const lines: PdfLine[] = [
    { text: t(m.invoice, { number: invoice.number }), size: 18, bold: true, gap: 0 },
    ...(invoice.test ? [{ text: t(m.test), bold: true, gap: 24 }] : []),
    { text: issuer.name, bold: true, gap: 28 },
    ...(issuer.address ? [{ text: issuer.address }] : []),
    ...(issuer.kvkNumber ? [{ text: t(m.kvk, { number: issuer.kvkNumber }) }] : []),
    ...(issuer.vatNumber ? [{ text: t(m.vatId, { number: issuer.vatNumber }) }] : []),
    { text: t(m.number, { number: invoice.number }), gap: 24 },
    { text: t(m.date, { date: date(invoice.issued_at) }) },
    ...(invoice.due_at ? [{ text: t(m.due, { date: date(invoice.due_at) }) }] : []),
    ...(invoice.period_start && invoice.period_end
      ? [{ text: t(m.period, { from: date(invoice.period_start), to: date(new Date(invoice.period_end.getTime() - 1)) }) }]
      : []),
    { text: t(m.billedTo), bold: true, gap: 24 },
    ...(c.company ? [{ text: c.company }] : []),
    { text: c.name },
    { text: c.email },
    ...(c.kvkNumber ? [{ text: t(m.kvk, { number: c.kvkNumber }) }] : []),
    ...(c.vatNumber ? [{ text: t(m.vatId, { number: c.vatNumber }) }] : []),
    { text: t(m.description), bold: true, gap: 28 },
    { text: t(m.net), bold: true, x: NET, gap: 0 },
    { text: t(m.vat, { rate: invoice.vat_rate }), bold: true, x: VAT, gap: 0 },
    { text: t(m.total), bold: true, x: TOTAL, gap: 0 },
    ...invoice.lines.flatMap((line): PdfLine[] => [
      { text: line.description, width: 270, gap: 18 },
      { text: money(line.netCents), x: NET, gap: 0 },
      { text: money(line.vatCents), x: VAT, gap: 0 },
      { text: money(line.netCents + line.vatCents), x: TOTAL, gap: 0 },
    ]),
    { text: t(m.subtotal), gap: 28 },
    { text: money(invoice.net_cents), x: TOTAL, gap: 0 },
    { text: t(m.vatTotal, { rate: invoice.vat_rate, amount: money(invoice.net_cents) }) },
    { text: money(invoice.vat_cents), x: TOTAL, gap: 0 },
    { text: t(m.grandTotal), bold: true },
    { text: money(invoice.total_cents), x: TOTAL, bold: true, gap: 0 },
    invoice.status === "paid" && invoice.paid_at
      ? { text: t(m.paid, { date: date(invoice.paid_at) }), gap: 28, width: 480 }
      : invoice.kind === "monthly"
        ? { text: t(m.debit), gap: 28, width: 480 }
        : { text: t(m.open, { amount: money(invoice.total_cents), date: date(invoice.due_at ?? invoice.issued_at), number: invoice.number }), gap: 28, width: 480 },
  ];
  return renderPdf(lines, { title: t(m.invoice, { number: invoice.number }), lang: locale });
}
