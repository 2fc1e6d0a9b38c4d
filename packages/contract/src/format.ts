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

/** A calendar month: "March 2027" (en) or "maart 2027" (nl). */
export function formatMonth(value: Date | string | number, locale: Locale): string {
  const date = toDate(value);
  if (!date) return String(value);
  return cached(`month:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { month: "long", year: "numeric", timeZone: TIME_ZONE })).format(date);
}

/** A number with the language's separators: 1,234.5 (en) or 1.234,5 (nl). */
export function formatNumber(value: number, locale: Locale): string {
  return cached(`number:${locale}`, () => new Intl.NumberFormat(INTL_LOCALES[locale])).format(value);
}

/** A moment's calendar date and time of day in the agency's time zone, as numbers (month 1–12, hour 0–23). */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the clock and calendar say in Europe/Amsterdam at `value`: what a calendar month there is counted from. */
export function zonedParts(value: Date | number): ZonedParts {
  const formatter = cached(
    "parts",
    () =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: TIME_ZONE,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
  );
  const parts = Object.fromEntries(formatter.formatToParts(new Date(value)).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The calendar year and month (1–12) in the agency's time zone at `value`: an invoice of New Year's Eve 23:30 UTC is next year's. */
export function agencyYearMonth(value: Date): { year: number; month: number } {
  const { year, month } = zonedParts(value);
  return { year, month };
}
