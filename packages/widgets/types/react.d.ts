// React 19 JSX types for the agency-* custom elements: attributes, and the on<event> props React 19 binds.
// Generated from the element metas by @agency/widgets' build (scripts/build-api.ts); do not edit.

import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { AgencyAccountDeleteDetail, AgencyBillingPortalDetail, AgencyConsentRecord, AgencyCookieBannerElement, AgencyLoginElement, AgencyNavigateDetail, AgencyPackageSelectDetail, AgencyPricingElement, AgencyQuoteFailedDetail, AgencyQuoteFormElement, AgencyQuoteRequest, AgencySettingsElement, AgencySubscribeElement, AgencySubscriptionChangeDetail, AgencySubscriptionSuccessDetail, AgencyUser } from "./agency-widgets.js";

/**
 * React 19 passes a prop named `on` + an event name to addEventListener on a custom element, so
 * `onagency-navigate={…}` listens for `agency-navigate`. Other props become attributes (true: present, false: absent).
 */
type Listener<Detail> = (event: CustomEvent<Detail>) => void;

/** JSX props of <agency-quote-form>. */
export interface AgencyQuoteFormAttributes {
  /** Language of the element; changing it re-renders in that language. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  "locale"?: "nl" | "en";
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  "api-base"?: string;
  /** Names the client site the form runs on; stored with the request for attribution. */
  "source"?: string;
  /** The request was stored; the detail is the request as sent. */
  "onagency-quote-submitted"?: Listener<AgencyQuoteRequest>;
  /** The request was not stored; the form shows why and keeps what the visitor typed. */
  "onagency-quote-failed"?: Listener<AgencyQuoteFailedDetail>;
}

/** JSX props of <agency-pricing>. */
export interface AgencyPricingAttributes {
  /** Language of the element; changing it re-renders in that language. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  "locale"?: "nl" | "en";
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  "api-base"?: string;
  /** Where 'Get Started' leads. Default: /contact (nl) or /en/contact (en). */
  "contact-href"?: string;
  /** Adds the 'What's Included' block under the packages. Default: false. */
  "show-included"?: boolean;
  /** A visitor chose a package. Cancel it to handle the choice yourself: the link is not followed and no agency-navigate follows. Cancelable. */
  "onagency-package-select"?: Listener<AgencyPackageSelectDetail>;
  /** The element wants to go to another page. Cancel it to route yourself (a single-page app does); otherwise the element follows the link with a full page load. Cancelable. */
  "onagency-navigate"?: Listener<AgencyNavigateDetail>;
}

/** JSX props of <agency-login>. */
export interface AgencyLoginAttributes {
  /** Language of the element; changing it re-renders in that language. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  "locale"?: "nl" | "en";
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  "api-base"?: string;
  /** Which view to show; changing it switches the view. Default: "login". */
  "view"?: "login" | "register" | "forgot";
  /** Where a successful login, or a visitor who is already logged in, goes: a relative or same-origin http(s) address; anything else (javascript:, another host) is ignored with a console warning. Default: "/dashboard". */
  "redirect-to"?: string;
  /** A visitor logged in. */
  "onagency-login-success"?: Listener<AgencyUser>;
  /** A visitor created an account. */
  "onagency-register-success"?: Listener<AgencyUser>;
  /** The element wants to go to another page. Links between its own views (/login, /register, /forgot-password) switch the view in place unless cancelled; any other link is followed unless cancelled. Cancelable. */
  "onagency-navigate"?: Listener<AgencyNavigateDetail>;
}

/** JSX props of <agency-subscribe>. */
export interface AgencySubscribeAttributes {
  /** Language of the element; changing it re-renders in that language. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  "locale"?: "nl" | "en";
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  "api-base"?: string;
  /** Where the payment provider returns after paying (absolute, or relative to this page). Default: {base}dashboard?subscription=success on this origin. */
  "success-url"?: string;
  /** Where the payment provider returns after cancelling (absolute, or relative to this page). Default: this page with ?subscription=cancelled. */
  "cancel-url"?: string;
  /** The link shown when the plan cannot be loaded. Default: "/pricing". */
  "pricing-href"?: string;
  /** The contact link under the plan. Default: "/contact". */
  "contact-href"?: string;
  /** The embedded checkout completed; agency-navigate to success-url follows. */
  "onagency-subscription-success"?: Listener<AgencySubscriptionSuccessDetail>;
  /** The element wants to go to another page. Cancel it to route yourself (a single-page app does); otherwise the element follows the link with a full page load. Cancelable. */
  "onagency-navigate"?: Listener<AgencyNavigateDetail>;
}

/** JSX props of <agency-settings>. */
export interface AgencySettingsAttributes {
  /** Language of the element; changing it re-renders in that language. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  "locale"?: "nl" | "en";
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  "api-base"?: string;
  /** The subscription was cancelled at the end of its period; the detail is the subscription as it is now. */
  "onagency-subscription-cancel"?: Listener<AgencySubscriptionChangeDetail>;
  /** A cancelled subscription was resumed; the detail is the subscription as it is now. */
  "onagency-subscription-resume"?: Listener<AgencySubscriptionChangeDetail>;
  /** 'Manage billing' is about to open the payment provider's billing portal at `detail.url`. Cancel it to open that address yourself (in a new tab, say); otherwise the element goes there, and the portal leads back to this page. Cancelable. */
  "onagency-billing-portal"?: Listener<AgencyBillingPortalDetail>;
  /** The account was deleted and the visitor signed out; navigate away (the host goes to the home page). */
  "onagency-account-delete"?: Listener<AgencyAccountDeleteDetail>;
  /** The element wants to go to another page. Cancel it to route yourself (a single-page app does); otherwise the element follows the link with a full page load. Cancelable. */
  "onagency-navigate"?: Listener<AgencyNavigateDetail>;
}

/** JSX props of <agency-cookie-banner>. */
export interface AgencyCookieBannerAttributes {
  /** Language of the element; changing it re-renders in that language. Default: AgencyWidgets.configure({ locale }), else the page URL (/en), else nl. */
  "locale"?: "nl" | "en";
  /** The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin. Default: AgencyWidgets.configure({ apiBase }), else /api on the page's origin. */
  "api-base"?: string;
  /** The cookie policy page. Default: /cookie-policy (nl) or /en/cookie-policy (en). */
  "policy-href"?: string;
  /** Version of the cookie policy; raise it to ask everyone again. Default: 1. */
  "policy-version"?: number;
  /** The visitor made or changed a decision; the detail is the stored record. */
  "onagency-consent-change"?: Listener<AgencyConsentRecord>;
  /** The element wants to go to another page. Cancel it to route yourself (a single-page app does); otherwise the element follows the link with a full page load. Cancelable. */
  "onagency-navigate"?: Listener<AgencyNavigateDetail>;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "agency-quote-form": DetailedHTMLProps<HTMLAttributes<AgencyQuoteFormElement>, AgencyQuoteFormElement> & AgencyQuoteFormAttributes;
      "agency-pricing": DetailedHTMLProps<HTMLAttributes<AgencyPricingElement>, AgencyPricingElement> & AgencyPricingAttributes;
      "agency-login": DetailedHTMLProps<HTMLAttributes<AgencyLoginElement>, AgencyLoginElement> & AgencyLoginAttributes;
      "agency-subscribe": DetailedHTMLProps<HTMLAttributes<AgencySubscribeElement>, AgencySubscribeElement> & AgencySubscribeAttributes;
      "agency-settings": DetailedHTMLProps<HTMLAttributes<AgencySettingsElement>, AgencySettingsElement> & AgencySettingsAttributes;
      "agency-cookie-banner": DetailedHTMLProps<HTMLAttributes<AgencyCookieBannerElement>, AgencyCookieBannerElement> & AgencyCookieBannerAttributes;
    }
  }
}
