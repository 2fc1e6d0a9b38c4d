import type { ConsentChoice } from "./consent";

/** The optional categories; necessary cookies belong to none of them and are never deleted. */
export type OptionalCategory = keyof ConsentChoice;
export type ConsentCookies = Record<OptionalCategory, readonly string[]>;

/**
 * The cookies each optional category covers, as name patterns (`*` stands for any characters): Google Analytics 4
 * (`_ga`, `_ga_<container>`, and Universal Analytics' `_gid`, `_gat`), Google Ads (`_gcl_*` from the conversion
 * linker) and Meta's pixel (`_fbp`, `_fbc`). A page with other tags names its own with the banner's
 * `analytics-cookies` / `marketing-cookies` attributes or `AgencyWidgets.configure({ consentCookies })`.
 */
export const DEFAULT_CONSENT_COOKIES: ConsentCookies = {
  analytics: ["_ga", "_ga_*", "_gid", "_gat", "_gat_*"],
  marketing: ["_gcl_*", "_fbp", "_fbc"],
};

/** A name pattern as an anchored expression; a pattern of wildcards alone would cover necessary cookies too, so it is ignored. */
function matcher(pattern: string): RegExp | null {
  const trimmed = pattern.trim();
  if (!trimmed.replace(/\*/g, "")) return null;
  const source = trimmed
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`);
}

/** Patterns written in an attribute: separated by spaces or commas. An absent attribute gives undefined. */
export function parsePatterns(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * The host and each parent domain a cookie of this page can have been set for (`www.shop.example.com` ->
 * `www.shop.example.com`, `shop.example.com`, `example.com`); an IP address or a single-label host has none.
 */
export function cookieDomains(hostname: string): string[] {
  if (!hostname.includes(".") || /^[\d.]+$/.test(hostname) || hostname.includes(":")) return [];
  const labels = hostname.split(".");
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}

/** The names of the page's cookies (the ones script can see) that match one of the patterns. */
export function matchingCookies(patterns: readonly string[], cookieText = document.cookie): string[] {
  const matchers = patterns.map(matcher).filter((m): m is RegExp => m !== null);
  const names = cookieText
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter(Boolean);
  return [...new Set(names)].filter((name) => matchers.some((m) => m.test(name)));
}

/**
 * Deletes the cookies matching the patterns, with path / on the current host (host-only) and on every parent
 * domain, as analytics and ad tags set them on the widest domain they may. Returns the names it found.
 */
export function clearCookies(patterns: readonly string[]): string[] {
  const names = matchingCookies(patterns);
  // A cookie set with SameSite=None is Secure; only a secure write can replace it.
  const secure = location.protocol === "https:" ? "; Secure" : "";
  for (const name of names) {
    const expired = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/${secure}`;
    document.cookie = expired;
    for (const domain of cookieDomains(location.hostname)) document.cookie = `${expired}; Domain=${domain}`;
  }
  return names;
}

/** Deletes the cookies of every category the visitor refused (or withdrew). */
export function clearRefusedCookies(choice: ConsentChoice, cookies: ConsentCookies): void {
  for (const category of ["analytics", "marketing"] as const) {
    if (!choice[category]) clearCookies(cookies[category]);
  }
}
