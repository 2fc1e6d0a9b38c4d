// Types for the agency-* custom elements, for any framework or none.
// Generated from the element metas by @agency/widgets' build (scripts/build-api.ts); do not edit.

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

/** The quote-request form. It validates as the visitor types, sends the request to POST {api-base}/contact and shows the outcome. */
export interface AgencyQuoteFormElement extends HTMLElement {
  /** Language of the element; changing it re-renders in that language. Reflects the `locale` attribute. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  locale: "nl" | "en" | undefined;
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Reflects the `api-base` attribute. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  apiBase: string | undefined;
  /** Names the client site the form runs on; stored with the request for attribution. Reflects the `source` attribute. */
  source: string | undefined;
}

/** The three website packages, priced in euro (nl) or dollars (en), each leading to the contact page. */
export interface AgencyPricingElement extends HTMLElement {
  /** Language of the element; changing it re-renders in that language. Reflects the `locale` attribute. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  locale: "nl" | "en" | undefined;
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Reflects the `api-base` attribute. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  apiBase: string | undefined;
  /** Where 'Get Started' leads. Reflects the `contact-href` attribute. Default: /contact (nl) or /en/contact (en). */
  contactHref: string | undefined;
  /** Adds the 'What's Included' block under the packages. Reflects the `show-included` attribute. Default: false. */
  showIncluded: boolean;
}

/** Log in, register and reset a password: three views in one element. A visitor who is already logged in is sent on to redirect-to. */
export interface AgencyLoginElement extends HTMLElement {
  /** Language of the element; changing it re-renders in that language. Reflects the `locale` attribute. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  locale: "nl" | "en" | undefined;
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Reflects the `api-base` attribute. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  apiBase: string | undefined;
  /** Which view to show; changing it switches the view. Reflects the `view` attribute. Default: "login". */
  view: "login" | "register" | "forgot";
  /** Where a successful login, or a visitor who is already logged in, goes: a relative or same-origin http(s) address; anything else (javascript:, another host) is ignored with a console warning. Reflects the `redirect-to` attribute. Default: "/dashboard". */
  redirectTo: string;
}

/** The Pro plan with monthly or yearly billing and the way to pay: the payment provider's checkout page, or its embedded checkout. */
export interface AgencySubscribeElement extends HTMLElement {
  /** Language of the element; changing it re-renders in that language. Reflects the `locale` attribute. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  locale: "nl" | "en" | undefined;
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Reflects the `api-base` attribute. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  apiBase: string | undefined;
  /** Where the payment provider returns after paying (absolute, or relative to this page). Reflects the `success-url` attribute. Default: {base}dashboard?subscription=success on this origin. */
  successUrl: string | undefined;
  /** Where the payment provider returns after cancelling (absolute, or relative to this page). Reflects the `cancel-url` attribute. Default: this page with ?subscription=cancelled. */
  cancelUrl: string | undefined;
  /** The link shown when the plan cannot be loaded. Reflects the `pricing-href` attribute. Default: "/pricing". */
  pricingHref: string;
  /** The contact link under the plan. Reflects the `contact-href` attribute. Default: "/contact". */
  contactHref: string;
}

/** The logged-in visitor's account and subscription: cancel at the end of the period, or resume before it ends; manage billing (card, billing address, VAT number, monthly or yearly) and see the invoices; download their data, or delete the account. */
export interface AgencySettingsElement extends HTMLElement {
  /** Language of the element; changing it re-renders in that language. Reflects the `locale` attribute. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  locale: "nl" | "en" | undefined;
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Reflects the `api-base` attribute. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  apiBase: string | undefined;
}

/** Cookie consent: nothing optional is pre-ticked, and the choice can be changed at any time with AgencyWidgets.openCookieSettings() or any [data-agency-cookie-settings] control. Scripts of type text/plain with data-consent="analytics" or "marketing" run once allowed. */
export interface AgencyCookieBannerElement extends HTMLElement {
  /** Language of the element; changing it re-renders in that language. Reflects the `locale` attribute. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  locale: "nl" | "en" | undefined;
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Reflects the `api-base` attribute. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  apiBase: string | undefined;
  /** The cookie policy page. Reflects the `policy-href` attribute. Default: /cookie-policy (nl) or /en/cookie-policy (en). */
  policyHref: string | undefined;
  /** Version of the cookie policy; raise it to ask everyone again. Reflects the `policy-version` attribute. Default: 1. */
  policyVersion: number | undefined;
}

/** Every agency-* event's `detail`, by event name. */
export interface AgencyEventDetails {
  /** The request was stored; the detail is the request as sent. */
  "agency-quote-submitted": AgencyQuoteRequest;
  /** The request was not stored; the form shows why and keeps what the visitor typed. */
  "agency-quote-failed": AgencyQuoteFailedDetail;
  /** A visitor chose a package. Cancel it to handle the choice yourself: the link is not followed and no agency-navigate follows. Cancelable. */
  "agency-package-select": AgencyPackageSelectDetail;
  /** The element wants to go to another page. Cancel it to route yourself (a single-page app does); otherwise the element follows the link with a full page load. Cancelable. */
  "agency-navigate": AgencyNavigateDetail;
  /** A visitor logged in. */
  "agency-login-success": AgencyUser;
  /** A visitor created an account. */
  "agency-register-success": AgencyUser;
  /** The embedded checkout completed; agency-navigate to success-url follows. */
  "agency-subscription-success": AgencySubscriptionSuccessDetail;
  /** The subscription was cancelled at the end of its period; the detail is the subscription as it is now. */
  "agency-subscription-cancel": AgencySubscriptionChangeDetail;
  /** A cancelled subscription was resumed; the detail is the subscription as it is now. */
  "agency-subscription-resume": AgencySubscriptionChangeDetail;
  /** 'Manage billing' is about to open the payment provider's billing portal at `detail.url`. Cancel it to open that address yourself (in a new tab, say); otherwise the element goes there, and the portal leads back to this page. Cancelable. */
  "agency-billing-portal": AgencyBillingPortalDetail;
  /** The account was deleted and the visitor signed out; navigate away (the host goes to the home page). */
  "agency-account-delete": AgencyAccountDeleteDetail;
  /** The visitor made or changed a decision; the detail is the stored record. */
  "agency-consent-change": AgencyConsentRecord;
}

declare global {
  interface HTMLElementTagNameMap {
    "agency-quote-form": AgencyQuoteFormElement;
    "agency-pricing": AgencyPricingElement;
    "agency-login": AgencyLoginElement;
    "agency-subscribe": AgencySubscribeElement;
    "agency-settings": AgencySettingsElement;
    "agency-cookie-banner": AgencyCookieBannerElement;
  }

  // The events bubble and are composed, so any element, the document and the window hear them.
  interface GlobalEventHandlersEventMap {
    /** The request was stored; the detail is the request as sent. */
    "agency-quote-submitted": CustomEvent<AgencyQuoteRequest>;
    /** The request was not stored; the form shows why and keeps what the visitor typed. */
    "agency-quote-failed": CustomEvent<AgencyQuoteFailedDetail>;
    /** A visitor chose a package. Cancel it to handle the choice yourself: the link is not followed and no agency-navigate follows. Cancelable. */
    "agency-package-select": CustomEvent<AgencyPackageSelectDetail>;
    /** The element wants to go to another page. Cancel it to route yourself (a single-page app does); otherwise the element follows the link with a full page load. Cancelable. */
    "agency-navigate": CustomEvent<AgencyNavigateDetail>;
    /** A visitor logged in. */
    "agency-login-success": CustomEvent<AgencyUser>;
    /** A visitor created an account. */
    "agency-register-success": CustomEvent<AgencyUser>;
    /** The embedded checkout completed; agency-navigate to success-url follows. */
    "agency-subscription-success": CustomEvent<AgencySubscriptionSuccessDetail>;
    /** The subscription was cancelled at the end of its period; the detail is the subscription as it is now. */
    "agency-subscription-cancel": CustomEvent<AgencySubscriptionChangeDetail>;
    /** A cancelled subscription was resumed; the detail is the subscription as it is now. */
    "agency-subscription-resume": CustomEvent<AgencySubscriptionChangeDetail>;
    /** 'Manage billing' is about to open the payment provider's billing portal at `detail.url`. Cancel it to open that address yourself (in a new tab, say); otherwise the element goes there, and the portal leads back to this page. Cancelable. */
    "agency-billing-portal": CustomEvent<AgencyBillingPortalDetail>;
    /** The account was deleted and the visitor signed out; navigate away (the host goes to the home page). */
    "agency-account-delete": CustomEvent<AgencyAccountDeleteDetail>;
    /** The visitor made or changed a decision; the detail is the stored record. */
    "agency-consent-change": CustomEvent<AgencyConsentRecord>;
  }

  /** Installed by every entry of the bundle. */
  var AgencyWidgets: AgencyWidgetsGlobal | undefined;
}
