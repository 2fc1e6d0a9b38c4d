import type { Locale } from "@agency/core";

export type PackageId = "starter" | "professional" | "enterprise";

export interface PackageFees {
  startupFee: number;
  monthlyFee: number;
}

export type Currency = "EUR" | "USD";

/** Spec §9: the Dutch site sells in euro, the English one in dollars; the amounts are set per currency, not converted. */
export const CURRENCY: Record<Locale, Currency> = { nl: "EUR", en: "USD" };

export const PACKAGES: { id: PackageId; name: string; recommended: boolean; fees: Record<Locale, PackageFees> }[] = [
  {
    id: "starter",
    name: "Starter",
    recommended: false,
    fees: { nl: { startupFee: 499, monthlyFee: 65 }, en: { startupFee: 599, monthlyFee: 69 } },
  },
  {
    id: "professional",
    name: "Professional",
    recommended: true,
    fees: { nl: { startupFee: 999, monthlyFee: 129 }, en: { startupFee: 1199, monthlyFee: 129 } },
  },
  {
    id: "enterprise",
    name: "Enterprise",
    recommended: false,
    fees: { nl: { startupFee: 1999, monthlyFee: 259 }, en: { startupFee: 2400, monthlyFee: 259 } },
  },
];
