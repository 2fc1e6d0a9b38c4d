import { INTL_LOCALES, TIME_ZONE, type Locale } from "./rules";

/**
 * The one formatter for dates and numbers (money has its own, money.ts), used by the elements, the site and the
 * mails, so a date reads the same everywhere in one language: "March 5, 2027" in English, "5 maart 2027" in Dutch.
 * Dates are calendar dates in the agency's time zone (Europe/Amsterdam), whatever the reader's clock says.
 */

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;
const formatters = new Map<string, Formatter>();

/** One formatter per kind and language, made on first use. */
export function cached<T extends Formatter>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date in long form: "March 5, 2027" (en) or "5 maart 2027" (nl). A string that is no date is returned as it
 * is, so a surprising value from elsewhere still shows instead of "Invalid Date".
 */
// Departs from the specification's US dates on every page (docs/decisions/0015-dutch-dates-on-dutch-pages.md).
export function formatDate(value: Date | string | number, locale: Locale): string {
  const date = toDate(value);
  if (!date) return String(value);
  const formatter = cached(`date:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: "long", timeZone: TIME_ZONE }));
  return formatter.format(date);
}

/** A moment with its time of day: "March 5, 2027 at 9:30 AM" (en) or "5 maart 2027 om 09:30" (nl). */
export function formatDateTime(value: Date | string | number, locale: Locale): string {
  const date = toDate(value);
  if (!date) return String(value);
  const formatter = cached(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: "long", timeStyle: "short", timeZone: TIME_ZONE }),
  );
  return formatter.format(date);
}

/** A number with the language's separators: 1,234.5 (en) or 1.234,5 (nl). */
export function formatNumber(value: number, locale: Locale): string {
  return cached(`number:${locale}`, () => new Intl.NumberFormat(INTL_LOCALES[locale])).format(value);
}
