/**
 * Rules the server and the browser code must apply identically. Plain values and functions with no imports, so
 * importing them costs a bundle next to nothing and pulls in no schema library.
 */

// ---------- Languages ----------

export const LOCALES = ["nl", "en"] as const;
export type Locale = (typeof LOCALES)[number];
/** Dutch is the site's default; English lives under /en. */
export const DEFAULT_LOCALE: Locale = "nl";

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The regional formats of each site language. English is the US variant ("March 5, 2027"), which is what the
 * English pages have always shown; Dutch is the Netherlands ("5 maart 2027").
 */
/**
 * The elements' colour themes: light (the default), dark, and auto, which follows the visitor's
 * `prefers-color-scheme`, as the site itself does.
 */
export const THEMES = ["light", "dark", "auto"] as const;
export type Theme = (typeof THEMES)[number];

export const INTL_LOCALES: Record<Locale, string> = { nl: "nl-NL", en: "en-US" };
/** The agency works from the Netherlands: calendar dates are Dutch dates, whoever reads them and wherever. */
export const TIME_ZONE = "Europe/Amsterdam";

/**
 * The first nl or en in an Accept-Language header ("nl-NL,nl;q=0.9,en;q=0.8" → nl), or null when it names
 * neither. Quality values are ignored: browsers list languages in order of preference.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  for (const part of (header ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return null;
}

/**
 * The site language a BCP 47 language tag names by its primary subtag ("en-GB" → en, "nl" → nl), or null when it
 * names another language or none (an empty `lang` means unknown).
 */
export function localeFromLanguageTag(tag: string | null | undefined): Locale | null {
  const primary = (tag ?? "").trim().split("-")[0]!.toLowerCase();
  return isLocale(primary) ? primary : null;
}

// ---------- Base path and the /en prefix ----------

/** A path segment of a preview base: letters, digits and URL-safe punctuation. */
const PREVIEW_SEGMENT = "[A-Za-z0-9._~-]+";

/** `/` or `/preview/{first}/{second}/`, as a JSON-schema pattern (the forgot-password body's basePath). */
export const BASE_PATH_PATTERN = `^/(preview/${PREVIEW_SEGMENT}/${PREVIEW_SEGMENT}/)?$`;

/**
 * The site's base path for a URL path: `/preview/{first}/{second}/` when the path starts with /preview/ and has at
 * least two more segments, else `/`. "/preview/a/b" counts too (its base lacks only the trailing slash).
 */
export function basePathFrom(pathname: string): string {
  const [, preview, first, second] = pathname.split("/");
  return preview === "preview" && first && second ? `/preview/${first}/${second}/` : "/";
}

/** The path relative to the base, always starting with "/" ("/preview/a/b/en/contact" → "/en/contact"). */
export function stripBase(pathname: string, basePath = basePathFrom(pathname)): string {
  if (basePath !== "/" && pathname.startsWith(basePath.slice(0, -1))) {
    const rest = pathname.slice(basePath.length - 1);
    return rest.startsWith("/") ? rest : `/${rest}`;
  }
  return pathname || "/";
}

/** "/preview/a/b/api" → "/preview/a/b/api"; "/" → "/api". */
export function apiBaseFrom(basePath: string): string {
  return `${basePath.endsWith("/") ? basePath : `${basePath}/`}api`;
}

/** English pages live under /en (after the base): "/en" and "/en/…", never "/english". */
export function isEnglishPath(appPath: string): boolean {
  return appPath === "/en" || appPath.startsWith("/en/");
}

/**
 * A full path of an English page under any base, as the source of a regular expression: group 1 is the preview base
 * without its trailing slash (absent at "/"), group 2 the page's path after /en (absent for the English home). The
 * language guard, an inline script that runs before any module, is given this text.
 */
export const ENGLISH_PAGE_PATTERN = "^(/preview/[^/]+/[^/]+)?/en(/.*)?$";
const ENGLISH_PAGE = new RegExp(ENGLISH_PAGE_PATTERN);

/** The language of an app path or a full path under a base: English under /en, Dutch everywhere else. */
export function localeFromPath(pathname: string): Locale {
  return ENGLISH_PAGE.test(pathname) ? "en" : DEFAULT_LOCALE;
}

/** "/en/pricing" → "/pricing", "/en" → "/". */
export function unlocalizedPath(appPath: string): string {
  if (appPath === "/en" || appPath === "/en/") return "/";
  return isEnglishPath(appPath) ? appPath.slice(3) : appPath;
}

/** The app path of a page in a language: localizedPath("/contact", "en") → "/en/contact", ("/", "en") → "/en". */
export function localizedPath(appPath: string, locale: Locale): string {
  const bare = unlocalizedPath(appPath);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}

// ---------- The visitor's language ----------

/**
 * The cookie that remembers the language a visitor chose with the toggle (`nl` or `en`), and nothing else: the
 * server renders a page that exists at one address (/about, /blog, /login …) in it, so its first paint is in that
 * language, and an English page opened in a new tab stays English. Necessary, not tracking (the cookie policy
 * names it); kept a year, as the policy says of the language cookie.
 */
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_COOKIE_MAX_AGE_DAYS = 365;

/** The query parameter with which a link names the language of the page it opens: `/en/contact?lang=en`. */
export const LANGUAGE_PARAM = "lang";

/** The language in a Cookie header (or `document.cookie`), when it names one. */
export function languageFromCookie(header: string | null | undefined): Locale | undefined {
  const value = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`).exec(header ?? "")?.[1]?.trim();
  return isLocale(value) ? value : undefined;
}

/**
 * A link to one of the site's English pages that says so (`?lang=en`): opened in a new tab or from a partner's
 * page, where the visitor's choice is not known, it still shows English. Other links are returned as they are.
 */
export function withLinkLanguage(href: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return href;
  const absolute = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(href);
  if (!absolute && !href.startsWith("/")) return href;
  const url = new URL(href, "http://link.invalid");
  if (!isEnglishPath(stripBase(url.pathname)) || url.searchParams.has(LANGUAGE_PARAM)) return href;
  url.searchParams.set(LANGUAGE_PARAM, locale);
  return absolute ? url.href : `${url.pathname}${url.search}${url.hash}`;
}

// ---------- Accounts ----------

/** 8, not the specification's 6: OWASP ASVS 5.0 V6.2.1 (docs/decisions/0012-passwords-of-at-least-8.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * An e-mail address: the same expression as the JSON-schema "email" format the server validates with (ajv), so
 * an address the browser accepts is never refused by the server. Upper case is allowed; the server lower-cases.
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$";
export const EMAIL_MAX_LENGTH = 254;

/** A phone number as people type it: digits, spaces and + ( ) . / -, 4 to 40 characters. */
export const PHONE_PATTERN = "^[0-9 +()./-]{4,40}$";

/**
 * Control characters (C0 with line breaks and tabs, DEL, C1) and the Unicode line and paragraph separators: none
 * belongs in a one-line field (a name, a company, a subject), where a line break could forge a mail header or a CSV row.
 */
const CONTROL_CHARACTERS = "\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029";
/** One line of text, possibly empty: no control characters. */
export const SINGLE_LINE_PATTERN = `^[^${CONTROL_CHARACTERS}]*$`;
/** One line of text with at least one visible character. */
export const SINGLE_LINE_TEXT_PATTERN = `^[^${CONTROL_CHARACTERS}]*[^${CONTROL_CHARACTERS}\\s][^${CONTROL_CHARACTERS}]*$`;

const emailExpression = new RegExp(EMAIL_PATTERN);
const phoneExpression = new RegExp(PHONE_PATTERN);

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && emailExpression.test(value);
}

export function isPhone(value: string): boolean {
  return phoneExpression.test(value);
}

// ---------- Subscriptions ----------

/** The payment provider's subscription states (Stripe's names), used for both providers. */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "unpaid",
  "paused",
  "incomplete",
  "incomplete_expired",
  "canceled",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** States that grant access to the portal. */
export const ACCESS_STATUSES = ["active", "trialing"] as const satisfies readonly SubscriptionStatus[];
/** States in which the customer has (or still owes for) a subscription: a second one must not be sold. */
export const LIVE_STATUSES = [...ACCESS_STATUSES, "past_due", "unpaid", "paused"] as const satisfies readonly SubscriptionStatus[];
/** States after which a subscription never comes back; a new checkout creates a new one. */
export const ENDED_STATUSES = ["canceled", "incomplete_expired"] as const satisfies readonly SubscriptionStatus[];

export function grantsAccess(status: string | null | undefined): boolean {
  return (ACCESS_STATUSES as readonly unknown[]).includes(status);
}

/** A live subscription whose payment failed (past due, unpaid, paused): the customer must fix the payment. */
export function owesPayment(status: string | null | undefined): boolean {
  return (LIVE_STATUSES as readonly unknown[]).includes(status) && !grantsAccess(status);
}

/**
 * A payment that needs the customer: `failed` (a renewal or first payment was declined, or a direct debit bounced:
 * pay it), `requires_action` (the bank asks the customer to confirm it, 3-D Secure: confirm it).
 */
export const PAYMENT_ISSUES = ["failed", "requires_action"] as const;
export type PaymentIssue = (typeof PAYMENT_ISSUES)[number];

export const BILLING_PERIODS = ["monthly", "yearly"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** An invoice's state: the payment provider's (Stripe's names), plus `refunded` for one whose payment was returned. */
export const INVOICE_STATUSES = ["draft", "open", "paid", "uncollectible", "void", "refunded"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * What became of a checkout, for the page its customer returns to. `paid` and `refunded` only within
 * CHECKOUT_RETURN_WINDOW_MS of the payment: a bookmarked return address shows no payment confirmation later.
 * `paid`: the subscription starts (or has started); `refunded`: the customer already had one, so this payment was
 * returned; `processing`: completed with a payment that arrives later (a SEPA Direct Debit takes days), not yet paid;
 * `open`: not paid; `closed`: cancelled, expired, or paid longer ago.
 */
export const CHECKOUT_OUTCOMES = ["paid", "refunded", "processing", "open", "closed"] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];
export const CHECKOUT_RETURN_WINDOW_MS = 60 * 60 * 1000;

/** The query parameter that carries the checkout's id back to the page the customer returns to. */
export const CHECKOUT_RETURN_PARAM = "checkout";
