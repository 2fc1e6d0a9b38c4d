import { commonAttributes, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const quoteFormMeta = {
  tag: "agency-quote-form",
  attributes: { ...commonAttributes, source: { type: "string" }, privacyHref: { type: "string" } },
  events: { "agency-quote-submitted": { cancelable: false }, "agency-quote-failed": { cancelable: false } },
} as const satisfies ElementMeta;

export const quoteFormDocs: ElementDocs<typeof quoteFormMeta> = {
  description:
    "The quote-request form. It validates as the visitor types, sends the request to POST {api-base}/contact and shows the outcome.",
  attributes: {
    source: { description: "Names the client site the form runs on; stored with the request for attribution." },
    privacyHref: {
      default: "/privacy-policy",
      defaultText: "the agency's /privacy-policy (nl) or /en/privacy-policy (en), on the site of api-base",
      description: "The privacy policy the notice under the submit button links to (opens in a new tab).",
    },
  },
  events: {
    "agency-quote-submitted": "The request was stored; the detail is the request as sent.",
    "agency-quote-failed": "The request was not stored; the form shows why and keeps what the visitor typed.",
  },
  parts: {
    form: "The form.",
    features: "The fieldset of feature checkboxes.",
    message: "The success or error message after sending.",
    submit: "The submit button.",
    privacy: "The privacy notice under the submit button, with its link to the privacy policy.",
  },
  cssProperties: {
    "--agency-form-max-width": "Maximum width of the form.",
    "--agency-form-padding": "Padding around the form.",
    "--agency-color-input-border": "Border colour of the form fields.",
  },
};
