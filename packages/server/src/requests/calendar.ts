import { zonedParts } from "@agency/contract";

/**
 * Calendar months in the site's time zone (Europe/Amsterdam): the period the included minutes are counted in. A
 * month begins at midnight on its first day there, so 00:30 on 1 April in Amsterdam (22:30 UTC on 31 March, in
 * summer time) is April's.
 */
export interface CalendarMonth {
  /** "2027-03" */
  period: string;
  /** The first instant of the month. */
  start: Date;
  /** The first instant of the next month. */
  end: Date;
}

/** The zone's wall-clock time at `instant`, read as if it were UTC: its difference from `instant` is the offset. */
function wallClock(instant: number): number {
  const p = zonedParts(instant);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The instant it is midnight at the start of `month` (1–12, may overflow into the next year) of `year` in the zone. */
function zonedMonthStart(year: number, month: number): Date {
  const naive = Date.UTC(year, month - 1, 1);
  // Twice: the offset at the first guess may differ from the one at the answer (never on a month's first midnight
  // in Europe/Amsterdam, whose clocks change on Sundays at 02:00 and 03:00, but the rule should not depend on it).
  let instant = naive - (wallClock(naive) - naive);
  instant = naive - (wallClock(instant) - instant);
  return new Date(instant);
}

/** The calendar month `at` falls in. */
export function calendarMonth(at: Date = new Date()): CalendarMonth {
  const wall = new Date(wallClock(at.getTime()));
  return monthOf(wall.getUTCFullYear(), wall.getUTCMonth() + 1);
}

/** The month named "2027-03", or null for a name that is none. */
export function monthNamed(period: string): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? monthOf(Number(match[1]), month) : null;
}

/** The month before `month`. */
export function previousMonth(month: CalendarMonth): CalendarMonth {
  return calendarMonth(new Date(month.start.getTime() - 1));
}

function monthOf(year: number, month: number): CalendarMonth {
  return { period: `${year}-${String(month).padStart(2, "0")}`, start: zonedMonthStart(year, month), end: zonedMonthStart(year, month + 1) };
}
