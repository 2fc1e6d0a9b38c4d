import { basePathFrom, ENGLISH_PAGE_PATTERN, isEnglishPath, stripBase, unlocalizedPath } from "@agency/contract";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { LANGUAGE_TOGGLE_KEY, languageGuardScript, runLanguageGuard } from "../language-guard-script";

/** Runs the text of /language-guard.js against a window at `href` with the given toggle marker. */
function visit(href: string, marker: string | null, now = 1_000_000, cookie = "") {
  const url = new URL(href);
  const replace = vi.fn();
  const fakeWindow = {
    location: { pathname: url.pathname, search: url.search, hash: url.hash, replace },
    sessionStorage: { getItem: (key: string) => (key === LANGUAGE_TOGGLE_KEY ? marker : null) },
    document: { cookie },
  };
  vi.spyOn(Date, "now").mockReturnValue(now);
  // The file as the browser runs it: a classic script that reads `window` and `Date`.
  new Function("window", languageGuardScript())(fakeWindow);
  vi.restoreAllMocks();
  return replace;
}

describe("the language guard script", () => {
  it("sends a fresh visit to an English page to the Dutch page, keeping query and hash", () => {
    expect(visit("https://site.test/en/pricing?plan=pro#faq", null)).toHaveBeenCalledWith("/pricing?plan=pro#faq");
    expect(visit("https://site.test/en", null)).toHaveBeenCalledWith("/");
    expect(visit("https://site.test/en/", null)).toHaveBeenCalledWith("/");
  });

  it("keeps the preview base", () => {
    expect(visit("https://site.test/preview/a/b/en/contact", null)).toHaveBeenCalledWith("/preview/a/b/contact");
  });

  it("leaves the English page alone within 5 seconds of the toggle, and sends it on after that", () => {
    expect(visit("https://site.test/en/pricing", String(1_000_000 - 4_000))).not.toHaveBeenCalled();
    expect(visit("https://site.test/en/pricing", String(1_000_000 - 6_000))).toHaveBeenCalledWith("/pricing");
    expect(visit("https://site.test/en/pricing", "nonsense")).toHaveBeenCalledWith("/pricing");
  });

  it("leaves the English page alone when the language cookie says English or the link does (?lang=en)", () => {
    expect(visit("https://site.test/en/pricing", null, 1_000_000, "a=1; lang=en")).not.toHaveBeenCalled();
    expect(visit("https://site.test/en/privacy-policy?lang=en", null)).not.toHaveBeenCalled();
    expect(visit("https://site.test/preview/a/b/en/contact?x=1&lang=en", null)).not.toHaveBeenCalled();
    // Anything else is no choice of English.
    expect(visit("https://site.test/en/pricing", null, 1_000_000, "lang=nl; xlang=en")).toHaveBeenCalledWith("/pricing");
    expect(visit("https://site.test/en/pricing?lang=nl&slang=en", null)).toHaveBeenCalledWith("/pricing?lang=nl&slang=en");
    expect(visit("https://site.test/en/pricing", null, 1_000_000, "lang=english")).toHaveBeenCalledWith("/pricing");
  });

  it("does nothing on Dutch pages or paths that only start with 'en'", () => {
    expect(visit("https://site.test/pricing", null)).not.toHaveBeenCalled();
    expect(visit("https://site.test/english", null)).not.toHaveBeenCalled();
  });

  it("takes the English pages from the contract's rule, with no pattern of its own", () => {
    expect(languageGuardScript()).toContain(JSON.stringify({ englishPage: ENGLISH_PAGE_PATTERN }).slice(1, -1));
    // Given another rule, the guard follows that one.
    const replace = vi.fn();
    const win = { location: { pathname: "/anglais/contact", search: "", hash: "", replace }, sessionStorage: { getItem: () => null }, document: { cookie: "" } };
    const rules = { englishPage: "^()/anglais(/.*)?$", key: LANGUAGE_TOGGLE_KEY, validityMs: 5000, cookie: "lang", param: "lang" };
    runLanguageGuard(win, rules, 1_000_000);
    expect(replace).toHaveBeenCalledWith("/contact");
    runLanguageGuard({ ...win, location: { ...win.location, pathname: "/en/contact" } }, rules, 1_000_000);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it("is plain script without anything from outside (no import, no module syntax)", () => {
    const script = languageGuardScript();
    expect(script).not.toMatch(/\bimport\b|\bexport\b|require\(/);
    expect(() => new Function(script)).not.toThrow();
  });

  it("applies the contract's base-path and /en rules to any path: where it sends a visit, and whether at all", () => {
    // Path segments as a browser's location has them: percent-encoded, so letters, digits, % and URL-safe marks.
    const segment = fc.stringMatching(/^[A-Za-z0-9%._~!$&'()*+,;=:@-]{1,6}$/);
    const path = fc
      .tuple(
        fc.constantFrom([], ["preview"]),
        fc.array(fc.oneof(segment, fc.constantFrom("en", "preview", "pricing", "")), { maxLength: 5 }),
      )
      // As the browser holds it: "." and ".." segments resolved.
      .map(([preview, rest]) => new URL(`https://site.test/${[...preview, ...rest].join("/")}`).pathname);
    fc.assert(
      fc.property(path, (pathname) => {
        const base = basePathFrom(pathname);
        const appPath = stripBase(pathname, base);
        const expected = isEnglishPath(appPath) ? `${base.slice(0, -1)}${unlocalizedPath(appPath)}` : null;
        const replace = visit(`https://site.test${pathname}`, null);
        if (expected === null) expect(replace, pathname).not.toHaveBeenCalled();
        else expect(replace, pathname).toHaveBeenCalledWith(expected);
      }),
      { seed: 14, numRuns: 500 },
    );
  });
});
