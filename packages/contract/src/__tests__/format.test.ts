import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatNumber } from "../format";
import { formatTimeAgo } from "../time-ago";

// Intl separates some parts of a date and time with a no-break space; tests compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the formatter for dates and numbers", () => {
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
