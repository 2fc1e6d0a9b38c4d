import type { Locale } from "@agency/core";

/**
 * The app path of a page in a language: English pages live under /en (spec §2).
 * localizedPath("/contact", "en") -> "/en/contact"; localizedPath("/", "en") -> "/en".
 * Only pages with an English duplicate should be localized; portal pages have none.
 */
export function localizedPath(path: string, locale: Locale): string {
  const bare = unlocalizedPath(path);
  if (locale === "nl") return bare;
  return bare === "/" ? "/en" : `/en${bare}`;
}

/** "/en/pricing" -> "/pricing", "/en" -> "/". */
export function unlocalizedPath(path: string): string {
  if (path === "/en" || path === "/en/") return "/";
  return path.startsWith("/en/") ? path.slice(3) : path;
}
