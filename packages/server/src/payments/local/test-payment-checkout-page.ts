import type { Locale } from "@agency/contract";
import { say } from "../../i18n";
import { escapeHtml, testPage } from "./test-pages";

/**
 * The test provider's checkout page of a one-off payment (an offer's deposit, an invoice) or of a direct debit
 * mandate, in the customer's language: what is paid, how much (VAT included), and a test card or iDEAL through the
 * test bank, which also gives a test SEPA Direct Debit mandate. Labelled as a test on every screen.
 */

const m = {
  title: /*i18n*/ { id: "test_payment.title", message: "Test payment" },
  heading: /*i18n*/ { id: "test_payment.heading", message: "Pay" },
  mandateHeading: /*i18n*/ { id: "test_payment.mandate_heading", message: "Give a direct debit mandate" },
  badge: /*i18n*/ { id: "test_payment.badge", message: "Test payment — no money is charged" },
  explanation: /*i18n*/ {
    id: "test_payment.explanation",
    message: "This checkout belongs to the built-in test provider, used while no payment provider is configured. Nothing is charged.",
  },
  for: /*i18n*/ { id: "test_payment.for", message: "For" },
  amount: /*i18n*/ { id: "test_payment.amount", message: "Amount (including VAT)" },
  email: /*i18n*/ { id: "test_payment.email", message: "E-mail address" },
  method: /*i18n*/ { id: "test_payment.method", message: "Payment method (test)" },
  card: /*i18n*/ { id: "test_payment.card", message: "Test card" },
  ideal: /*i18n*/ { id: "test_payment.ideal", message: "iDEAL | Wero (test bank)" },
  idealHint: /*i18n*/ {
    id: "test_payment.ideal_hint",
    message: "With iDEAL you approve the payment at your bank, which also gives the mandate for collecting the monthly fee by SEPA Direct Debit.",
  },
  mandateHint: /*i18n*/ {
    id: "test_payment.mandate_hint",
    message: "You confirm your bank account with iDEAL at your bank; the monthly fee is then collected from it by SEPA Direct Debit.",
  },
  idealFailed: /*i18n*/ {
    id: "test_payment.ideal_failed",
    message: "The test bank did not approve the payment, so nothing was charged. Choose a payment method and try again.",
  },
  pay: /*i18n*/ { id: "test_payment.pay", message: "Pay {amount}" },
  continue: /*i18n*/ { id: "test_payment.continue", message: "Continue to your bank" },
  cancel: /*i18n*/ { id: "test_payment.cancel", message: "Cancel" },
};

export interface PaymentCheckoutPageData {
  locale: Locale;
  description: string;
  /** Formatted, VAT included. */
  amount: string;
  email: string;
  /** A mandate is given with iDEAL only. */
  mandate: boolean;
  bankFailed: boolean;
  payAction: string;
  cancelAction: string;
  nonce: string;
}

export function renderPaymentCheckoutPage(d: PaymentCheckoutPageData): string {
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => escapeHtml(say(d.locale, message, values));
  const methods = d.mandate
    ? `<input type="hidden" name="method" value="ideal"><p>${t(m.mandateHint)}</p>`
    : `<fieldset>
<legend>${t(m.method)}</legend>
<label class="choice"><input type="radio" name="method" value="card" checked> ${t(m.card)}</label>
<label class="choice"><input type="radio" name="method" value="ideal" aria-describedby="ideal-hint"> ${t(m.ideal)}</label>
<span class="hint" id="ideal-hint">${t(m.idealHint)}</span>
</fieldset>`;
  return testPage(
    d.locale,
    `${say(d.locale, m.title)} — ${d.description}`,
    d.nonce,
    `<h1>${t(d.mandate ? m.mandateHeading : m.heading)}</h1>
<p class="badge" role="note">${t(m.badge)}</p>
<p>${t(m.explanation)}</p>
${d.bankFailed ? `<p class="error" role="alert">${t(m.idealFailed)}</p>` : ""}
<dl>
<dt>${t(m.for)}</dt><dd>${escapeHtml(d.description)}</dd>
${d.mandate ? "" : `<dt>${t(m.amount)}</dt><dd>${escapeHtml(d.amount)}</dd>`}
<dt>${t(m.email)}</dt><dd>${escapeHtml(d.email)}</dd>
</dl>
<form method="post" action="${escapeHtml(d.payAction)}">
${methods}
<div class="actions"><button type="submit" class="pay">${d.mandate ? t(m.continue) : t(m.pay, { amount: d.amount })}</button></div>
</form>
<form method="post" action="${escapeHtml(d.cancelAction)}"><div class="actions"><button type="submit" class="cancel">${t(m.cancel)}</button></div></form>`,
  );
}

const problems = {
  unknown: /*i18n*/ { id: "test_payment.unknown", message: "This payment link is not valid. Start again from the page you came from." },
  paid: /*i18n*/ { id: "test_payment.paid", message: "This has already been paid. Thank you." },
  canceled: /*i18n*/ { id: "test_payment.canceled", message: "This payment was cancelled. Start again from the page you came from." },
  expired: /*i18n*/ { id: "test_payment.expired", message: "This payment link has expired. Start again from the page you came from." },
};
const back = /*i18n*/ { id: "test_payment.back", message: "Back" };

export function renderPaymentProblemPage(locale: Locale, problem: keyof typeof problems, backUrl: string, nonce: string): string {
  const text = say(locale, problems[problem]);
  return testPage(
    locale,
    `${say(locale, m.title)} — ${text}`,
    nonce,
    `<h1>${escapeHtml(say(locale, m.title))}</h1>
<p class="badge" role="note">${escapeHtml(say(locale, m.badge))}</p>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(backUrl)}">${escapeHtml(say(locale, back))}</a></p>`,
  );
}
