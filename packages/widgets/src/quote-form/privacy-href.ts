import { type Locale, localizedPath } from "@agency/contract";

/**
 * The agency's privacy policy in the form's language. A quote request goes to the agency, so on a partner's page
 * too the policy is the agency's: it lives on the site the API belongs to (`https://agency.example/api` →
 * `https://agency.example/privacy-policy`, a preview's `/preview/a/b/api` → `/preview/a/b/privacy-policy`).
 */
export function agencyPrivacyHref(apiBase: string, locale: Locale): string {
  const path = localizedPath("/privacy-policy", locale);
  if (apiBase.endsWith("/api")) return `${apiBase.slice(0, -"/api".length)}${path}`;
  return `${new URL(apiBase, window.location.href).origin}${path}`;
}
