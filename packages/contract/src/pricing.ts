import type { Locale } from "./rules";
import type { BudgetRange } from "./values";

/**
 * What the agency sells and for how much, in the currency of each site: the Dutch site sells in euro, the English
 * one in dollars. Amounts are set per currency, never converted.
 */

export const CURRENCIES = ["EUR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency each language's site sells in. */
export const SITE_CURRENCY: Record<Locale, Currency> = { nl: "EUR", en: "USD" };

export const PACKAGE_IDS = ["starter", "professional", "enterprise"] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

/** A package's price: a one-time startup fee plus a monthly maintenance fee, in whole units of the currency. */
export interface PackageFees {
  startupFee: number;
  monthlyFee: number;
}

export interface Package {
  id: PackageId;
  /** The package's name, the same in every language. */
  name: string;
  /** The one package the site recommends and highlights. */
  recommended: boolean;
  fees: Record<Currency, PackageFees>;
}

/** The three packages, in the order the site shows them. */
export const PACKAGES: readonly Package[] = [
  {
    id: "starter",
    name: "Starter",
    recommended: false,
    fees: { EUR: { startupFee: 499, monthlyFee: 65 }, USD: { startupFee: 599, monthlyFee: 69 } },
  },
  {
    id: "professional",
    name: "Professional",
    recommended: true,
    fees: { EUR: { startupFee: 999, monthlyFee: 129 }, USD: { startupFee: 1199, monthlyFee: 129 } },
  },
  {
    id: "enterprise",
    name: "Enterprise",
    recommended: false,
    fees: { EUR: { startupFee: 1999, monthlyFee: 259 }, USD: { startupFee: 2400, monthlyFee: 259 } },
  },
];

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
