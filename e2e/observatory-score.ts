/**
 * MDN HTTP Observatory's scoring (https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring), applied
 * to one answer's headers and HTML, for the tests that depend on the site and its proxy: CSP, cookies, CORS,
 * Referrer-Policy, HSTS, Subresource Integrity, X-Content-Type-Options and X-Frame-Options. Not scored here: the
 * redirection test (http to https on the same host first), which is the TLS terminator's (docs/deploy.md).
 */

export interface ObservatoryResult {
  score: number;
  grade: string;
  /** Each test's result name and score modifier, as Observatory reports them. */
  tests: Record<string, { result: string; modifier: number }>;
}

type Headers = Record<string, string>;

function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

function cspTest(header: string | undefined): { result: string; modifier: number } {
  if (!header) return { result: "csp-not-implemented", modifier: -25 };
  const csp = parseCsp(header);
  const source = (name: string) => csp.get(name) ?? csp.get("default-src");
  const scripts = source("script-src");
  const objects = source("object-src");
  const styles = source("style-src");
  if (!scripts || !objects) return { result: "csp-implemented-with-unsafe-inline", modifier: -20 };
  const broad = (values: string[]) => values.some((v) => ["*", "http:", "https:", "data:", "'unsafe-inline'"].includes(v.toLowerCase()));
  const hashesOrNonces = scripts.some((v) => /^'(nonce|sha(256|384|512))-/.test(v));
  const strictDynamic = scripts.includes("'strict-dynamic'");
  if ((broad(scripts) && !(hashesOrNonces && strictDynamic)) || broad(objects)) return { result: "csp-implemented-with-unsafe-inline", modifier: -20 };
  if (scripts.includes("'unsafe-eval'")) return { result: "csp-implemented-with-unsafe-eval", modifier: -10 };
  const insecure = [...csp.values()].flat().some((v) => v.toLowerCase().startsWith("http:"));
  if (insecure) return { result: "csp-implemented-with-insecure-scheme-in-passive-content-only", modifier: -10 };
  if (styles?.includes("'unsafe-inline'")) return { result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0 };
  if (csp.get("default-src")?.join(" ") === "'none'") return { result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10 };
  return { result: "csp-implemented-with-no-unsafe", modifier: 0 };
}

function cookiesTest(setCookies: string[]): { result: string; modifier: number } {
  if (setCookies.length === 0) return { result: "cookies-not-found", modifier: 0 };
  const attrs = setCookies.map((c) => c.split(";").map((a) => a.trim().toLowerCase()));
  if (attrs.some((a) => !a.includes("secure"))) return { result: "cookies-without-secure-flag", modifier: -20 };
  if (attrs.some((a) => !a.includes("httponly"))) return { result: "cookies-session-without-httponly-flag", modifier: -30 };
  if (attrs.every((a) => a.some((p) => /^samesite=(strict|lax)$/.test(p)))) return { result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5 };
  return { result: "cookies-secure-with-httponly-sessions", modifier: 0 };
}

function hstsTest(header: string | undefined): { result: string; modifier: number } {
  if (!header) return { result: "hsts-not-implemented", modifier: -20 };
  const maxAge = /max-age=(\d+)/i.exec(header);
  if (!maxAge) return { result: "hsts-header-invalid", modifier: -20 };
  return Number(maxAge[1]) >= 15_552_000
    ? { result: "hsts-implemented-max-age-at-least-six-months", modifier: 0 }
    : { result: "hsts-implemented-max-age-less-than-six-months", modifier: -10 };
}

function sriTest(html: string, pageOrigin: string): { result: string; modifier: number } {
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
  const external = scripts
    .map((tag) => ({ tag, src: /\bsrc="([^"]+)"/i.exec(tag)?.[1] }))
    .filter((s): s is { tag: string; src: string } => Boolean(s.src) && new URL(s.src!, pageOrigin).origin !== pageOrigin);
  if (external.length === 0) {
    return scripts.length === 0
      ? { result: "sri-not-implemented-but-no-scripts-loaded", modifier: 0 }
      : { result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", modifier: 0 };
  }
  if (external.some((s) => new URL(s.src).protocol !== "https:")) return { result: "sri-not-implemented-and-external-scripts-not-loaded-securely", modifier: -50 };
  return external.every((s) => /\bintegrity=/.test(s.tag))
    ? { result: "sri-implemented-and-external-scripts-loaded-securely", modifier: 5 }
    : { result: "sri-not-implemented-but-external-scripts-loaded-securely", modifier: -5 };
}

function referrerTest(header: string | undefined): { result: string; modifier: number } {
  if (!header) return { result: "referrer-policy-not-implemented", modifier: 0 };
  const last = header.split(",").map((v) => v.trim().toLowerCase()).at(-1)!;
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(last)) return { result: "referrer-policy-private", modifier: 5 };
  if (["origin", "origin-when-cross-origin", "no-referrer-when-downgrade", "unsafe-url"].includes(last)) return { result: "referrer-policy-unsafe", modifier: -5 };
  return { result: "referrer-policy-header-invalid", modifier: -5 };
}

function frameTest(headers: Headers): { result: string; modifier: number } {
  const ancestors = parseCsp(headers["content-security-policy"] ?? "").get("frame-ancestors");
  if (ancestors && !ancestors.includes("*")) return { result: "x-frame-options-implemented-via-csp", modifier: 5 };
  const xfo = headers["x-frame-options"]?.toLowerCase();
  if (xfo === "deny" || xfo === "sameorigin") return { result: "x-frame-options-sameorigin-or-deny", modifier: 0 };
  return { result: xfo ? "x-frame-options-header-invalid" : "x-frame-options-not-implemented", modifier: -20 };
}

const GRADES: [number, string][] = [
  [100, "A+"], [90, "A"], [85, "A-"], [80, "B+"], [70, "B"], [65, "B-"], [60, "C+"], [50, "C"], [45, "C-"], [40, "D+"], [30, "D"], [25, "D-"],
];

/** The score and grade of an answer: `headers` with lower-case names, `setCookies` its Set-Cookie lines. */
export function observatoryScore(headers: Headers, setCookies: string[], html: string, pageOrigin: string): ObservatoryResult {
  const tests: ObservatoryResult["tests"] = {
    "content-security-policy": cspTest(headers["content-security-policy"]),
    cookies: cookiesTest(setCookies),
    "cross-origin-resource-sharing":
      headers["access-control-allow-origin"] === "*" && headers["access-control-allow-credentials"] === "true"
        ? { result: "cross-origin-resource-sharing-implemented-with-universal-access", modifier: -50 }
        : { result: "cross-origin-resource-sharing-not-implemented", modifier: 0 },
    "referrer-policy": referrerTest(headers["referrer-policy"]),
    "strict-transport-security": hstsTest(headers["strict-transport-security"]),
    "subresource-integrity": sriTest(html, pageOrigin),
    "x-content-type-options":
      headers["x-content-type-options"]?.toLowerCase() === "nosniff"
        ? { result: "x-content-type-options-nosniff", modifier: 0 }
        : { result: "x-content-type-options-not-implemented", modifier: -5 },
    "x-frame-options": frameTest(headers),
  };
  // Observatory: penalties first; bonuses count only when the score without them is 90 or more.
  const penalties = Object.values(tests).reduce((sum, t) => sum + Math.min(t.modifier, 0), 100);
  const bonuses = Object.values(tests).reduce((sum, t) => sum + Math.max(t.modifier, 0), 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonuses : penalties);
  const grade = GRADES.find(([min]) => score >= min)?.[1] ?? "F";
  return { score, grade, tests };
}
