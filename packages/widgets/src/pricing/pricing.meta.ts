import { commonAttributes, navigateEvent, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const pricingMeta = {
  tag: "agency-pricing",
  attributes: {
    ...commonAttributes,
    contactHref: { type: "string" },
    showIncluded: { type: "boolean", default: false },
  },
  events: { "agency-package-select": { cancelable: true }, "agency-navigate": navigateEvent },
} as const satisfies ElementMeta;

export const pricingDocs: ElementDocs<typeof pricingMeta> = {
  description: "The three website packages, priced in euro (nl) or dollars (en), each leading to the contact page.",
  attributes: {
    contactHref: { default: "/contact", defaultText: "/contact (nl) or /en/contact (en)", description: "Where 'Get Started' leads." },
    showIncluded: { description: "Adds the 'What's Included' block under the packages." },
  },
  events: {
    "agency-package-select":
      "A visitor chose a package. Cancel it to handle the choice yourself: the link is not followed and no agency-navigate follows.",
  },
  parts: {
    pricing: "The whole table.",
    package: "Each package card.",
    "package-recommended": "The recommended package's card (it has the `package` part too).",
    badge: "The 'Recommended' badge.",
    cta: "Each 'Get Started' link.",
    included: "The 'What's Included' block (with show-included).",
  },
  cssProperties: {},
};
