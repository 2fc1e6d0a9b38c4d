// Partner pages can run in sandboxed iframes or privacy modes where touching localStorage throws;
// an element must keep working there (it simply forgets), so every access goes through these.
export function readStorage(key: string, area: "local" | "session" = "local"): string | null {
  try {
    return (area === "local" ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, area: "local" | "session" = "local"): void {
  try {
    const store = area === "local" ? localStorage : sessionStorage;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    /* storage unavailable: nothing to keep */
  }
}

/**
 * The prefix of what the elements keep in a page's storage on any origin but the agency's own. A partner's page has
 * keys of its own, often the same plain names (`token`, `user`): under this prefix the elements neither overwrite
 * them nor read them as theirs (docs/decisions/0020-elements-keep-their-own-storage.md).
 */
export const ELEMENT_STORAGE_PREFIX = "agency.";

/**
 * Where the cookie banner keeps the visitor's decision, with the anonymous id its consent records are filed under
 * (behind the storage prefix: `agency.cookieConsent` on a page of another origin than the agency's).
 */
export const CONSENT_STORAGE_KEY = "cookieConsent";

/** Whether this page is on the origin of the API at `apiBase`: the agency's own site (or a page it serves itself). */
export function isAgencyOrigin(apiBase: string): boolean {
  try {
    return typeof location === "undefined" || new URL(apiBase, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * The prefix for what is stored about the API at `apiBase`: none on the agency's own site, where the specification's
 * keys stay; the elements' own anywhere else.
 */
export const storagePrefixFor = (apiBase: string): string => (isAgencyOrigin(apiBase) ? "" : ELEMENT_STORAGE_PREFIX);
