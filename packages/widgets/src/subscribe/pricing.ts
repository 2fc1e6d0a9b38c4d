import type { Plan } from "@agency/contract";

/** The yearly saving, in percent of twelve monthly payments, rounded. 0 when there is none. */
export function savingPercent(plan: Pick<Plan, "price_monthly" | "price_yearly">): number {
  const twelveMonths = 12 * plan.price_monthly;
  if (twelveMonths <= 0) return 0;
  return Math.round(((twelveMonths - plan.price_yearly) / twelveMonths) * 100);
}

/** What a year costs less than twelve monthly payments. */
export function yearlySaving(plan: Pick<Plan, "price_monthly" | "price_yearly">): number {
  return 12 * plan.price_monthly - plan.price_yearly;
}

/** The yearly price per month: yearly / 12, to two decimals. */
export function monthlyEquivalent(priceYearly: number): number {
  return Math.round((priceYearly / 12) * 100) / 100;
}
