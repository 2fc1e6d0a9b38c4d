import { describe, expect, it } from "vitest";
import { BUDGET_AMOUNTS } from "../budget";
import { SITE_CURRENCY } from "../currency";
import { formatMoney, formatMoneyRange } from "../money";
import { INTL_LOCALES } from "../rules";
import { BUDGET_RANGES } from "../values";

// Intl separates some currency amounts with a no-break space; tests compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the money formatter", () => {
  it("writes money in the plan's currency with the language's conventions", () => {
    expect(plain(formatMoney(49, "EUR", "nl"))).toBe("€ 49");
    expect(formatMoney(49, "EUR", "en")).toBe("€49");
    expect(plain(formatMoney(39, "EUR", "nl", { cents: true }))).toBe("€ 39,00");
    expect(formatMoney(39.17, "EUR", "en")).toBe("€39.17");
    expect(formatMoney(1199, "USD", "en")).toBe("$1,199");
    expect(plain(formatMoney(1999, "EUR", "nl"))).toBe("€ 1.999");
  });

  it("writes euro and dollar amounts, which it writes without Intl, exactly as Intl does, in both languages", () => {
    const amounts = [0, 0.5, 1, 5, 9.99, 39.17, 49, 65, 499, 999, 1000, 1199, 1234.5, 1500, 12_345.678, 99_999.995, 1_234_567, -49, -1234.56, -0.001, 1.005, 0.125, 2.675, 1e-7, 1e21];
    for (const locale of ["nl", "en"] as const) {
      for (const currency of ["EUR", "USD", "eur", "usd"]) {
        for (const amount of amounts) {
          for (const cents of [false, true]) {
            const digits = cents || !Number.isInteger(amount) ? 2 : 0;
            const intl = new Intl.NumberFormat(INTL_LOCALES[locale], { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
            expect(formatMoney(amount, currency, locale, { cents }), `${amount} ${currency} ${locale} cents ${cents}`).toBe(intl.format(amount));
          }
        }
      }
    }
  });

  it("writes any other currency through Intl", () => {
    expect(formatMoney(1234.5, "GBP", "en")).toBe("£1,234.50");
    expect(plain(formatMoney(1234.5, "GBP", "nl"))).toBe("£ 1.234,50");
  });

  it("writes a budget range in the site's currency: euro on the Dutch site, dollars on the English one", () => {
    const labels = (locale: "nl" | "en") =>
      BUDGET_RANGES.map((range) => plain(formatMoneyRange(BUDGET_AMOUNTS[range][SITE_CURRENCY[locale]], SITE_CURRENCY[locale], locale)));
    expect(labels("nl")).toEqual(["€ 400 - € 800", "€ 800 - € 1.600", "€ 1.600 - € 2.400", "€ 2.400 - € 3.200", "€ 3.200+"]);
    expect(labels("en")).toEqual(["$500 - $1,000", "$1,000 - $2,000", "$2,000 - $3,000", "$3,000 - $4,000", "$4,000+"]);
  });
});
