import type { Locale } from "../types";

/** Regional formats per site language: Dutch conventions for nl, and British (day month year, €49.00) for en. */
const INTL_LOCALE: Record<Locale, string> = { nl: "nl-NL", en: "en-GB" };
/** The agency bills from the Netherlands; dates in mails and on the checkout page are Dutch calendar dates. */
const TIME_ZONE = "Europe/Amsterdam";

/** "€ 49,00" (nl) or "€49.00" (en), in the plan's own currency. */
export function formatPrice(locale: Locale, cents: number, currency: string): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency }).format(cents / 100);
}

/** "5 januari 2026" (nl) or "5 January 2026" (en). */
export function formatDate(locale: Locale, date: Date): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: TIME_ZONE }).format(date);
}
