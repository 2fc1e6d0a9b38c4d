import { commonAttributes, navigateEvent, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const settingsMeta = {
  tag: "agency-settings",
  attributes: { ...commonAttributes },
  events: {
    "agency-subscription-cancel": { cancelable: false },
    "agency-subscription-resume": { cancelable: false },
    "agency-billing-portal": { cancelable: true },
    "agency-account-delete": { cancelable: false },
    "agency-navigate": navigateEvent,
  },
} as const satisfies ElementMeta;

export const settingsDocs: ElementDocs<typeof settingsMeta> = {
  description:
    "The logged-in visitor's account and subscription: cancel at the end of the period, or resume before it ends; " +
    "manage billing (card, billing address, VAT number, monthly or yearly) and see the invoices; download their data, or " +
    "delete the account.",
  attributes: {},
  events: {
    "agency-subscription-cancel": "The subscription was cancelled at the end of its period; the detail is the subscription as it is now.",
    "agency-subscription-resume": "A cancelled subscription was resumed; the detail is the subscription as it is now.",
    "agency-billing-portal":
      "'Manage billing' is about to open the payment provider's billing portal at `detail.url`. Cancel it to open that address yourself " +
      "(in a new tab, say); otherwise the element goes there, and the portal leads back to this page.",
    "agency-account-delete": "The account was deleted and the visitor signed out; navigate away (the host goes to the home page).",
  },
  parts: {
    root: "The element's outer box.",
    account: "The account card.",
    subscription: "The subscription card.",
    status: "The subscription's status badge.",
    notice: "The notice that a cancelled subscription is ending.",
    cancel: "The 'Cancel Subscription' button.",
    billing: "The billing card: 'Manage billing' and the invoices.",
    "manage-billing": "The 'Manage billing' button.",
    invoices: "The table of invoices.",
    "invoice-pdf": "The link to an invoice's PDF.",
    data: "The 'Your data' card.",
    download: "The 'Download my data' button.",
    delete: "The 'Delete account' button.",
  },
  cssProperties: {
    "--agency-settings-max-width": "Maximum width of the element.",
  },
};
