import { randomBytes } from "node:crypto";
import type { MessageDescriptor } from "@lingui/core";
import type { BillingPeriod, Locale } from "@agency/contract";
import { say } from "../i18n";

/**
 * The local test provider's checkout page, rendered by the server in the user's language (texts in src/locales). Plain HTML forms and no
 * script at all, so it works under a strict CSP and without JavaScript; the CSS sits in one nonce'd style element.
 */

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
  perMonth: /*i18n*/ { id: "checkout.price_per_month", message: "{price} per month" },
  perYear: /*i18n*/ { id: "checkout.price_per_year", message: "{price} per year" },
  pay: /*i18n*/ { id: "checkout.pay", message: "Pay" },
  cancel: /*i18n*/ { id: "checkout.cancel", message: "Cancel" },
  back: /*i18n*/ { id: "checkout.back", message: "Back to the site" },
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * CSP of these pages. `form-action` must list the origins the POSTs redirect to as well: browsers apply it to the
 * redirect after a form submission, and successUrl may be on a partner origin from ALLOWED_ORIGINS.
 * `frame-ancestors 'none'` keeps the Pay button out of other sites' frames (clickjacking).
 */
export function checkoutPageCsp(nonce: string, redirectOrigins: string[] = []): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action 'self' ${[...new Set(redirectOrigins)].join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

// Colours meet WCAG AA contrast: #1e40af on white 8.6:1, white on #1d4ed8 6.7:1, #713f12 on #fef3c7 8.2:1.
const CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#111827;background:#f3f4f6}
main{max-width:34rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.badge{display:block;margin:0 0 1rem;padding:.75rem 1rem;border:2px solid #b45309;border-radius:.5rem;background:#fef3c7;color:#713f12;font-weight:700}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.5rem;margin:0}
dt{font-weight:600;color:#374151}
dd{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:2rem}
form{margin:0}
button{min-height:2.75rem;min-width:8rem;padding:.6rem 1.4rem;font:inherit;font-weight:600;border-radius:.5rem;cursor:pointer}
.pay{background:#1d4ed8;color:#fff;border:2px solid #1d4ed8}
.pay:hover{background:#1e3a8a;border-color:#1e3a8a}
.cancel{background:#fff;color:#1f2937;border:2px solid #6b7280}
.cancel:hover{background:#f3f4f6}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1e40af}
`;

function page(locale: Locale, title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutPageData {
  locale: Locale;
  planName: string;
  billingPeriod: BillingPeriod;
  /** Formatted in the plan's currency. */
  price: string;
  email: string;
  payAction: string;
  cancelAction: string;
  nonce: string;
}

export function renderCheckoutPage(d: CheckoutPageData): string {
  const t = (message: (typeof m)[keyof typeof m], values?: Record<string, unknown>) => escapeHtml(say(d.locale, message, values));
  const yearly = d.billingPeriod === "yearly";
  return page(
    d.locale,
    `${say(d.locale, m.title)} — ${d.planName}`,
    d.nonce,
    `<h1>${t(m.heading)}</h1>
<p class="badge" role="note">${t(m.badge)}</p>
<p>${t(m.explanation)}</p>
<h2>${t(m.summary)}</h2>
<dl>
<dt>${t(m.plan)}</dt><dd>${escapeHtml(d.planName)}</dd>
<dt>${t(m.period)}</dt><dd>${t(yearly ? m.yearly : m.monthly)}</dd>
<dt>${t(m.price)}</dt><dd>${t(yearly ? m.perYear : m.perMonth, { price: d.price })}</dd>
<dt>${t(m.account)}</dt><dd>${escapeHtml(d.email)}</dd>
</dl>
<div class="actions">
<form method="post" action="${escapeHtml(d.payAction)}"><button type="submit" class="pay">${t(m.pay)}</button></form>
<form method="post" action="${escapeHtml(d.cancelAction)}"><button type="submit" class="cancel">${t(m.cancel)}</button></form>
</div>`,
  );
}

export type CheckoutProblem = "unknown" | "paid" | "canceled" | "expired" | "already_subscribed";

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
  already_subscribed: {
    title: /*i18n*/ { id: "checkout.already_subscribed.title", message: "Already subscribed" },
    message: /*i18n*/ {
      id: "checkout.already_subscribed.message",
      message: "You already have an active subscription, so this checkout cannot be paid. Nothing was charged.",
    },
  },
};

export const PROBLEM_STATUS: Record<CheckoutProblem, number> = {
  unknown: 404,
  paid: 409,
  canceled: 410,
  expired: 410,
  already_subscribed: 409,
};

export function renderProblemPage(locale: Locale, problem: CheckoutProblem, backUrl: string, nonce: string): string {
  const p = problems[problem];
  const title = say(locale, p.title);
  return page(
    locale,
    `${title} — ${say(locale, m.title)}`,
    nonce,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(say(locale, p.message))}</p>
<p><a href="${escapeHtml(backUrl)}">${escapeHtml(say(locale, m.back))}</a></p>`,
  );
}
