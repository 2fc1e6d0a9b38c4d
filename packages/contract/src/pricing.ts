import type { Currency } from "./currency";

/**
 * What the agency sells and for how much, in the currency of each site: the Dutch site sells in euro, the English
 * one in dollars. Amounts are set per currency, never converted.
 */

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
// Dollars on English pages as the specification has it; the plan is euro on both (docs/decisions/0016-packages-in-dollars-on-english-pages.md).
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
