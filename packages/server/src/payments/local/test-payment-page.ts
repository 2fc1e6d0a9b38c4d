import { formatDate, formatMoney, type Locale, type PaymentIssue } from "@agency/contract";
import { say } from "../../i18n";
import { amountText } from "../../mail/subscription-templates";
import type { OwedInvoice } from "./payment";
import { escapeHtml, testPage } from "./test-pages";

/**
 * The test provider's page for a payment that needs the customer, its stand-in for Stripe's hosted invoice page:
 * the open invoice, and one button that pays it (a failed renewal) or confirms it (the bank asks, 3-D Secure).
 */

const m = {
  title: /*i18n*/ { id: "pay.title", message: "Pay your invoice (test)" },
  confirmTitle: /*i18n*/ { id: "pay.confirm_title", message: "Confirm your payment (test)" },
  badge: /*i18n*/ { id: "pay.badge", message: "Test payment — no money is charged" },
  failed: /*i18n*/ { id: "pay.failed", message: "The renewal of your subscription could not be collected. Pay the invoice to keep your subscription." },
  action: /*i18n*/ {
    id: "pay.action",
    message: "Your bank asks you to confirm the renewal of your subscription (in this test, instead of 3-D Secure at your bank).",
  },
  invoice: /*i18n*/ { id: "pay.invoice", message: "Invoice" },
  date: /*i18n*/ { id: "pay.date", message: "Date" },
  amount: /*i18n*/ { id: "pay.amount", message: "Amount" },
  pay: /*i18n*/ { id: "pay.pay", message: "Pay {amount} (test)" },
  confirm: /*i18n*/ { id: "pay.confirm", message: "Confirm payment of {amount} (test)" },
  nothing: /*i18n*/ { id: "pay.nothing", message: "There is no payment to make. Your subscription is in order." },
  back: /*i18n*/ { id: "pay.back", message: "Back to your account" },
};

export function renderPaymentPage(d: {
  locale: Locale;
  nonce: string;
  owed: { issue: PaymentIssue; invoice: OwedInvoice } | null;
  payAction: string;
  returnUrl: string;
}): string {
  const { locale } = d;
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => escapeHtml(say(locale, message, values));
  const confirm = d.owed?.issue === "requires_action";
  const title = confirm ? m.confirmTitle : m.title;
  if (!d.owed) {
    return testPage(locale, say(locale, title), d.nonce, `<h1>${t(title)}</h1>
<p class="badge" role="note">${t(m.badge)}</p>
<p>${t(m.nothing)}</p>
<p><a href="${escapeHtml(d.returnUrl)}">${t(m.back)}</a></p>`);
  }
  const { invoice } = d.owed;
  const amount = formatMoney(invoice.total_cents / 100, invoice.currency, locale, { cents: true });
  // The invoice's total, which is what is paid, and the VAT in it.
  const withVat = amountText(locale, {
    invoice: { totalCents: invoice.total_cents, taxCents: invoice.tax_cents, currency: invoice.currency },
    priceCents: invoice.subtotal_cents,
    currency: invoice.currency,
  });
  return testPage(
    locale,
    say(locale, title),
    d.nonce,
    `<h1>${t(title)}</h1>
<p class="badge" role="note">${t(m.badge)}</p>
<p>${t(confirm ? m.action : m.failed)}</p>
<dl>
<dt>${t(m.invoice)}</dt><dd>${escapeHtml(invoice.number)}</dd>
<dt>${t(m.date)}</dt><dd>${escapeHtml(formatDate(invoice.created_at, locale))}</dd>
<dt>${t(m.amount)}</dt><dd>${escapeHtml(withVat)}</dd>
</dl>
<form method="post" action="${escapeHtml(d.payAction)}"><div class="actions"><button type="submit" class="pay">${t(confirm ? m.confirm : m.pay, { amount })}</button></div></form>
<p><a href="${escapeHtml(d.returnUrl)}">${t(m.back)}</a></p>`,
  );
}
