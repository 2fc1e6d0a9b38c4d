import { commonAttributes, navigateEvent, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const cookieBannerMeta = {
  tag: "agency-cookie-banner",
  attributes: {
    ...commonAttributes,
    policyHref: { type: "string" },
    policyVersion: { type: "number" },
  },
  events: { "agency-consent-change": { cancelable: false }, "agency-navigate": navigateEvent },
} as const satisfies ElementMeta;

export const cookieBannerDocs: ElementDocs<typeof cookieBannerMeta> = {
  description:
    "Cookie consent: nothing optional is pre-ticked, and the choice can be changed at any time with AgencyWidgets.openCookieSettings() or any [data-agency-cookie-settings] control. Scripts of type text/plain with data-consent=\"analytics\" or \"marketing\" run once allowed.",
  attributes: {
    policyHref: { defaultText: "/cookie-policy (nl) or /en/cookie-policy (en)", description: "The cookie policy page." },
    policyVersion: { defaultText: "1", description: "Version of the cookie policy; raise it to ask everyone again." },
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
