import { afterEach, describe, expect, it } from "vitest";
import { configure, resolveSettings } from "../settings";

describe("resolved settings", () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).__agencyWidgetsSettings__;
    window.history.replaceState(null, "", "/");
  });

  it("defaults to the URL: Dutch, /api", () => {
    expect(resolveSettings()).toEqual({ locale: "nl", apiBase: "/api", basePath: "/", loginUrl: "/login", theme: "light" });
  });

  it("follows a preview base and the /en prefix", () => {
    window.history.replaceState(null, "", "/preview/a/b/en/pricing");
    expect(resolveSettings()).toEqual({
      locale: "en",
      apiBase: "/preview/a/b/api",
      basePath: "/preview/a/b/",
      loginUrl: "/preview/a/b/login",
      theme: "light",
    });
  });

  it("lets the page configuration override the URL, and attributes override the page", () => {
    configure({ apiBase: "https://agency.example/api/", locale: "en" });
    expect(resolveSettings()).toMatchObject({ apiBase: "https://agency.example/api", locale: "en" });
    expect(resolveSettings({ locale: "nl", apiBase: "http://other/api" })).toMatchObject({
      apiBase: "http://other/api",
      locale: "nl",
    });
  });

  it("takes the page's language (en-GB is English) before the URL, and the URL when the page names another", () => {
    expect(resolveSettings({ pageLanguage: "en-GB" }).locale).toBe("en");
    window.history.replaceState(null, "", "/en/pricing");
    expect(resolveSettings({ pageLanguage: "nl" }).locale).toBe("nl");
    expect(resolveSettings({ pageLanguage: "de" }).locale).toBe("en");
    expect(resolveSettings({ pageLanguage: "" }).locale).toBe("en");
    window.history.replaceState(null, "", "/");
    expect(resolveSettings({ pageLanguage: "fr" }).locale).toBe("nl");
  });

  it("lets the locale attribute and the page configuration win over the page's language", () => {
    expect(resolveSettings({ locale: "nl", pageLanguage: "en" }).locale).toBe("nl");
    configure({ locale: "nl" });
    expect(resolveSettings({ pageLanguage: "en" }).locale).toBe("nl");
  });

  it("ignores an unknown locale attribute and rejects one in configure()", () => {
    expect(resolveSettings({ locale: "de" }).locale).toBe("nl");
    expect(() => configure({ locale: "de" as never })).toThrow(/locale must be "nl" or "en"/);
  });

  it("announces configuration changes on window", () => {
    let seen: unknown;
    window.addEventListener("agency-settings-change", (e) => (seen = (e as CustomEvent).detail), { once: true });
    configure({ locale: "en" });
    expect(seen).toMatchObject({ locale: "en" });
  });
});
