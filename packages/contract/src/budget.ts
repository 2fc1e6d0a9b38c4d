import type { Currency } from "./currency";
import type { BudgetRange } from "./values";

/** An amount of money between `min` and `max`; without `max` it has no upper end ("€ 3.200+"). */
export interface MoneyRange {
  min: number;
  max?: number;
}

/**
 * What each budget range of the quote form means in each currency. The value sent is the same on both sites;
 * the amounts shown are euro on the Dutch site and dollars on the English one.
 */
export const BUDGET_AMOUNTS: Record<BudgetRange, Record<Currency, MoneyRange>> = {
  "500-1000": { EUR: { min: 400, max: 800 }, USD: { min: 500, max: 1000 } },
  "1000-2000": { EUR: { min: 800, max: 1600 }, USD: { min: 1000, max: 2000 } },
  "2000-3000": { EUR: { min: 1600, max: 2400 }, USD: { min: 2000, max: 3000 } },
  "3000-4000": { EUR: { min: 2400, max: 3200 }, USD: { min: 3000, max: 4000 } },
  "4000+": { EUR: { min: 3200 }, USD: { min: 4000 } },
};
