import type { ConsentRecordPayload } from "@agency/contract";
import { CONSENT_STORAGE_KEY, readStorage, resolveSettings, storagePrefixFor, writeStorage } from "@agency/core";

/**
 * The decision lives in local storage under this key (core knows it too: the data export reads its id): as it is on
 * the agency's own site, behind the elements' prefix on any other page (`agency.cookieConsent`), where the page may
 * keep a decision of its own under the same plain name.
 */
export { CONSENT_STORAGE_KEY };

// The storage prefix of the banner's API, which the banner gives when it renders (setConsentStorage); before that
// (AgencyWidgets.getConsent() called early) the banner in the page's markup, or the page's configuration, says it.
let storagePrefix: string | null = null;

export function setConsentStorage(apiBase: string): void {
  storagePrefix = storagePrefixFor(apiBase);
}

function consentKey(): string {
  const prefix = storagePrefix ?? storagePrefixFor(resolveSettings({ apiBase: document.querySelector("agency-cookie-banner")?.getAttribute("api-base") }).apiBase);
  return prefix + CONSENT_STORAGE_KEY;
}
/**
 * Version of the cookie texts the visitor agreed to. Raise it when the policy or the categories change: a stored
 * decision with a lower version no longer counts, so the banner asks again.
 */
export const CONSENT_VERSION = 1;
/** A decision counts for 12 months (the cookie policy's 365 days for the consent cookie); then the banner asks again. */
export const CONSENT_MAX_AGE_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The banner appears 1 s after the page's load event (after-page-load.ts), so it does not compete with the first paint. */
export const BANNER_DELAY_MS = 1000;
/** Window event behind `AgencyWidgets.openCookieSettings()`; the mounted banner listens for it. */
export const OPEN_SETTINGS_EVENT = "agency-cookie-settings-open";

/** The stored record: `{necessary, analytics, marketing, timestamp}` plus the version and an anonymous id. */
export type ConsentRecord = ConsentRecordPayload;

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/**
 * Whether the browser sends Global Privacy Control (navigator.globalPrivacyControl; the same browsers send
 * `Sec-GPC: 1` with each request). The banner honours it as a refusal of marketing that only the visitor's own tick
 * overrides.
 */
export function globalPrivacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whatever decision is stored, of any version; null when none or unreadable. */
export function readStoredConsent(): ConsentRecord | null {
  const raw = readStorage(consentKey());
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return null;
    const record = value as Partial<ConsentRecord>;
    if (typeof record.analytics !== "boolean" || typeof record.marketing !== "boolean") return null;
    return {
      // The server keeps proof under a uuid; anything else gets a fresh id at the next decision.
      id: typeof record.id === "string" && UUID.test(record.id) ? record.id : "",
      necessary: true,
      analytics: record.analytics,
      marketing: record.marketing,
      // A decision without a version was stored by the earlier site's pre-ticked boxes: ask again
      // (docs/decisions/0002-consent-boxes-start-unticked.md).
      version: typeof record.version === "number" ? record.version : 0,
      timestamp: typeof record.timestamp === "string" ? record.timestamp : "",
      ...(record.gpc === true ? { gpc: true } : {}),
    };
  } catch {
    return null;
  }
}

/** What a stored decision must meet to count: the policy version it was given for, and its age. */
export interface ConsentRequirements {
  version: number;
  maxAgeDays: number;
}

// What the banner on this page asks for (its policy-version and consent-max-age-days), so getConsent() agrees with it.
let required: ConsentRequirements = { version: CONSENT_VERSION, maxAgeDays: CONSENT_MAX_AGE_DAYS };

export function setRequirements(requirements: ConsentRequirements): void {
  required = requirements;
}

/**
 * The decision that still counts, or null: given for this policy version or a later one, and no older than the
 * maximum age. A record without a readable time cannot show its age, so it does not count. Marketing allowed before
 * the browser sent Global Privacy Control counts as refused now that it does; one allowed while the signal was
 * present was the visitor's own tick against it, and stands.
 */
export function consentFor({ version, maxAgeDays }: ConsentRequirements, now = Date.now()): ConsentRecord | null {
  const record = readStoredConsent();
  if (!record || record.version < version) return null;
  const given = Date.parse(record.timestamp);
  if (!Number.isFinite(given) || now - given > maxAgeDays * DAY_MS) return null;
  return record.marketing && !record.gpc && globalPrivacyControl() ? { ...record, marketing: false } : record;
}

/** `AgencyWidgets.getConsent()`: the decision that counts for the banner on this page, or null. */
export function getConsent(): ConsentRecord | null {
  return consentFor(required);
}

export function storeConsent(record: ConsentRecord): void {
  writeStorage(consentKey(), JSON.stringify(record));
}

/** A random v4 uuid; crypto.randomUUID only exists on secure origins, and partner pages may be plain http. */
export function anonymousId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// A call that comes before the banner has mounted (a script at the top of the page, an early click) is kept
// on window for it, so that a banner from another copy of the bundle sees it too.
const PENDING_KEY = "__agencyCookieSettingsRequested__";
type PendingWindow = Window & { [PENDING_KEY]?: boolean };

/** `AgencyWidgets.openCookieSettings()`: reopens the banner's details view, so consent can be withdrawn any time. */
export function openCookieSettings(): void {
  // A mounted banner cancels the event to say it has opened.
  const opened = !window.dispatchEvent(new CustomEvent(OPEN_SETTINGS_EVENT, { cancelable: true }));
  if (!opened) (window as PendingWindow)[PENDING_KEY] = true;
}

/** Whether settings were asked for before any banner was there to open them; asks only once. */
export function takeOpenRequest(): boolean {
  const w = window as PendingWindow;
  const requested = w[PENDING_KEY] === true;
  delete w[PENDING_KEY];
  return requested;
}

/** Marks page controls (a footer link, a button) that reopen the cookie settings. */
export const SETTINGS_TRIGGER = "data-agency-cookie-settings";

/** One delegated listener, so `[data-agency-cookie-settings]` works on controls added at any time, even in shadow roots. */
export function listenForSettingsTriggers(): void {
  document.addEventListener("click", (event) => {
    const trigger = event.composedPath().some((node) => node instanceof Element && node.hasAttribute(SETTINGS_TRIGGER));
    if (!trigger) return;
    event.preventDefault();
    openCookieSettings();
  });
}
