import type { Locale } from "@agency/contract";
import { say } from "../../i18n";
import { TEST_IDEAL_BANKS } from "./payment-methods";
import { escapeHtml, testPage } from "./test-pages";

/**
 * The test checkout's iDEAL steps, in the customer's language: the bank choice, then a page standing in for the
 * bank's own, where the payment is approved or refused. Both say on every screen that they are a test.
 */

const m = {
  chooseTitle: /*i18n*/ { id: "ideal.choose.title", message: "Pay with iDEAL | Wero (test)" },
  badge: /*i18n*/ { id: "ideal.badge", message: "Test payment — no bank is contacted and no money is charged" },
  chooseIntro: /*i18n*/ {
    id: "ideal.choose.intro",
    message: "Choose your bank. You approve the first payment of {price} there, and agree that the renewals are collected by SEPA Direct Debit.",
  },
  bank: /*i18n*/ { id: "ideal.bank", message: "Your bank" },
  next: /*i18n*/ { id: "ideal.next", message: "Continue to your bank" },
  back: /*i18n*/ { id: "ideal.back", message: "Choose another payment method" },
  bankTitle: /*i18n*/ { id: "ideal.bank.title", message: "TEST BANK — {bank}" },
  bankBadge: /*i18n*/ { id: "ideal.bank.badge", message: "This is not your bank. It is a test page of the built-in test provider." },
  bankAsk: /*i18n*/ { id: "ideal.bank.ask", message: "Approve the iDEAL payment of {price} to {merchant}?" },
  mandate: /*i18n*/ {
    id: "ideal.bank.mandate",
    message:
      "By approving, you also give {merchant} a (test) SEPA Direct Debit mandate to collect the renewals of this subscription from this account. You can cancel the subscription at any time.",
  },
  approve: /*i18n*/ { id: "ideal.bank.approve", message: "Approve (test)" },
  fail: /*i18n*/ { id: "ideal.bank.fail", message: "Fail (test)" },
};

export function renderBankChoicePage(d: { locale: Locale; price: string; action: string; backUrl: string; nonce: string }): string {
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => escapeHtml(say(d.locale, message, values));
  const options = TEST_IDEAL_BANKS.map((bank) => `<option value="${escapeHtml(bank)}">${escapeHtml(bank)}</option>`).join("");
  return testPage(
    d.locale,
    say(d.locale, m.chooseTitle),
    d.nonce,
    `<h1>${t(m.chooseTitle)}</h1>
<p class="badge" role="note">${t(m.badge)}</p>
<p>${t(m.chooseIntro, { price: d.price })}</p>
<form method="post" action="${escapeHtml(d.action)}">
<label for="bank">${t(m.bank)}</label>
<select id="bank" name="bank" required>${options}</select>
<div class="actions"><button type="submit" class="pay">${t(m.next)}</button></div>
</form>
<p><a href="${escapeHtml(d.backUrl)}">${t(m.back)}</a></p>`,
  );
}

export function renderTestBankPage(d: {
  locale: Locale;
  bank: string;
  price: string;
  merchant: string;
  approveAction: string;
  failAction: string;
  nonce: string;
}): string {
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => escapeHtml(say(d.locale, message, values));
  const hidden = `<input type="hidden" name="bank" value="${escapeHtml(d.bank)}">`;
  return testPage(
    d.locale,
    say(d.locale, m.bankTitle, { bank: d.bank }),
    d.nonce,
    `<div class="bank">
<h1>${t(m.bankTitle, { bank: d.bank })}</h1>
<p class="badge" role="note">${t(m.bankBadge)}</p>
<p>${t(m.bankAsk, { price: d.price, merchant: d.merchant })}</p>
<p>${t(m.mandate, { merchant: d.merchant })}</p>
<div class="actions">
<form method="post" action="${escapeHtml(d.approveAction)}">${hidden}<button type="submit" class="pay">${t(m.approve)}</button></form>
<form method="post" action="${escapeHtml(d.failAction)}">${hidden}<button type="submit" class="cancel">${t(m.fail)}</button></form>
</div>
</div>`,
  );
}
