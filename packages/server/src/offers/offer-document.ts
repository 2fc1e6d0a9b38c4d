import { formatDate, formatDateTime, formatMoney, HOSTING_MINIMUM_MONTHS, CANCELLATION_NOTICE_MONTHS, PAYMENT_TERM_DAYS, type Locale } from "@agency/contract";
import type { Config } from "../config";
import { say } from "../i18n";
import { renderPdf, type PdfLine } from "../lib/pdf-document";
import type { OfferRow } from "./repository";
import { amountsOf, offerLines, packageFeatures, packageName } from "./texts";

/**
 * The offer as a PDF, in its language: what was offered (the package and its features, each line with its VAT, the
 * monthly fee), the terms that apply, and, once accepted, the signature (the name typed, when, from which address,
 * and the terms' version). Both the customer and the agency get it when the deposit is paid.
 */

const m = {
  title: /*i18n*/ { id: "offer_pdf.title", message: "Offer {number}" },
  signedTitle: /*i18n*/ { id: "offer_pdf.signed_title", message: "Signed offer {number}" },
  kvk: /*i18n*/ { id: "offer_pdf.kvk", message: "KvK {number}" },
  vatId: /*i18n*/ { id: "offer_pdf.vat_id", message: "VAT number {number}" },
  date: /*i18n*/ { id: "offer_pdf.date", message: "Date: {date}" },
  validUntil: /*i18n*/ { id: "offer_pdf.valid_until", message: "Valid until: {date}" },
  for: /*i18n*/ { id: "offer_pdf.for", message: "For" },
  package: /*i18n*/ { id: "offer_pdf.package", message: "The {package} package" },
  upgrade: /*i18n*/ { id: "offer_pdf.upgrade", message: "Upgrade from {from} to {to}" },
  oneTime: /*i18n*/ { id: "offer_pdf.one_time", message: "One-time" },
  net: /*i18n*/ { id: "offer_pdf.net", message: "Excl. VAT" },
  vat: /*i18n*/ { id: "offer_pdf.vat", message: "VAT {rate}%" },
  total: /*i18n*/ { id: "offer_pdf.total", message: "Incl. VAT" },
  oneTimeTotal: /*i18n*/ { id: "offer_pdf.one_time_total", message: "Total one-time" },
  monthly: /*i18n*/ {
    id: "offer_pdf.monthly",
    message:
      "Monthly fee: {net} excluding VAT ({total} including {rate}% VAT), from the first day of the month after delivery, collected by SEPA Direct Debit.",
  },
  payment: /*i18n*/ {
    id: "offer_pdf.payment",
    message: "Payment: {deposit} including VAT (50%) when the offer is accepted, and {balance} including VAT (50%) at delivery, within {days} days.",
  },
  terms: /*i18n*/ { id: "offer_pdf.terms", message: "Terms" },
  termsText: /*i18n*/ {
    id: "offer_pdf.terms_text",
    message:
      "Prices exclude {rate}% VAT. Offers are valid for 30 days. Invoices are due within {days} days. Hosting has a minimum term of {months} months, after which it can be cancelled monthly with {notice} month's notice; ending it early makes the remaining months of the minimum term due at once. Our terms and conditions apply: {url}",
  },
  signature: /*i18n*/ { id: "offer_pdf.signature", message: "Accepted" },
  signedBy: /*i18n*/ {
    id: "offer_pdf.signed_by",
    message: "Accepted and signed by {name} on {at}, from address {ip}, agreeing to the terms and conditions of {version}.",
  },
};

export function renderOfferPdf(offer: OfferRow, d: { issuer: Config["invoiceIssuer"]; termsUrl: string; locale?: Locale }): Promise<Buffer> {
  const locale = d.locale ?? offer.locale;
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => say(locale, message, values);
  const money = (cents: number) => formatMoney(cents / 100, offer.currency, locale, { cents: true });
  const amounts = amountsOf(offer);
  const [NET, VAT, TOTAL] = [340, 420, 500];
  const signed = offer.signed_at !== null;
  const title = t(signed ? m.signedTitle : m.title, { number: offer.number });
  const lines: PdfLine[] = [
    { text: title, size: 18, bold: true, gap: 0 },
    { text: d.issuer.name, bold: true, gap: 28 },
    ...(d.issuer.address ? [{ text: d.issuer.address }] : []),
    ...(d.issuer.kvkNumber ? [{ text: t(m.kvk, { number: d.issuer.kvkNumber }) }] : []),
    ...(d.issuer.vatNumber ? [{ text: t(m.vatId, { number: d.issuer.vatNumber }) }] : []),
    { text: t(m.date, { date: formatDate(offer.sent_at ?? offer.created_at, locale) }), gap: 24 },
    { text: t(m.validUntil, { date: formatDate(offer.expires_at, locale) }) },
    { text: t(m.for), bold: true, gap: 24 },
    ...(offer.company_name ? [{ text: offer.company_name }] : []),
    { text: offer.name },
    { text: offer.email },
    {
      text:
        offer.kind === "upgrade" && offer.from_package
          ? t(m.upgrade, { from: packageName(offer.from_package), to: packageName(offer.package) })
          : t(m.package, { package: packageName(offer.package) }),
      bold: true,
      gap: 28,
    },
    ...packageFeatures(offer.package, locale).map((feature) => ({ text: `• ${feature}` })),
    { text: t(m.oneTime), bold: true, gap: 24 },
    { text: t(m.net), bold: true, x: NET, gap: 0 },
    { text: t(m.vat, { rate: offer.vat_rate }), bold: true, x: VAT, gap: 0 },
    { text: t(m.total), bold: true, x: TOTAL, gap: 0 },
    ...offerLines(offer, locale).flatMap((line): PdfLine[] => [
      { text: line.description, width: 270, gap: 18 },
      { text: money(line.netCents), x: NET, gap: 0 },
      { text: money(line.vatCents), x: VAT, gap: 0 },
      { text: money(line.totalCents), x: TOTAL, gap: 0 },
    ]),
    { text: t(m.oneTimeTotal), bold: true, gap: 20 },
    { text: money(amounts.oneTime.netCents), x: NET, bold: true, gap: 0 },
    { text: money(amounts.oneTime.vatCents), x: VAT, bold: true, gap: 0 },
    { text: money(amounts.oneTime.totalCents), x: TOTAL, bold: true, gap: 0 },
    {
      text: t(m.monthly, { net: money(amounts.monthly.netCents), total: money(amounts.monthly.totalCents), rate: offer.vat_rate }),
      width: 480,
      gap: 24,
    },
    {
      text: t(m.payment, { deposit: money(amounts.deposit.totalCents), balance: money(amounts.balance.totalCents), days: PAYMENT_TERM_DAYS }),
      width: 480,
    },
    { text: t(m.terms), bold: true, gap: 24 },
    {
      text: t(m.termsText, { rate: offer.vat_rate, days: PAYMENT_TERM_DAYS, months: HOSTING_MINIMUM_MONTHS, notice: CANCELLATION_NOTICE_MONTHS, url: d.termsUrl }),
      width: 480,
    },
    ...(signed
      ? [
          { text: t(m.signature), bold: true, gap: 24 },
          {
            text: t(m.signedBy, { name: offer.signed_name, at: formatDateTime(offer.signed_at!, locale), ip: offer.signed_ip ?? "", version: offer.terms_version ?? "" }),
            width: 480,
          },
        ]
      : []),
  ];
  return renderPdf(lines, { title, lang: locale });
}
