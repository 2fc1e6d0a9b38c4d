import type { BillingPeriod } from "@agency/contract";

const MONTHS: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The end of the `n`-th period counted from `anchor` (n = 1 is the first period's end). Counting from the anchor
 * instead of adding a month to the previous end keeps the day of month: Jan 31 → Feb 28 → Mar 31, not Mar 28.
 * Calendar arithmetic is in UTC, so a renewal never shifts by an hour around daylight-saving changes.
 */
export function periodEnd(anchor: Date, n: number, period: BillingPeriod): Date {
  const months = anchor.getUTCMonth() + n * MONTHS[period];
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

/**
 * The period that contains `now` for a subscription billed from `anchor`: used by renewals, which may run late
 * (server down for a while) and must land in the current period rather than step through missed ones.
 */
export function periodContaining(anchor: Date, now: Date, period: BillingPeriod): { start: Date; end: Date } {
  // A rough jump first (one period short, so never past `now`), then step to the exact period.
  const elapsedMonths = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  let n = Math.max(1, Math.floor(elapsedMonths / MONTHS[period]) - 1);
  while (periodEnd(anchor, n, period) <= now) n++;
  return { start: n === 1 ? anchor : periodEnd(anchor, n - 1, period), end: periodEnd(anchor, n, period) };
}
