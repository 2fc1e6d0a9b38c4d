import type { Locale } from "@agency/contract";
import { INTL_LOCALES } from "@agency/contract";
import type { BillingDetails } from "./local/billing-repository";

/**
 * The billing address the test provider's pages ask for: a country from this list (the Netherlands first, then the
 * countries the agency's customers come from) and, for a business, a VAT number. The country decides the VAT on the
 * test invoices (payments/local/invoices.ts).
 */
export const BILLING_COUNTRIES = ["NL", "BE", "DE", "FR", "LU", "AT", "ES", "IT", "IE", "GB", "US", "CA", "AU", "JP"] as const;
export const DEFAULT_BILLING_COUNTRY = "NL";

/**
 * A European VAT number: the country prefix (Greece's is EL, Northern Ireland's XI), then 2 to 13 letters and
 * digits, at least one a digit (NL123456789B01). Whether it is registered, only the tax authorities can say.
 */
const VAT_NUMBER = /^(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI|GB|CH|NO)(?=[A-Z]*\d)[0-9A-Z]{2,13}$/;

export type ParsedBillingDetails = { ok: true; details: BillingDetails } | { ok: false; field: "country" | "vat_number"; details: BillingDetails };

/** The fields `country` and `vat_number` of a posted form. Spaces and dots in a VAT number are dropped. */
export function parseBillingDetails(form: Record<string, unknown> | undefined, fallback: BillingDetails | null): ParsedBillingDetails {
  const country = typeof form?.country === "string" ? form.country : (fallback?.country ?? DEFAULT_BILLING_COUNTRY);
  const rawVat = typeof form?.vat_number === "string" ? form.vat_number : (fallback?.vatNumber ?? "");
  const vatNumber = rawVat.replace(/[\s.]/g, "").toUpperCase();
  const details = { country, vatNumber: vatNumber || null };
  if (!(BILLING_COUNTRIES as readonly string[]).includes(country)) return { ok: false, field: "country", details: { ...details, country: DEFAULT_BILLING_COUNTRY } };
  if (vatNumber && !VAT_NUMBER.test(vatNumber)) return { ok: false, field: "vat_number", details };
  return { ok: true, details };
}

/** The countries as options of a select, named in `locale`, in list order. */
export function countryOptions(locale: Locale): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: "region" });
  return BILLING_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code }));
}
