import { CONSENT_MAX_AGE_DAYS, CONSENT_VERSION } from "./consent";
import { DEFAULT_CONSENT_COOKIES } from "./consent-cookies";
import { commonAttributes, navigateEvent, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const cookieBannerMeta = {
  tag: "agency-cookie-banner",
  attributes: {
    ...commonAttributes,
    policyHref: { type: "string" },
    policyVersion: { type: "number" },
    consentMaxAgeDays: { type: "number" },
    analyticsCookies: { type: "string" },
    marketingCookies: { type: "string" },
  },
  events: { "agency-consent-change": { cancelable: false }, "agency-navigate": navigateEvent },
} as const satisfies ElementMeta;

export const cookieBannerDocs: ElementDocs<typeof cookieBannerMeta> = {
  description:
    "Cookie consent: nothing optional is pre-ticked, and the choice can be changed at any time with AgencyWidgets.openCookieSettings() or any [data-agency-cookie-settings] control; the details show the consent ID, date and policy version of the decision on record. A browser that sends Global Privacy Control gets marketing off (the banner says so) unless the visitor ticks it, and the record notes the signal. Refusing or withdrawing a category deletes the cookies it covers (analytics-cookies, marketing-cookies) on this host and its parent domains. Scripts of type text/plain with data-consent=\"analytics\" or \"marketing\" run once allowed; <iframe data-consent=\"analytics|marketing\" data-src=\"…\"> stays empty behind a placeholder naming its provider (data-provider, else the host) until allowed or loaded once, and unloads when withdrawn. On a page with gtag or a dataLayer it sets Google's Consent Mode v2: consent default (all denied, wait_for_update) when the bundle loads, consent update for analytics_storage, ad_storage, ad_user_data and ad_personalization from each decision.",
  attributes: {
    policyHref: { default: "/cookie-policy", defaultText: "/cookie-policy (nl) or /en/cookie-policy (en)", description: "The cookie policy page." },
    policyVersion: { default: CONSENT_VERSION, description: "Version of the cookie policy; raise it to ask everyone again." },
    consentMaxAgeDays: {
      default: CONSENT_MAX_AGE_DAYS,
      description: "Days a decision counts (365 is 12 months); after that the banner asks again.",
    },
    analyticsCookies: {
      default: DEFAULT_CONSENT_COOKIES.analytics.join(" "),
      defaultText: "AgencyWidgets.configure({ consentCookies: { analytics } }), else Google Analytics 4's cookies",
      description: "Names of the cookies analytics covers, separated by spaces or commas (* for any characters); deleted when analytics is refused or withdrawn.",
    },
    marketingCookies: {
      default: DEFAULT_CONSENT_COOKIES.marketing.join(" "),
      defaultText: "AgencyWidgets.configure({ consentCookies: { marketing } }), else those of Google Ads and Meta",
      description: "Names of the cookies marketing covers, as for analytics-cookies; deleted when marketing is refused or withdrawn.",
    },
  },
  events: {
    "agency-consent-change": "The visitor made or changed a decision; the detail is the stored record.",
  },
  parts: {
    banner: "The banner.",
    details: "The per-category choices.",
  },
  cssProperties: {
    "--agency-consent-offset": "Distance of the banner from the bottom of the window.",
    "--agency-consent-z-index": "Stacking order of the banner.",
    "--agency-consent-max-width": "Maximum width of the banner.",
  },
};
