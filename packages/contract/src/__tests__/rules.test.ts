import { describe, expect, it } from "vitest";
import {
  BASE_PATH_PATTERN,
  EMAIL_PATTERN,
  apiBaseFrom,
  basePathFrom,
  grantsAccess,
  owesPayment,
  isEmail,
  isEnglishPath,
  isPhone,
  localeFromAcceptLanguage,
  localeFromPath,
  localizedPath,
  stripBase,
  unlocalizedPath,
} from "../rules";

describe("the base path rule", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["/contact", "/"],
    ["/preview", "/"],
    ["/preview/", "/"],
    ["/preview/a", "/"],
    ["/preview/a/", "/"],
    ["/preview//b", "/"],
    ["/preview/a/b", "/preview/a/b/"],
    ["/preview/a/b/", "/preview/a/b/"],
    ["/preview/a/b/en/contact", "/preview/a/b/"],
    ["/preview/feature-x/3f2a/dashboard/settings", "/preview/feature-x/3f2a/"],
    ["/en/preview/a/b", "/"],
    ["/previews/a/b/c", "/"],
  ])("%s -> %s", (pathname, base) => {
    expect(basePathFrom(pathname)).toBe(base);
  });

  it("derives the API base from the base path", () => {
    expect(apiBaseFrom("/")).toBe("/api");
    expect(apiBaseFrom("/preview/a/b/")).toBe("/preview/a/b/api");
    expect(apiBaseFrom("/preview/a/b")).toBe("/preview/a/b/api");
  });

  it("strips the base from a path", () => {
    expect(stripBase("/preview/a/b/en/contact")).toBe("/en/contact");
    expect(stripBase("/preview/a/b/")).toBe("/");
    expect(stripBase("/preview/a/b")).toBe("/");
    expect(stripBase("/en")).toBe("/en");
  });

  it("reads the language from the /en prefix after the base", () => {
    expect(localeFromPath("/")).toBe("nl");
    expect(localeFromPath("/en")).toBe("en");
    expect(localeFromPath("/en/pricing")).toBe("en");
    expect(localeFromPath("/english")).toBe("nl");
    expect(localeFromPath("/preview/a/b/en/contact")).toBe("en");
    expect(localeFromPath("/preview/a/b/contact")).toBe("nl");
  });
});

describe("the /en prefix rule", () => {
  it.each([
    ["/", "/en"],
    ["/contact", "/en/contact"],
    ["/en/contact", "/en/contact"],
    ["/en", "/en"],
  ])("localizedPath(%s, en) -> %s", (path, english) => {
    expect(localizedPath(path, "en")).toBe(english);
    expect(localizedPath(english, "nl")).toBe(unlocalizedPath(path));
  });

  it("recognises /en and /en/… only", () => {
    expect(isEnglishPath("/en")).toBe(true);
    expect(isEnglishPath("/en/pricing")).toBe(true);
    expect(isEnglishPath("/english")).toBe(false);
    expect(isEnglishPath("/contact/en")).toBe(false);
    expect(unlocalizedPath("/en/")).toBe("/");
    expect(unlocalizedPath("/english")).toBe("/english");
  });

  it("matches the forgot-password body's basePath pattern to the base path rule", () => {
    const pattern = new RegExp(BASE_PATH_PATTERN);
    for (const path of ["/", "/preview/a/b/", "/preview/feature-x/3f2a/"]) {
      expect(pattern.test(path), path).toBe(true);
      expect(basePathFrom(`${path}login`)).toBe(path);
    }
    for (const path of ["", "/preview/a/", "/preview/a/b", "//evil.example/", "/elsewhere/"]) expect(pattern.test(path), path).toBe(false);
  });
});

describe("Accept-Language", () => {
  it.each([
    ["nl-NL,nl;q=0.9,en;q=0.8", "nl"],
    ["en-US,en;q=0.9", "en"],
    ["de-DE,de;q=0.9,en;q=0.5", "en"],
    ["fr", null],
    ["", null],
    [undefined, null],
  ])("%s -> %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe("e-mail and phone", () => {
  it.each(["ann@example.com", "Ann.Smith+work@mail.example.co.uk", "o'brien@example.ie"])("accepts %s", (address) => {
    expect(isEmail(address)).toBe(true);
  });

  it.each(["", "ann", "ann@", "@example.com", "ann@example", "ann @example.com", "ann@exa mple.com", `${"a".repeat(250)}@example.com`])(
    "refuses %j",
    (address) => {
      expect(isEmail(address)).toBe(false);
    },
  );

  it("is the pattern the server's schema uses", () => {
    expect(new RegExp(EMAIL_PATTERN).test("ann@example.com")).toBe(true);
  });

  it("accepts phone numbers as people type them", () => {
    for (const phone of ["06 12345678", "+31 (0)6-1234.5678", "020/1234567"]) expect(isPhone(phone), phone).toBe(true);
    for (const phone of ["123", "call me", "06 1234 5678 ext. 12", "1".repeat(41)]) expect(isPhone(phone), phone).toBe(false);
  });
});

describe("subscription statuses", () => {
  it("grants access for active and trialing only", () => {
    expect(grantsAccess("active")).toBe(true);
    expect(grantsAccess("trialing")).toBe(true);
    for (const status of ["past_due", "unpaid", "paused", "incomplete", "incomplete_expired", "canceled", "", null, undefined]) {
      expect(grantsAccess(status), String(status)).toBe(false);
    }
  });

  it("owes a payment while live without access: past due, unpaid, paused", () => {
    for (const status of ["past_due", "unpaid", "paused"]) expect(owesPayment(status), status).toBe(true);
    for (const status of ["active", "trialing", "incomplete", "incomplete_expired", "canceled", null]) expect(owesPayment(status), String(status)).toBe(false);
  });
});
