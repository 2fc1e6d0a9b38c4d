import { randomBytes } from "node:crypto";
import type { Locale } from "@agency/contract";
import { countryOptions } from "../billing-details";
import type { BillingDetails } from "./billing-repository";

/**
 * What the local test provider's pages share (checkout, billing portal): the layout, the styles, the escaping and
 * their Content-Security-Policy. Plain HTML forms and no script at all, so they work under a strict CSP and without
 * JavaScript; the CSS sits in one nonce'd style element.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * CSP of these pages. `form-action` must list the origins the POSTs redirect to as well: browsers apply it to the
 * redirect after a form submission, and the way back may be on a partner origin from ALLOWED_ORIGINS.
 * `frame-ancestors 'none'` keeps the buttons out of other sites' frames (clickjacking).
 */
export function testPageCsp(nonce: string, redirectOrigins: string[] = []): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action 'self' ${[...new Set(redirectOrigins)].join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

// Colours meet WCAG AA contrast: #1e40af on white 8.6:1, white on #1d4ed8 6.7:1, #713f12 on #fef3c7 8.2:1,
// #991b1b on #fee2e2 6.8:1, #374151 on white 10.3:1.
const CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#111827;background:#f3f4f6}
main{max-width:40rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.badge{display:block;margin:0 0 1rem;padding:.75rem 1rem;border:2px solid #b45309;border-radius:.5rem;background:#fef3c7;color:#713f12;font-weight:700}
.error{margin:1rem 0;padding:.75rem 1rem;border-radius:.5rem;background:#fee2e2;color:#991b1b;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.5rem;margin:0}
dt{font-weight:600;color:#374151}
dd{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem;align-items:center}
form{margin:0}
fieldset{margin:1.5rem 0 0;padding:1rem;border:1px solid #d1d5db;border-radius:.5rem}
legend{font-weight:600;padding:0 .25rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
.hint{display:block;font-weight:400;color:#374151;font-size:.9rem}
select,input{width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:#111827}
label.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.5rem 0}
label.choice input{width:1.25rem;min-height:1.25rem;margin:0}
.bank{border:3px dashed #b45309;border-radius:.5rem;padding:1rem}
button{min-height:2.75rem;min-width:8rem;padding:.6rem 1.4rem;font:inherit;font-weight:600;border-radius:.5rem;cursor:pointer}
.pay{background:#1d4ed8;color:#fff;border:2px solid #1d4ed8}
.pay:hover{background:#1e3a8a;border-color:#1e3a8a}
.cancel{background:#fff;color:#1f2937;border:2px solid #6b7280}
.cancel:hover{background:#f3f4f6}
button:focus-visible,a:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1e40af}
table{width:100%;border-collapse:collapse;margin-top:.5rem}
th,td{text-align:left;padding:.5rem .25rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}
@media (max-width:30rem){main{margin:0;padding:1.25rem 1rem;border-radius:0}dl{grid-template-columns:1fr;gap:.125rem}dd{margin-bottom:.5rem}}
`;

export function testPage(locale: Locale, title: string, nonce: string, body: string): string {
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

export interface BillingFieldTexts {
  legend: string;
  country: string;
  vatNumber: string;
  vatHint: string;
}

/** The billing address fields of a form: country and an optional VAT number, with the error's field marked. */
export function billingFields(locale: Locale, details: BillingDetails, texts: BillingFieldTexts, invalid: "country" | "vat_number" | null): string {
  const options = countryOptions(locale)
    .map(({ code, name }) => `<option value="${code}"${code === details.country ? " selected" : ""}>${escapeHtml(name)}</option>`)
    .join("");
  const vatInvalid = invalid === "vat_number" ? ' aria-invalid="true" aria-describedby="vat-hint"' : ' aria-describedby="vat-hint"';
  return `<fieldset>
<legend>${escapeHtml(texts.legend)}</legend>
<label for="country">${escapeHtml(texts.country)}</label>
<select id="country" name="country" autocomplete="country"${invalid === "country" ? ' aria-invalid="true"' : ""}>${options}</select>
<label for="vat-number">${escapeHtml(texts.vatNumber)}</label>
<span class="hint" id="vat-hint">${escapeHtml(texts.vatHint)}</span>
<input id="vat-number" name="vat_number" autocomplete="off" maxlength="20" value="${escapeHtml(details.vatNumber ?? "")}"${vatInvalid}>
</fieldset>`;
}
