import { cached, formatDate, toDate } from "./format";
import { INTL_LOCALES, type Locale } from "./rules";

/*
 * Part of the one formatter (format.ts), in a module of its own: only the list of signed-in devices needs it, and it
 * loads after the settings element's first screen.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago something happened, roughly, as people say it: "now" / "nu" within a minute, then
 * "5 minutes ago" / "5 minuten geleden", hours and days; after a week the date itself ("March 5, 2027").
 */
export function formatTimeAgo(value: Date | string | number, locale: Locale, now: Date | number = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const elapsed = Math.max(0, Number(now) - date.getTime());
  if (elapsed >= 7 * DAY) return formatDate(date, locale);
  const relative = cached(`relative:${locale}`, () => new Intl.RelativeTimeFormat(INTL_LOCALES[locale], { numeric: "auto" }));
  if (elapsed < MINUTE) return relative.format(0, "second");
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  return relative.format(-Math.floor(elapsed / DAY), "day");
}
