import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatMoneyRange, formatNumber } from "../format";
import { BUDGET_AMOUNTS } from "../budget";
import { SITE_CURRENCY } from "../currency";
import { formatTimeAgo } from "../time-ago";
import { BUDGET_RANGES } from "../values";

// Intl separates some currency amounts with a no-break space; tests compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the one formatter", () => {
  it("writes dates the same way everywhere in one language", () => {
    expect(formatDate("2027-03-05T10:00:00Z", "en")).toBe("March 5, 2027");
    expect(formatDate("2027-03-05T10:00:00Z", "nl")).toBe("5 maart 2027");
    expect(formatDate(new Date("2025-11-05T12:00:00Z"), "en")).toBe("November 5, 2025");
  });

  it("uses the agency's calendar (Europe/Amsterdam), not the reader's clock", () => {
    // 23:30 UTC on March 4 is already March 5 in Amsterdam.
    expect(formatDate("2027-03-04T23:30:00Z", "en")).toBe("March 5, 2027");
    expect(plain(formatDateTime("2027-03-04T23:30:00Z", "nl"))).toBe("5 maart 2027 om 00:30");
  });

  it("shows a value that is not a date as it is", () => {
    expect(formatDate("soon", "en")).toBe("soon");
  });

  it("writes money in the plan's currency with the language's conventions", () => {
    expect(plain(formatMoney(49, "EUR", "nl"))).toBe("€ 49");
    expect(formatMoney(49, "EUR", "en")).toBe("€49");
    expect(plain(formatMoney(39, "EUR", "nl", { cents: true }))).toBe("€ 39,00");
    expect(formatMoney(39.17, "EUR", "en")).toBe("€39.17");
    expect(formatMoney(1199, "USD", "en")).toBe("$1,199");
    expect(plain(formatMoney(1999, "EUR", "nl"))).toBe("€ 1.999");
  });

  it("writes a budget range in the site's currency: euro on the Dutch site, dollars on the English one", () => {
    const labels = (locale: "nl" | "en") =>
      BUDGET_RANGES.map((range) => plain(formatMoneyRange(BUDGET_AMOUNTS[range][SITE_CURRENCY[locale]], SITE_CURRENCY[locale], locale)));
    expect(labels("nl")).toEqual(["€ 400 - € 800", "€ 800 - € 1.600", "€ 1.600 - € 2.400", "€ 2.400 - € 3.200", "€ 3.200+"]);
    expect(labels("en")).toEqual(["$500 - $1,000", "$1,000 - $2,000", "$2,000 - $3,000", "$3,000 - $4,000", "$4,000+"]);
  });

  it("writes numbers with the language's separators", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "nl")).toBe("1.234,5");
  });

  it("says roughly how long ago something happened, and the date after a week", () => {
    const now = new Date("2027-03-12T12:00:00Z");
    const ago = (ms: number, locale: "nl" | "en") => formatTimeAgo(now.getTime() - ms, locale, now);
    expect([ago(20_000, "en"), ago(20_000, "nl")]).toEqual(["now", "nu"]);
    expect([ago(5 * 60_000, "en"), ago(5 * 60_000, "nl")]).toEqual(["5 minutes ago", "5 minuten geleden"]);
    expect([ago(3 * 3_600_000, "en"), ago(3 * 3_600_000, "nl")]).toEqual(["3 hours ago", "3 uur geleden"]);
    expect([ago(86_400_000, "en"), ago(86_400_000, "nl")]).toEqual(["yesterday", "gisteren"]);
    expect([ago(3 * 86_400_000, "en"), ago(3 * 86_400_000, "nl")]).toEqual(["3 days ago", "3 dagen geleden"]);
    expect([ago(9 * 86_400_000, "en"), ago(9 * 86_400_000, "nl")]).toEqual(["March 3, 2027", "3 maart 2027"]);
  });
});
