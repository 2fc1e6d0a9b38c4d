import { commonAttributes, navigateEvent, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const subscribeMeta = {
  tag: "agency-subscribe",
  attributes: {
    ...commonAttributes,
    successUrl: { type: "string" },
    cancelUrl: { type: "string" },
    pricingHref: { type: "string", default: "/pricing" },
    contactHref: { type: "string", default: "/contact" },
  },
  events: { "agency-subscription-success": { cancelable: false }, "agency-navigate": navigateEvent },
} as const satisfies ElementMeta;

export const subscribeDocs: ElementDocs<typeof subscribeMeta> = {
  description:
    "The Pro plan with monthly or yearly billing and the way to pay: the payment provider's checkout page, or its embedded checkout.",
  attributes: {
    successUrl: {
      default: "/dashboard?subscription=success",
      defaultText: "{base}dashboard?subscription=success on this origin",
      description: "Where the payment provider returns after paying (absolute, or relative to this page).",
    },
    cancelUrl: {
      default: "?subscription=cancelled",
      defaultText: "this page with ?subscription=cancelled",
      description: "Where the payment provider returns after cancelling (absolute, or relative to this page).",
    },
    pricingHref: { description: "The link shown when the plan cannot be loaded." },
    contactHref: { description: "The contact link under the plan." },
  },
  events: {
    "agency-subscription-success": "The embedded checkout completed; agency-navigate to success-url follows.",
  },
  parts: {
    root: "The element's outer box.",
    hero: "The heading block.",
    notice: "The notice after returning from a cancelled checkout.",
    failure: "The message shown when the plan cannot be loaded.",
    buyers: "For a member of a company who may not buy: who in the company can (its owner and billing members), in place of the plan.",
    billing: "The monthly/yearly switch.",
    plan: "The plan card.",
    "immediate-start": "The request to start during the 14-day withdrawal period (a checkbox, unticked), sent with the checkout.",
    checkout: "The box the embedded checkout opens in.",
    start: "The button that starts the checkout.",
    trust: "The list of guarantees under the plan.",
  },
  cssProperties: {
    "--agency-subscribe-max-width": "Maximum width of the element.",
  },
};
