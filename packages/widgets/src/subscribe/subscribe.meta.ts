import { commonAttributes, navigateEvent, type ElementMeta } from "../element/element-meta";

export const subscribeMeta = {
  tag: "agency-subscribe",
  className: "AgencySubscribeElement",
  description:
    "The Pro plan with monthly or yearly billing and the way to pay: the payment provider's checkout page, or its embedded checkout.",
  attributes: {
    ...commonAttributes,
    successUrl: {
      type: "string",
      defaultText: "{base}dashboard?subscription=success on this origin",
      description: "Where the payment provider returns after paying (absolute, or relative to this page).",
    },
    cancelUrl: {
      type: "string",
      defaultText: "this page with ?subscription=cancelled",
      description: "Where the payment provider returns after cancelling (absolute, or relative to this page).",
    },
    pricingHref: { type: "string", default: "/pricing", description: "The link shown when the plan cannot be loaded." },
    contactHref: { type: "string", default: "/contact", description: "The contact link under the plan." },
  },
  events: {
    "agency-subscription-success": {
      detail: "AgencySubscriptionSuccessDetail",
      cancelable: false,
      description: "The embedded checkout completed; agency-navigate to success-url follows.",
    },
    "agency-navigate": navigateEvent,
  },
  parts: {
    root: "The element's outer box.",
    hero: "The heading block.",
    notice: "The notice after returning from a cancelled checkout.",
    failure: "The message shown when the plan cannot be loaded.",
    billing: "The monthly/yearly switch.",
    plan: "The plan card.",
    checkout: "The box the embedded checkout opens in.",
    start: "The button that starts the checkout.",
    trust: "The list of guarantees under the plan.",
  },
  cssProperties: {
    "--agency-subscribe-max-width": "Maximum width of the element.",
  },
} as const satisfies ElementMeta;
