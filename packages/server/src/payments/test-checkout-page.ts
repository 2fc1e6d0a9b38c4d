import { randomBytes } from "node:crypto";
import type { BillingPeriod, Locale } from "../types";

/**
 * The local test provider's checkout page, rendered by the server in the user's language. Plain HTML forms and no
 * script at all, so it works under a strict CSP and without JavaScript; the CSS sits in one nonce'd style element.
 */

const text = {
  en: {
    title: "Test payment",
    heading: "Confirm your subscription",
    badge: "Test payment — no money is charged",
    explanation:
      "This checkout belongs to the built-in test provider, used while no payment provider is configured. Pay activates the subscription straight away; no card is asked for and nothing is charged.",
    summary: "Order summary",
    plan: "Plan",
    period: "Billing period",
    price: "Price",
    account: "Account",
    periods: { monthly: "Monthly", yearly: "Yearly" } satisfies Record<BillingPeriod, string>,
    per: { monthly: "per month", yearly: "per year" } satisfies Record<BillingPeriod, string>,
    pay: "Pay",
    cancel: "Cancel",
    back: "Back to the site",
  },
  nl: {
    title: "Testbetaling",
    heading: "Bevestig je abonnement",
    badge: "Testbetaling — er wordt niets afgeschreven",
    explanation:
      "Deze betaalpagina hoort bij de ingebouwde testbetaalprovider, die wordt gebruikt zolang er geen betaalprovider is ingesteld. Met Betalen wordt het abonnement meteen actief; er wordt geen kaart gevraagd en niets afgeschreven.",
    summary: "Overzicht van je bestelling",
    plan: "Abonnement",
    period: "Betaalperiode",
    price: "Prijs",
    account: "Account",
    periods: { monthly: "Maandelijks", yearly: "Jaarlijks" } satisfies Record<BillingPeriod, string>,
    per: { monthly: "per maand", yearly: "per jaar" } satisfies Record<BillingPeriod, string>,
    pay: "Betalen",
    cancel: "Annuleren",
    back: "Terug naar de site",
  },
} satisfies Record<Locale, unknown>;

export const testCheckoutText = text;

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
  const t = text[d.locale];
  return page(
    d.locale,
    `${t.title} — ${d.planName}`,
    d.nonce,
    `<h1>${escapeHtml(t.heading)}</h1>
<p class="badge" role="note">${escapeHtml(t.badge)}</p>
<p>${escapeHtml(t.explanation)}</p>
<h2>${escapeHtml(t.summary)}</h2>
<dl>
<dt>${escapeHtml(t.plan)}</dt><dd>${escapeHtml(d.planName)}</dd>
<dt>${escapeHtml(t.period)}</dt><dd>${escapeHtml(t.periods[d.billingPeriod])}</dd>
<dt>${escapeHtml(t.price)}</dt><dd>${escapeHtml(`${d.price} ${t.per[d.billingPeriod]}`)}</dd>
<dt>${escapeHtml(t.account)}</dt><dd>${escapeHtml(d.email)}</dd>
</dl>
<div class="actions">
<form method="post" action="${escapeHtml(d.payAction)}"><button type="submit" class="pay">${escapeHtml(t.pay)}</button></form>
<form method="post" action="${escapeHtml(d.cancelAction)}"><button type="submit" class="cancel">${escapeHtml(t.cancel)}</button></form>
</div>`,
  );
}

export type CheckoutProblem = "unknown" | "paid" | "canceled" | "expired" | "already_subscribed";

const problems: Record<Locale, Record<CheckoutProblem, { title: string; message: string }>> = {
  en: {
    unknown: { title: "Checkout not found", message: "This checkout link is not valid. Start again from the subscribe page." },
    paid: { title: "Already paid", message: "This checkout has already been paid. Your subscription is active." },
    canceled: { title: "Checkout cancelled", message: "This checkout was cancelled. Start again from the subscribe page to subscribe." },
    expired: { title: "Checkout expired", message: "This checkout link has expired. Start again from the subscribe page." },
    already_subscribed: {
      title: "Already subscribed",
      message: "You already have an active subscription, so this checkout cannot be paid. Nothing was charged.",
    },
  },
  nl: {
    unknown: { title: "Betaling niet gevonden", message: "Deze betaallink is niet geldig. Begin opnieuw op de abonnementspagina." },
    paid: { title: "Al betaald", message: "Deze betaling is al voldaan. Je abonnement is actief." },
    canceled: { title: "Betaling geannuleerd", message: "Deze betaling is geannuleerd. Begin opnieuw op de abonnementspagina om je te abonneren." },
    expired: { title: "Betaallink verlopen", message: "Deze betaallink is verlopen. Begin opnieuw op de abonnementspagina." },
    already_subscribed: {
      title: "Al geabonneerd",
      message: "Je hebt al een actief abonnement, dus deze betaling kan niet worden voldaan. Er is niets afgeschreven.",
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
  const p = problems[locale][problem];
  return page(
    locale,
    `${p.title} — ${text[locale].title}`,
    nonce,
    `<h1>${escapeHtml(p.title)}</h1>
<p>${escapeHtml(p.message)}</p>
<p><a href="${escapeHtml(backUrl)}">${escapeHtml(text[locale].back)}</a></p>`,
  );
}
