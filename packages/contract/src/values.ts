/**
 * The API's enumerations and constants, as plain arrays: the schemas are built from them and the browser code
 * offers exactly these choices.
 */

// ---------- Quote requests ----------

export const PROJECT_TYPES = ["new-website", "redesign", "landing-page", "e-commerce", "maintenance", "other"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** 'Unknown' in the form reuses 4000+. Labels differ per language (euro in nl, dollars in en); values do not. */
export const BUDGET_RANGES = ["500-1000", "1000-2000", "2000-3000", "3000-4000", "4000+"] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];

export const TIMELINES = ["asap", "1-month", "2-3-months", "flexible"] as const;
export type Timeline = (typeof TIMELINES)[number];

export const DOMAIN_STATUSES = ["have-domain", "need-domain", "need-help"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export const HEAR_ABOUT_US = ["google-search", "social-media", "referral", "advertising", "other"] as const;
export type HearAboutUs = (typeof HEAR_ABOUT_US)[number];

/** Values of the eight feature checkboxes; the form shows translated labels for them. */
export const CONTACT_FEATURES = [
  "contact-forms",
  "online-booking",
  "e-commerce",
  "blog",
  "photo-gallery",
  "social-media",
  "live-chat",
  "analytics",
] as const;
export type ContactFeature = (typeof CONTACT_FEATURES)[number];

/** The ten choices of the phone prefix select. +1 appears twice (US, CA); the value sent is the dial code. */
export const COUNTRY_CODES = [
  { dial: "+31", country: "NL" },
  { dial: "+1", country: "US" },
  { dial: "+1", country: "CA" },
  { dial: "+44", country: "GB" },
  { dial: "+49", country: "DE" },
  { dial: "+33", country: "FR" },
  { dial: "+39", country: "IT" },
  { dial: "+34", country: "ES" },
  { dial: "+61", country: "AU" },
  { dial: "+81", country: "JP" },
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number]["dial"];
export type Country = (typeof COUNTRY_CODES)[number]["country"];
export const DIAL_CODES = [...new Set(COUNTRY_CODES.map((c) => c.dial))] as CountryCode[];
export const DEFAULT_COUNTRY_CODE: CountryCode = "+31";

/**
 * Name of the hidden honeypot field. People never see it, so never fill it; a request where it is not empty is
 * answered like any other but kept flagged as spam and not mailed.
 */
export const HONEYPOT_FIELD = "website_url";

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

// ---------- Sessions ----------

/** The most signed-in devices one account keeps: a new sign-in ends the one unused the longest. */
export const MAX_SESSIONS_PER_ACCOUNT = 50;
/** How many signed-in devices one page of the settings' list shows. */
export const SESSIONS_PAGE_SIZE = 10;

// ---------- Passkeys ----------

/** The most passkeys one account keeps; one more is refused until one is removed. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;
/** A passkey's name, as the settings let the owner rename it. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/**
 * What a 'this wasn't me' link (/secure-account) is about: a sign-in from a browser new to the account, or a way in
 * that was added to it (a passkey, the authenticator app, new recovery codes).
 */
export const ACCOUNT_ALERT_KINDS = ["sign_in", "passkey", "authenticator", "recovery_codes"] as const;
export type AccountAlertKind = (typeof ACCOUNT_ALERT_KINDS)[number];

// ---------- Blog ----------

export const BLOG_PAGE_SIZE = 6;
export const BLOG_MAX_LIMIT = 50;

// ---------- The agency's desk ----------

/** Who works in the desk: an admin also manages staff, erases accounts and reads the audit log. */
export const DESK_ROLES = ["admin", "staff"] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

/**
 * Where a quote request stands in the desk's inbox. `held` (sent faster than a person can fill in the form) and
 * `spam` (caught by the honeypot) were never mailed nor posted; releasing one makes it `new` and sends both.
 */
export const LEAD_STATUSES = ["new", "read", "archived", "spam", "held"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** The statuses staff may set by hand; `held` is only ever given by the server, and left by a release. */
export const SETTABLE_LEAD_STATUSES = ["new", "read", "archived", "spam"] as const;

export const DESK_PAGE_SIZE = 25;
/** A search's matches are counted up to this (the inbox shows "1,000+"), so a count never reads a whole large table. */
export const DESK_COUNT_CAP = 1_000;
/** How many recovery codes enrolment hands out; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Staff sessions end this long after sign-in, or after DESK_IDLE_MINUTES without a request. */
export const DESK_SESSION_HOURS = 12;
export const DESK_IDLE_MINUTES = 30;
/** An enrolment link works once, within this many hours. */
export const DESK_ENROLMENT_HOURS = 24;

/**
 * What became of a statement of withdrawal: carried out (`withdrawn`: ended and refunded; `cancelled_at_period_end`
 * after the 14 days), not yet (`pending`), nothing to do (`duplicate`, `no_contract`, `no_account`), or `undone` by
 * the account's owner.
 */
export const WITHDRAWAL_OUTCOMES = ["pending", "withdrawn", "cancelled_at_period_end", "duplicate", "no_contract", "no_account", "undone"] as const;
export type WithdrawalOutcome = (typeof WITHDRAWAL_OUTCOMES)[number];
