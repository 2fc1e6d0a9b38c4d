import { describe, expect, it } from "vitest";
import { excerptOf, formatPostDate, postLang, readingTime } from "../blog";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("readingTime", () => {
  it("divides the words (split on spaces) by 200 and rounds up", () => {
    expect(readingTime("one")).toBe(1);
    expect(readingTime(words(200))).toBe(1);
    expect(readingTime(words(201))).toBe(2);
    expect(readingTime(words(1000))).toBe(5);
  });
});

describe("excerptOf", () => {
  it("uses the post's own excerpt when it has one", () => {
    expect(excerptOf({ excerpt: "Short and sweet.", content: words(500) })).toBe("Short and sweet.");
  });

  it("falls back to the first 150 characters of the text, without markup", () => {
    const content = `<p>${"a".repeat(100)}</p>\n<p>${"b".repeat(100)}</p>`;
    const excerpt = excerptOf({ content });
    expect(excerpt).toBe(`${"a".repeat(100)} ${"b".repeat(49)}...`);
    expect(excerpt.length).toBe(153);
  });

  it("falls back to 200 characters for the featured article", () => {
    const excerpt = excerptOf({ excerpt: "", content: "x".repeat(300) }, 200);
    expect(excerpt).toBe(`${"x".repeat(200)}...`);
  });

  it("keeps a short text whole", () => {
    expect(excerptOf({ content: "<p>Hello <strong>world</strong></p>" })).toBe("Hello world");
  });
});

describe("formatPostDate", () => {
  it("writes the long US format on English pages and the Dutch one on Dutch pages", () => {
    expect(formatPostDate("2025-11-05T12:00:00.000Z", "en")).toBe("November 5, 2025");
    expect(formatPostDate("2025-11-05T12:00:00.000Z", "nl")).toBe("5 november 2025");
  });
});

describe("postLang", () => {
  it("marks a post's text only when its language is not the page's", () => {
    expect(postLang({ language: "en" }, "nl")).toBe("en");
    expect(postLang({ language: "en" }, "en")).toBeUndefined();
    expect(postLang({ language: "nl" }, "en")).toBe("nl");
  });
});
