import type { MoneyRange } from "./budget";
import { INTL_LOCALES, type Locale } from "./rules";

/**
 * The one formatter for money, used by the elements, the site and the mails, apart from the one for dates and
 * numbers (format.ts) so an element that shows prices does not load how dates are written.
 */

export interface MoneyOptions {
  /** Always two decimals ("€49.00"). Otherwise whole amounts have none ("€49") and others two ("€39.17"). */
  cents?: boolean;
}

/**
 * The symbols of the currencies the agency sells in, per language, as Intl (CLDR) writes them. These two are written
 * without Intl: the first Intl formatter a page makes costs it tens of milliseconds of main thread (the browser
 * loads its locale data), and prices and budgets are on screen as public pages load. Any other currency (an invoice
 * from the payment provider, say) goes through Intl, rarely enough to need no cache.
 */
const SYMBOLS: Record<Locale, Partial<Record<string, string>>> = { nl: { EUR: "€", USD: "US$" }, en: { EUR: "€", USD: "$" } };

/** An amount in a currency (ISO 4217): "€49" / "€ 49" for whole amounts, "€39.17" / "€ 39,17" otherwise. */
export function formatMoney(amount: number, currency: string, locale: Locale, { cents = false }: MoneyOptions = {}): string {
  const digits = cents || !Number.isInteger(amount) ? 2 : 0;
  const symbol = SYMBOLS[locale][currency.toUpperCase()];
  // Rounded half away from zero on the amount as JavaScript writes it (99999.995 gives 100,000.00), as Intl rounds.
  // An amount JavaScript writes with an exponent gives NaN here, and goes through Intl.
  const units = Math.round(Number(`${Math.abs(amount)}e${digits}`));
  if (symbol && Number.isSafeInteger(units)) {
    const dutch = locale === "nl";
    // "1234.50" to "1.234,50" (nl) or "1,234.50" (en); the fraction has two digits at most, so no group.
    const number = (units / 10 ** digits)
      .toFixed(digits)
      .replace(".", dutch ? "," : ".")
      .replace(/\B(?=(\d{3})+(?!\d))/g, dutch ? "." : ",");
    const minus = amount < 0 ? "-" : "";
    // "€ -1.234,50" with a no-break space in Dutch, "-€1,234.50" in English.
    return dutch ? `${symbol}\u00a0${minus}${number}` : `${minus}${symbol}${number}`;
  }
  const options = { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
  return new Intl.NumberFormat(INTL_LOCALES[locale], options).format(amount);
}

/** A range of amounts: "$500 - $1,000", "€ 400 - € 800", or "$4,000+" when it has no upper end. */
export function formatMoneyRange({ min, max }: MoneyRange, currency: string, locale: Locale): string {
  const from = formatMoney(min, currency, locale);
  return max === undefined ? `${from}+` : `${from} - ${formatMoney(max, currency, locale)}`;
}
