import type { Locale } from "./rules";

/** The currencies the agency sells in: the Dutch site sells in euro, the English one in dollars. */
export const CURRENCIES = ["EUR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency each language's site sells in. */
export const SITE_CURRENCY: Record<Locale, Currency> = { nl: "EUR", en: "USD" };
