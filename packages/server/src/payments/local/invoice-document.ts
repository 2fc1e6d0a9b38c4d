import { formatDate, formatMoney, type Locale } from "@agency/contract";
import { say } from "../../i18n";
import { countryOptions } from "../billing-details";
import type { InvoiceLine, LocalInvoiceRow } from "./billing-repository";
import { invoiceNumber } from "./portal";

/**
 * The test provider's invoice as a one-page A4 PDF, in the customer's language (texts in src/locales). PDFKit writes
 * it with the standard Helvetica fonts (nothing to embed) in WinAnsiEncoding, which covers Dutch and English, the
 * euro sign and the dashes.
 */

interface PdfLine {
  text: string;
  /** Points from the left edge of the page (595 wide); default 56. */
  x?: number;
  /** Space above the line, in points; 0 puts it on the previous line (a second column). Default 16. */
  gap?: number;
  size?: number;
  bold?: boolean;
}

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

async function renderPdf(lines: PdfLine[], { title, lang }: { title: string; lang: string }): Promise<Buffer> {
  // Loaded at the first invoice: a seventh of a second of the server's start otherwise.
  const { default: PdfDocument } = await import("pdfkit");
  // Uncompressed: the invoice is small, and its text stays readable in the file (the tests read it).
  const doc = new PdfDocument({ size: "A4", margin: 0, compress: false, pdfVersion: "1.4", lang, info: { Title: title, Producer: "agency-server" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  let y = 42;
  for (const line of lines) {
    y += line.gap ?? 16;
    // Figure and narrow no-break spaces (some locales' number formats) are outside WinAnsiEncoding.
    const text = line.text.replace(/[\u2007\u202f]/g, " ");
    doc.font(line.bold ? "Helvetica-Bold" : "Helvetica").fontSize(line.size ?? 10).text(text, line.x ?? 56, y, { lineBreak: false });
  }
  doc.end();
  return done;
}
