import { extraMinutes, extraTimeCents, includedMinutesFor, type Allowance, type ExtraTime } from "@agency/contract";
import type { Db } from "../db/db";
import { lockCompany } from "../teams/repository";
import { calendarMonth, monthNamed, previousMonth, type CalendarMonth } from "./calendar";
import type { Entitlement } from "./entitlement";
import { agreedMinutes, insertAgreement, uninvoicedExtraTime, usedMinutes, type ExtraTimeRow } from "./minutes-repository";

/**
 * The minutes a company's monthly fee includes, what it used, and the extra time past them: shown to the customer,
 * agreed to by the owner or a billing member, and then invoiced with the next monthly invoice (billableOverage).
 * The included minutes of a month follow the company's package as it is now.
 */

/** The currency of the hourly rate (REQUESTS_HOURLY_RATE_CENTS) and of the extra time's invoice lines. */
export const EXTRA_TIME_CURRENCY = "EUR";

export interface MinutesContext {
  hourlyRateCents: number;
  now?: Date;
}

export async function allowanceOf(db: Db, companyId: string, entitlement: Entitlement, ctx: MinutesContext): Promise<Allowance> {
  const month = calendarMonth(ctx.now);
  return {
    includedMinutes: includedMinutesFor(entitlement.package),
    usedMinutes: await usedMinutes(db, companyId, month),
    periodStart: month.start.toISOString(),
    periodEnd: month.end.toISOString(),
    period: month.period,
    hourlyRateCents: ctx.hourlyRateCents,
    currency: EXTRA_TIME_CURRENCY,
  };
}

/** The months whose extra time can be agreed to in the portal: this one, and the one before (time logged on its last day). */
export function agreeableMonths(now: Date = new Date()): CalendarMonth[] {
  const current = calendarMonth(now);
  return [current, previousMonth(current)];
}

/** This month and the one before, each when it has extra time or an agreement. */
export async function extraTimeOf(db: Db, companyId: string, entitlement: Entitlement, ctx: MinutesContext): Promise<ExtraTime[]> {
  const months = agreeableMonths(ctx.now);
  const agreed = await agreedMinutes(db, companyId, months.map((m) => m.period));
  const included = includedMinutesFor(entitlement.package);
  const result: ExtraTime[] = [];
  for (const month of months) {
    const extra = extraMinutes(await usedMinutes(db, companyId, month), included);
    const done = agreed.get(month.period) ?? { agreed: 0, invoiced: 0 };
    if (extra === 0 && done.agreed === 0) continue;
    result.push({
      period: month.period,
      periodStart: month.start.toISOString(),
      extraMinutes: extra,
      agreedMinutes: done.agreed,
      invoicedMinutes: done.invoiced,
    });
  }
  return result;
}

export type AgreeOutcome = "agreed" | "already" | "changed" | "closed";

/**
 * The customer agrees to have `minutes` of a month's extra time invoiced in all (the figure they were shown). Under
 * the company's lock: more than the month's extra time now is refused (`changed`: the figure moved since they looked);
 * what was agreed before is not agreed twice (`already`); the rest is recorded at today's rate.
 */
export async function agreeExtraTime(
  tx: Db,
  agreement: { companyId: string; period: string; minutes: number; entitlement: Entitlement; user: { id: string; name: string } } & MinutesContext,
): Promise<AgreeOutcome> {
  const month = monthNamed(agreement.period);
  if (!month || !agreeableMonths(agreement.now).some((m) => m.period === month.period)) return "closed";
  await lockCompany(tx, agreement.companyId);
  const extra = extraMinutes(await usedMinutes(tx, agreement.companyId, month), includedMinutesFor(agreement.entitlement.package));
  if (agreement.minutes > extra) return "changed";
  const before = (await agreedMinutes(tx, agreement.companyId, [month.period])).get(month.period)?.agreed ?? 0;
  if (agreement.minutes <= before) return "already";
  await insertAgreement(tx, {
    companyId: agreement.companyId,
    month,
    minutes: agreement.minutes - before,
    hourlyRateCents: agreement.hourlyRateCents,
    currency: EXTRA_TIME_CURRENCY,
    userId: agreement.user.id,
    userName: agreement.user.name,
  });
  return "agreed";
}

/** One line of extra time for an invoice: a month's agreed minutes at one rate. */
export interface OverageLine {
  period: string;
  periodStart: Date;
  periodEnd: Date;
  minutes: number;
  hourlyRateCents: number;
  currency: string;
  amountCents: number;
  /** The agreements it is made of: mark them invoiced (markExtraTimeInvoiced) with the invoice that takes the line. */
  agreementIds: number[];
}

/**
 * What the company's next monthly invoice must add: the extra time it agreed to before `at` that no invoice has taken,
 * one line per month and rate. Pass a transaction and `lock` when the invoice is written in it, so no other invoice
 * takes the same agreements.
 */
export async function billableOverage(db: Db, companyId: string, at: Date = new Date(), options: { lock?: boolean } = {}): Promise<OverageLine[]> {
  const lines = new Map<string, OverageLine>();
  for (const row of await uninvoicedExtraTime(db, companyId, at, options)) {
    const key = `${row.period}:${row.hourly_rate_cents}:${row.currency}`;
    const line = lines.get(key) ?? newLine(row);
    line.minutes += row.minutes;
    line.agreementIds.push(row.id);
    line.amountCents = extraTimeCents(line.minutes, line.hourlyRateCents);
    lines.set(key, line);
  }
  return [...lines.values()];
}

function newLine(row: ExtraTimeRow): OverageLine {
  const month = monthNamed(row.period)!;
  return { period: row.period, periodStart: month.start, periodEnd: month.end, minutes: 0, hourlyRateCents: row.hourly_rate_cents, currency: row.currency, amountCents: 0, agreementIds: [] };
}
