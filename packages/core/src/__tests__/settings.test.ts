import { afterEach, describe, expect, it } from "vitest";
import { apiBaseFrom, basePathFrom, configure, localeFromPath, resolveSettings, stripBase } from "../settings";

describe("base path rule (spec §2)", () => {
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

  it("derives the API base from the base path (spec §7)", () => {
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

describe("resolved settings", () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).__agencyWidgetsSettings__;
    window.history.replaceState(null, "", "/");
  });

  it("defaults to the URL: Dutch, /api", () => {
    expect(resolveSettings()).toEqual({ locale: "nl", apiBase: "/api", basePath: "/", loginUrl: "/login" });
  });

  it("follows a preview base and the /en prefix", () => {
    window.history.replaceState(null, "", "/preview/a/b/en/pricing");
    expect(resolveSettings()).toEqual({
      locale: "en",
      apiBase: "/preview/a/b/api",
      basePath: "/preview/a/b/",
      loginUrl: "/preview/a/b/login",
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
