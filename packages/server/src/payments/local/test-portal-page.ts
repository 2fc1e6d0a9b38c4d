import { formatDate, formatMoney, grantsAccess, type BillingPeriod, type Locale } from "@agency/contract";
import { say } from "../../i18n";
import { invoiceTexts, statusText } from "./invoice-document";
import type { BillingDetails, LocalInvoiceRow } from "./billing-repository";
import type { LocalPaymentMethodRow } from "./payment-methods";
import { billingFieldError, billingFieldTexts } from "./test-checkout-page";
import { billingFields, escapeHtml, testPage } from "./test-pages";

/**
 * The local test provider's billing portal page (see payments/local/portal.ts), in the customer's language: clearly labelled
 * as a test, like the test checkout.
 */

const m = {
  title: /*i18n*/ { id: "portal.title", message: "Test billing portal" },
  badge: /*i18n*/ { id: "portal.badge", message: "Test billing portal — no money is charged" },
  explanation: /*i18n*/ {
    id: "portal.explanation",
    message:
      "This page belongs to the built-in test provider and stands in for the payment provider's billing portal. Switching the billing period writes an invoice, as a real provider would; nothing is charged.",
  },
  subscription: /*i18n*/ { id: "portal.subscription", message: "Your subscription" },
  plan: /*i18n*/ { id: "portal.plan", message: "Plan" },
  period: /*i18n*/ { id: "portal.period", message: "Billing period" },
  price: /*i18n*/ { id: "portal.price", message: "Price" },
  monthly: /*i18n*/ { id: "portal.monthly", message: "Monthly" },
  yearly: /*i18n*/ { id: "portal.yearly", message: "Yearly" },
  perMonth: /*i18n*/ { id: "portal.price_per_month", message: "{price} per month, excl. VAT" },
  perYear: /*i18n*/ { id: "portal.price_per_year", message: "{price} per year, excl. VAT" },
  next: /*i18n*/ { id: "portal.next_billing", message: "Next billing date" },
  ends: /*i18n*/ { id: "portal.ends", message: "Ends on" },
  toMonthly: /*i18n*/ { id: "portal.switch_monthly", message: "Switch to monthly billing" },
  toYearly: /*i18n*/ { id: "portal.switch_yearly", message: "Switch to yearly billing" },
  switchNote: /*i18n*/ {
    id: "portal.switch_note",
    message: "A new billing period starts today; the unused part of the current one is credited on the new invoice.",
  },
  none: /*i18n*/ { id: "portal.none", message: "No running subscription." },
  details: /*i18n*/ { id: "portal.details", message: "Billing details" },
  save: /*i18n*/ { id: "portal.save", message: "Save billing details" },
  invoices: /*i18n*/ { id: "portal.invoices", message: "Invoices" },
  noInvoices: /*i18n*/ { id: "portal.no_invoices", message: "No invoices yet." },
  pdf: /*i18n*/ { id: "portal.pdf", message: "{number} (PDF)" },
  switched: /*i18n*/ { id: "portal.switched", message: "Your subscription is now billed {period, select, yearly {yearly} other {monthly}}." },
  saved: /*i18n*/ { id: "portal.saved", message: "Your billing details have been saved." },
  back: /*i18n*/ { id: "portal.back", message: "Back to your account" },
  method: /*i18n*/ { id: "portal.method", message: "Payment method" },
  card: /*i18n*/ { id: "portal.method.card", message: "Test card" },
  sepa: /*i18n*/ {
    id: "portal.method.sepa",
    message: "SEPA Direct Debit from {bank}, account ending in {last4} (test mandate {reference}, set up with iDEAL on {date})",
  },
  simulate: /*i18n*/ { id: "portal.simulate", message: "Test renewals" },
  simulateNote: /*i18n*/ {
    id: "portal.simulate_note",
    message: "Play the next renewal now, as the payment provider would at the end of the period. Only for testing; nothing is charged.",
  },
  simulatePaid: /*i18n*/ { id: "portal.simulate_paid", message: "Test: collect the next payment now" },
  simulateFailed: /*i18n*/ { id: "portal.simulate_failed", message: "Test: renewal fails" },
  simulateAction: /*i18n*/ { id: "portal.simulate_action", message: "Test: renewal needs confirmation" },
  simulated: /*i18n*/ { id: "portal.simulated", message: "A test renewal was played: its payment now needs you." },
  collected: /*i18n*/ { id: "portal.collected", message: "A test renewal was played: the next payment was collected and invoiced." },
  owed: /*i18n*/ { id: "portal.owed", message: "A payment needs you." },
  payNow: /*i18n*/ { id: "portal.pay_now", message: "Pay or confirm now" },
  expiredTitle: /*i18n*/ { id: "portal.expired.title", message: "Billing page expired" },
  expiredMessage: /*i18n*/ { id: "portal.expired.message", message: "This billing page is no longer valid. Open 'Manage billing' again from your account." },
  endedMessage: /*i18n*/ {
    id: "portal.ended.message",
    message: "This billing page closed when you logged out. Log in and open 'Manage billing' again.",
  },
  logIn: /*i18n*/ { id: "portal.log_in", message: "Log in" },
};

export interface PortalPageData {
  locale: Locale;
  nonce: string;
  subscription: { planName: string; billingPeriod: BillingPeriod; status: string; price: string; periodEnd: Date; cancelAtPeriodEnd: boolean } | null;
  details: BillingDetails;
  invalid: "country" | "vat_number" | null;
  /** The test provider's own invoices and the company's package invoices, newest first. */
  invoices: { number: string; created_at: Date; total_cents: number; currency: string; status: LocalInvoiceRow["status"]; pdfUrl: string }[];
  /** What the last change did, for the notice at the top. */
  done: { kind: "switched"; period: BillingPeriod } | { kind: "saved" } | { kind: "simulated" } | { kind: "collected" } | null;
  /** Null for a package's monthly fee, which is billed monthly only. */
  switchAction: string | null;
  simulateAction: string;
  /** The test pay page, when a payment is owed. */
  payUrl: string | null;
  method: LocalPaymentMethodRow | null;
  detailsAction: string;
  returnUrl: string;
}

export function renderPortalPage(d: PortalPageData): string {
  const { locale } = d;
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => escapeHtml(say(locale, message, values));
  const s = d.subscription;
  const done = d.done;
  const doneText = !done
    ? ""
    : done.kind === "switched"
      ? t(m.switched, { period: done.period })
      : t({ saved: m.saved, simulated: m.simulated, collected: m.collected }[done.kind]);
  const notice = d.done ? `<p class="badge" role="status">${doneText}</p>` : "";
  const owed = d.payUrl ? `<p class="error">${t(m.owed)} <a href="${escapeHtml(d.payUrl)}">${t(m.payNow)}</a></p>` : "";
  const error = d.invalid ? `<p class="error" role="alert">${escapeHtml(billingFieldError(locale, d.invalid))}</p>` : "";
  const other: BillingPeriod = s?.billingPeriod === "yearly" ? "monthly" : "yearly";
  const subscription = s
    ? `<dl>
<dt>${t(m.plan)}</dt><dd>${escapeHtml(s.planName)}</dd>
<dt>${t(m.period)}</dt><dd>${t(s.billingPeriod === "yearly" ? m.yearly : m.monthly)}</dd>
<dt>${t(m.price)}</dt><dd>${t(s.billingPeriod === "yearly" ? m.perYear : m.perMonth, { price: s.price })}</dd>
<dt>${t(s.cancelAtPeriodEnd ? m.ends : m.next)}</dt><dd>${escapeHtml(formatDate(s.periodEnd, locale))}</dd>
</dl>
${
  grantsAccess(s.status)
    ? `${
        d.switchAction
          ? `<form method="post" action="${escapeHtml(d.switchAction)}">
<input type="hidden" name="period" value="${other}">
<div class="actions"><button type="submit" class="pay" aria-describedby="switch-note">${t(other === "monthly" ? m.toMonthly : m.toYearly)}</button></div>
<p id="switch-note">${t(m.switchNote)}</p>
</form>`
          : ""
      }
<h2>${t(m.simulate)}</h2>
<p id="simulate-note">${t(m.simulateNote)}</p>
<div class="actions">
<form method="post" action="${escapeHtml(d.simulateAction)}"><input type="hidden" name="kind" value="paid"><button type="submit" class="cancel" aria-describedby="simulate-note">${t(m.simulatePaid)}</button></form>
<form method="post" action="${escapeHtml(d.simulateAction)}"><input type="hidden" name="kind" value="failed"><button type="submit" class="cancel" aria-describedby="simulate-note">${t(m.simulateFailed)}</button></form>
<form method="post" action="${escapeHtml(d.simulateAction)}"><input type="hidden" name="kind" value="requires_action"><button type="submit" class="cancel" aria-describedby="simulate-note">${t(m.simulateAction)}</button></form>
</div>`
    : ""
}`
    : `<p>${t(m.none)}</p>`;
  const rows = d.invoices
    .map(
      (invoice) => `<tr>
<td><a href="${escapeHtml(invoice.pdfUrl)}">${t(m.pdf, { number: invoice.number })}</a></td>
<td>${escapeHtml(formatDate(invoice.created_at, locale))}</td>
<td class="amount">${escapeHtml(formatMoney(invoice.total_cents / 100, invoice.currency, locale, { cents: true }))}</td>
<td>${escapeHtml(statusText(locale, invoice.status))}</td>
</tr>`,
    )
    .join("\n");
  const invoices = d.invoices.length
    ? `<table>
<thead><tr><th scope="col">${escapeHtml(say(locale, invoiceTexts.invoice))}</th><th scope="col">${escapeHtml(say(locale, invoiceTexts.date))}</th><th scope="col" class="amount">${escapeHtml(say(locale, invoiceTexts.total))}</th><th scope="col">${escapeHtml(say(locale, invoiceTexts.status))}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : `<p>${t(m.noInvoices)}</p>`;
  return testPage(
    locale,
    say(locale, m.title),
    d.nonce,
    `<h1>${t(m.title)}</h1>
<p class="badge" role="note">${t(m.badge)}</p>
<p>${t(m.explanation)}</p>
${notice}${error}${owed}
<h2>${t(m.subscription)}</h2>
${subscription}
${d.method ? `<h2>${t(m.method)}</h2>\n<p>${methodText(locale, d.method)}</p>` : ""}
<h2>${t(m.details)}</h2>
<form method="post" action="${escapeHtml(d.detailsAction)}">
${billingFields(locale, d.details, billingFieldTexts(locale), d.invalid)}
<div class="actions"><button type="submit" class="cancel">${t(m.save)}</button></div>
</form>
<h2>${t(m.invoices)}</h2>
${invoices}
<p><a href="${escapeHtml(d.returnUrl)}">${t(m.back)}</a></p>`,
  );
}

function methodText(locale: Locale, method: LocalPaymentMethodRow): string {
  if (method.kind === "card") return escapeHtml(say(locale, m.card));
  return escapeHtml(
    say(locale, m.sepa, {
      bank: method.bank ?? "",
      last4: method.iban_last4 ?? "",
      reference: method.mandate_reference ?? "",
      date: method.mandate_accepted_at ? formatDate(method.mandate_accepted_at, locale) : "",
    }),
  );
}

/**
 * A portal link that no longer opens: "expired" (its hour passed) leads back to the account, "ended" (the login
 * session that opened it ended) to the login page.
 */
export function renderPortalExpiredPage(locale: Locale, end: "expired" | "ended", nextUrl: string, nonce: string): string {
  const title = say(locale, m.expiredTitle);
  return testPage(
    locale,
    `${title} — ${say(locale, m.title)}`,
    nonce,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(say(locale, end === "ended" ? m.endedMessage : m.expiredMessage))}</p>
<p><a href="${escapeHtml(nextUrl)}">${escapeHtml(say(locale, end === "ended" ? m.logIn : m.back))}</a></p>`,
  );
}
