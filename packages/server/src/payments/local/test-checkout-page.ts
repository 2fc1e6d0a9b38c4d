import type { MessageDescriptor } from "@lingui/core";
import type { BillingPeriod, Locale } from "@agency/contract";
import { say } from "../../i18n";
import type { BillingDetails } from "./billing-repository";
import { billingFields, escapeHtml, testPage } from "./test-pages";

/** The local test provider's checkout page, rendered by the server in the user's language (texts in src/locales). */

/** Texts of these pages, in src/locales. */
const m = {
  title: /*i18n*/ { id: "checkout.title", message: "Test payment" },
  heading: /*i18n*/ { id: "checkout.heading", message: "Confirm your subscription" },
  badge: /*i18n*/ { id: "checkout.badge", message: "Test payment — no money is charged" },
  explanation: /*i18n*/ {
    id: "checkout.explanation",
    message:
      "This checkout belongs to the built-in test provider, used while no payment provider is configured. Pay activates the subscription straight away; no card is asked for and nothing is charged.",
  },
  summary: /*i18n*/ { id: "checkout.summary", message: "Order summary" },
  plan: /*i18n*/ { id: "checkout.plan", message: "Plan" },
  period: /*i18n*/ { id: "checkout.period", message: "Billing period" },
  price: /*i18n*/ { id: "checkout.price", message: "Price" },
  account: /*i18n*/ { id: "checkout.account", message: "Account" },
  monthly: /*i18n*/ { id: "checkout.monthly", message: "Monthly" },
  yearly: /*i18n*/ { id: "checkout.yearly", message: "Yearly" },
  perMonth: /*i18n*/ { id: "checkout.price_per_month_excl_vat", message: "{price} per month, excluding VAT" },
  perYear: /*i18n*/ { id: "checkout.price_per_year_excl_vat", message: "{price} per year, excluding VAT" },
  totalDutch: /*i18n*/ { id: "checkout.total_dutch", message: "Total with a billing address in the Netherlands" },
  totalDutchAmount: /*i18n*/ { id: "checkout.total_dutch_amount", message: "{total}, including {vat} VAT (21%)" },
  totalElsewhere: /*i18n*/ { id: "checkout.total_elsewhere", message: "Total with a billing address elsewhere" },
  totalElsewhereAmount: /*i18n*/ { id: "checkout.total_elsewhere_amount", message: "{total}, no VAT" },
  vatNote: /*i18n*/ {
    id: "checkout.charge_note",
    message: "Pay charges the total for the billing address you choose below; the invoice shows the same amount.",
  },
  billing: /*i18n*/ { id: "checkout.billing", message: "Billing address" },
  country: /*i18n*/ { id: "checkout.country", message: "Country" },
  vatNumber: /*i18n*/ { id: "checkout.vat_number", message: "VAT number (optional)" },
  vatHint: /*i18n*/ { id: "checkout.vat_hint", message: "For a business, e.g. NL123456789B01. It is printed on your invoices." },
  vatInvalid: /*i18n*/ { id: "checkout.vat_invalid", message: "Enter a VAT number like NL123456789B01, or leave the field empty." },
  countryInvalid: /*i18n*/ { id: "checkout.country_invalid", message: "Choose a country from the list." },
  pay: /*i18n*/ { id: "checkout.pay", message: "Pay" },
  method: /*i18n*/ { id: "checkout.method", message: "Payment method (test)" },
  card: /*i18n*/ { id: "checkout.method.card", message: "Test card" },
  ideal: /*i18n*/ { id: "checkout.method.ideal", message: "iDEAL | Wero (test bank)" },
  idealHint: /*i18n*/ {
    id: "checkout.method.ideal_hint",
    message: "With iDEAL you choose your bank and approve the first payment there; the renewals are then collected by SEPA Direct Debit.",
  },
  idealFailed: /*i18n*/ {
    id: "checkout.ideal_failed",
    message: "The test bank did not approve the payment, so nothing was charged. Choose a payment method and try again.",
  },
  cancel: /*i18n*/ { id: "checkout.cancel", message: "Cancel" },
  back: /*i18n*/ { id: "checkout.back", message: "Back to the site" },
};

/** The texts of the billing address fields, shared with the test portal. */
export function billingFieldTexts(locale: Locale) {
  return {
    legend: say(locale, m.billing),
    country: say(locale, m.country),
    vatNumber: say(locale, m.vatNumber),
    vatHint: say(locale, m.vatHint),
  };
}

/** The message for a billing field that was refused. */
export function billingFieldError(locale: Locale, field: "country" | "vat_number"): string {
  return say(locale, field === "vat_number" ? m.vatInvalid : m.countryInvalid);
}

export interface CheckoutPageData {
  locale: Locale;
  planName: string;
  billingPeriod: BillingPeriod;
  /** The plan's price for the period, VAT excluded, formatted in the plan's currency. */
  price: string;
  /** What a billing address in the Netherlands pays: the total and the VAT in it, formatted. */
  dutch: { total: string; vat: string };
  email: string;
  details: BillingDetails;
  /** The billing field that was refused on the last try, if any. */
  invalid: "country" | "vat_number" | null;
  /** The test bank refused the last iDEAL payment. */
  bankFailed?: boolean;
  payAction: string;
  cancelAction: string;
  nonce: string;
}

export function renderCheckoutPage(d: CheckoutPageData): string {
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => escapeHtml(say(d.locale, message, values));
  const yearly = d.billingPeriod === "yearly";
  return testPage(
    d.locale,
    `${say(d.locale, m.title)} — ${d.planName}`,
    d.nonce,
    `<h1>${t(m.heading)}</h1>
<p class="badge" role="note">${t(m.badge)}</p>
<p>${t(m.explanation)}</p>
${d.invalid ? `<p class="error" role="alert">${escapeHtml(billingFieldError(d.locale, d.invalid))}</p>` : ""}
${d.bankFailed ? `<p class="error" role="alert">${t(m.idealFailed)}</p>` : ""}
<h2>${t(m.summary)}</h2>
<dl>
<dt>${t(m.plan)}</dt><dd>${escapeHtml(d.planName)}</dd>
<dt>${t(m.period)}</dt><dd>${t(yearly ? m.yearly : m.monthly)}</dd>
<dt>${t(m.price)}</dt><dd>${t(yearly ? m.perYear : m.perMonth, { price: d.price })}</dd>
<dt>${t(m.totalDutch)}</dt><dd>${t(m.totalDutchAmount, d.dutch)}</dd>
<dt>${t(m.totalElsewhere)}</dt><dd>${t(m.totalElsewhereAmount, { total: d.price })}</dd>
<dt>${t(m.account)}</dt><dd>${escapeHtml(d.email)}</dd>
</dl>
<p>${t(m.vatNote)}</p>
<form method="post" action="${escapeHtml(d.payAction)}">
${billingFields(d.locale, d.details, billingFieldTexts(d.locale), d.invalid)}
<fieldset>
<legend>${t(m.method)}</legend>
<label class="choice"><input type="radio" name="method" value="card" checked> ${t(m.card)}</label>
<label class="choice"><input type="radio" name="method" value="ideal" aria-describedby="ideal-hint"> ${t(m.ideal)}</label>
<span class="hint" id="ideal-hint">${t(m.idealHint)}</span>
</fieldset>
<div class="actions"><button type="submit" class="pay">${t(m.pay)}</button></div>
</form>
<form method="post" action="${escapeHtml(d.cancelAction)}"><div class="actions"><button type="submit" class="cancel">${t(m.cancel)}</button></div></form>`,
  );
}

export type CheckoutProblem = "unknown" | "paid" | "canceled" | "expired";

const problems: Record<CheckoutProblem, { title: MessageDescriptor; message: MessageDescriptor }> = {
  unknown: {
    title: /*i18n*/ { id: "checkout.unknown.title", message: "Checkout not found" },
    message: /*i18n*/ { id: "checkout.unknown.message", message: "This checkout link is not valid. Start again from the subscribe page." },
  },
  paid: {
    title: /*i18n*/ { id: "checkout.paid.title", message: "Already paid" },
    message: /*i18n*/ { id: "checkout.paid.message", message: "This checkout has already been paid. Your subscription is active." },
  },
  canceled: {
    title: /*i18n*/ { id: "checkout.canceled.title", message: "Checkout cancelled" },
    message: /*i18n*/ { id: "checkout.canceled.message", message: "This checkout was cancelled. Start again from the subscribe page to subscribe." },
  },
  expired: {
    title: /*i18n*/ { id: "checkout.expired.title", message: "Checkout expired" },
    message: /*i18n*/ { id: "checkout.expired.message", message: "This checkout link has expired. Start again from the subscribe page." },
  },
};

export const PROBLEM_STATUS: Record<CheckoutProblem, number> = {
  unknown: 404,
  paid: 409,
  canceled: 410,
  expired: 410,
};

export function renderProblemPage(locale: Locale, problem: CheckoutProblem, backUrl: string, nonce: string): string {
  const p = problems[problem];
  const title = say(locale, p.title);
  return testPage(
    locale,
    `${title} — ${say(locale, m.title)}`,
    nonce,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(say(locale, p.message))}</p>
<p><a href="${escapeHtml(backUrl)}">${escapeHtml(say(locale, m.back))}</a></p>`,
  );
}
