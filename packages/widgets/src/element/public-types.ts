/**
 * The types of the elements' event details, as partners see them. The widgets build copies this file as it is
 * into the published declarations, so it imports nothing and says everything itself. The element code
 * dispatches through `emit`, which the compiler checks against these types (see element-context.tsx), so what
 * an element sends can never drift from what is published.
 */

/** `agency-navigate`: where an element wants to go. */
export interface AgencyNavigateDetail {
  /** The app path asked for, e.g. "/dashboard", or a full URL given by an attribute. */
  to: string;
  /** Where the browser goes when nobody cancels: `to` under the site's base path. */
  href: string;
  /** The tag of the element that asked, e.g. "agency-login". */
  source: string;
}

/** An account, as the API returns it. */
export interface AgencyUser {
  id: string;
  email: string;
  name: string;
  /** ISO 8601 */
  created_at: string;
}

/** A subscription, as the API returns it. */
export interface AgencySubscription {
  plan_name: string;
  /** Stripe's subscription status: "active", "trialing", "past_due", … */
  status: string;
  /** ISO 8601 */
  current_period_end: string;
  /** True once cancelled: it stays active until `current_period_end`. */
  cancel_at_period_end: boolean;
  billing_period?: "monthly" | "yearly";
}

/**
 * `agency-account-delete`: the visitor deleted their account. The element has signed them out; the page decides
 * where to go next (the host goes to the home page).
 */
export interface AgencyAccountDeleteDetail {
  /** The address of the account that no longer exists. */
  email: string;
}

/** `agency-subscription-cancel` and `agency-subscription-resume`: the subscription as it is now. */
export interface AgencySubscriptionChangeDetail {
  subscription: AgencySubscription | null;
}

/**
 * `agency-billing-portal`: 'Manage billing' is about to open the payment provider's billing portal. Cancelable:
 * the page may open `url` itself instead.
 */
export interface AgencyBillingPortalDetail {
  /** The portal's address (Stripe's customer portal, or the server's test portal). */
  url: string;
}

/** `agency-subscription-success`: the embedded checkout completed. */
export interface AgencySubscriptionSuccessDetail {
  planId: string;
  billingPeriod: "monthly" | "yearly";
}

/** `agency-package-select`: the package a visitor chose, priced in the element's currency. */
export interface AgencyPackageSelectDetail {
  id: "starter" | "professional" | "enterprise";
  name: string;
  startupFee: number;
  monthlyFee: number;
  currency: "EUR" | "USD";
}

/** A quote request as the form sent it. */
export interface AgencyQuoteRequest {
  name: string;
  email: string;
  company?: string;
  countryCode: "+31" | "+1" | "+44" | "+49" | "+33" | "+39" | "+34" | "+61" | "+81";
  phone: string;
  currentWebsite?: string;
  projectType: string;
  budgetRange: string;
  timeline: string;
  primaryGoal?: string;
  features?: string[];
  domainStatus: "have-domain" | "need-domain" | "need-help";
  hearAboutUs?: string;
  biggestChallenge?: string;
  message?: string;
  language: "nl" | "en";
  /** The `source` attribute: which client site the form runs on. */
  source?: string;
  /** The page the form was sent from. */
  pageUrl?: string;
  utm?: {
    utm_source?: string;
    utm_medium?: string;
    utm_campaign?: string;
    utm_term?: string;
    utm_content?: string;
  };
}

/** `agency-quote-failed`: what went wrong, and the request that was not stored. */
export interface AgencyQuoteFailedDetail {
  /** The message the form shows, in the element's language. */
  message: string;
  /** HTTP status, absent for a network error. */
  status?: number;
  request: AgencyQuoteRequest;
}

/** `agency-consent-change`: the visitor's cookie decision, as stored in localStorage under `cookieConsent`. */
export interface AgencyConsentRecord {
  /** Anonymous id kept with the decision, so later changes link to the first one. */
  id: string;
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  /** The policy version the visitor agreed to (the `policy-version` attribute). */
  version: number;
  /** ISO 8601, when the visitor chose. */
  timestamp: string;
}

/** Page-wide settings for every element; an element's `locale` and `api-base` attributes override them. */
export interface AgencyWidgetsSettings {
  /** Default: from the page URL (an /en prefix), else "nl". */
  locale?: "nl" | "en";
  /** Where the API lives, e.g. "https://agency.example/api". Default: /api on the page's origin. */
  apiBase?: string;
  /** The site's base path, e.g. "/". Default: derived from the page URL. */
  basePath?: string;
  /** Where an expired session sends the visitor. Default: the base path + "login". */
  loginUrl?: string;
}

/** `window.AgencyWidgets`, installed by every entry of the bundle. */
export interface AgencyWidgetsGlobal {
  /** The exact version of the bundle that installed this object, e.g. "1.0.0" (the one at /widgets/1.0.0/). */
  readonly version: string;
  /** Merges these settings into the page's; every element re-renders with them. */
  configure(settings: AgencyWidgetsSettings): AgencyWidgetsSettings;
  /** The page's settings as configured so far. */
  getSettings(): AgencyWidgetsSettings;
  /** With agency-cookie-banner loaded: reopens the cookie choices. */
  openCookieSettings?(): void;
  /** With agency-cookie-banner loaded: the visitor's decision that counts, or null. */
  getConsent?(): AgencyConsentRecord | null;
}
