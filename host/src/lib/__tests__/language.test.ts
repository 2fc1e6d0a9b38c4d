import { describe, expect, it } from "vitest";
import {
  adoptLinkLanguage,
  hasEnglishVersion,
  isEnglishChosen,
  keepLanguageCookie,
  isLanguageToggleFresh,
  LANGUAGE_TOGGLE_KEY,
  localeForPath,
  markLanguageToggle,
  preferredLanguage,
  rememberLanguage,
} from "../language";

describe("language toggle marker", () => {
  it("is fresh for 5000 ms after the toggle was used, then stale", () => {
    markLanguageToggle(10_000);
    expect(sessionStorage.getItem(LANGUAGE_TOGGLE_KEY)).toBe("10000");
    expect(isLanguageToggleFresh(10_000)).toBe(true);
    expect(isLanguageToggleFresh(14_999)).toBe(true);
    expect(isLanguageToggleFresh(15_000)).toBe(false);
  });

  it("is stale when it was never set or holds nonsense", () => {
    expect(isLanguageToggleFresh()).toBe(false);
    sessionStorage.setItem(LANGUAGE_TOGGLE_KEY, "soon");
    expect(isLanguageToggleFresh()).toBe(false);
  });
});

describe("page language", () => {
  it("is English under /en and Dutch on the other bilingual pages", () => {
    rememberLanguage("en");
    expect(localeForPath("/en")).toBe("en");
    expect(localeForPath("/en/pricing")).toBe("en");
    expect(localeForPath("/")).toBe("nl");
    expect(localeForPath("/pricing")).toBe("nl");
    expect(localeForPath("/terms")).toBe("nl");
  });

  it("shows the desk in Dutch at /desk and in English at /en/desk, whatever was remembered", () => {
    rememberLanguage("en");
    expect(localeForPath("/desk")).toBe("nl");
    expect(localeForPath("/desk/leads/3")).toBe("nl");
    expect(localeForPath("/en/desk")).toBe("en");
    expect(localeForPath("/en/desk/customers")).toBe("en");
  });

  it("follows the remembered choice on pages without an English duplicate, Dutch by default", () => {
    expect(preferredLanguage()).toBe("nl");
    expect(localeForPath("/login")).toBe("nl");
    rememberLanguage("en");
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password", "/subscribe", "/dashboard/settings", "/blog"]) {
      expect(localeForPath(path)).toBe("en");
    }
  });

  it("keeps the choice in the language cookie too, which the server reads, and takes the cookie first", () => {
    rememberLanguage("en");
    expect(document.cookie).toContain("lang=en");
    localStorage.clear();
    expect(localeForPath("/about")).toBe("en");
    rememberLanguage("nl");
    expect(document.cookie).toContain("lang=nl");
    expect(localeForPath("/about")).toBe("nl");
  });

  it("copies a choice remembered before the cookie existed into the cookie", () => {
    localStorage.setItem("preferredLanguage", "en");
    keepLanguageCookie();
    expect(document.cookie).toContain("lang=en");
  });

  it("takes a link's language (?lang=) as the remembered choice, on any page", () => {
    adoptLinkLanguage("?token=x&lang=en");
    expect(preferredLanguage()).toBe("en");
    expect(document.cookie).toContain("lang=en");
  });

  it("lets an English page show after the toggle, with the language cookie, or when its link says English", () => {
    expect(isEnglishChosen("")).toBe(false);
    expect(isEnglishChosen("?lang=nl")).toBe(false);
    expect(isEnglishChosen("?lang=en")).toBe(true);
    rememberLanguage("en");
    expect(isEnglishChosen("")).toBe(true);
    rememberLanguage("nl");
    expect(isEnglishChosen("")).toBe(false);
    markLanguageToggle();
    expect(isEnglishChosen("")).toBe(true);
  });

  it("ignores a remembered value that is not a language", () => {
    localStorage.setItem("preferredLanguage", "de");
    expect(localeForPath("/login")).toBe("nl");
  });

  it("knows which pages have an English duplicate", () => {
    expect(hasEnglishVersion("/")).toBe(true);
    expect(hasEnglishVersion("/en/contact")).toBe(true);
    expect(hasEnglishVersion("/cookie-policy/")).toBe(true);
    expect(hasEnglishVersion("/about")).toBe(false);
    expect(hasEnglishVersion("/login")).toBe(false);
  });
});
