import { commonAttributes, navigateEvent, type ElementMeta } from "../element/element-meta";

export const settingsMeta = {
  tag: "agency-settings",
  className: "AgencySettingsElement",
  description:
    "The logged-in visitor's account and subscription: cancel at the end of the period, or resume before it ends; " +
    "manage billing (card, billing address, VAT number, monthly or yearly) and see the invoices; download their data, or " +
    "delete the account.",
  attributes: { ...commonAttributes },
  events: {
    "agency-subscription-cancel": {
      detail: "AgencySubscriptionChangeDetail",
      cancelable: false,
      description: "The subscription was cancelled at the end of its period; the detail is the subscription as it is now.",
    },
    "agency-subscription-resume": {
      detail: "AgencySubscriptionChangeDetail",
      cancelable: false,
      description: "A cancelled subscription was resumed; the detail is the subscription as it is now.",
    },
    "agency-billing-portal": {
      detail: "AgencyBillingPortalDetail",
      cancelable: true,
      description:
        "'Manage billing' is about to open the payment provider's billing portal at `detail.url`. Cancel it to open that address yourself " +
        "(in a new tab, say); otherwise the element goes there, and the portal leads back to this page.",
    },
    "agency-account-delete": {
      detail: "AgencyAccountDeleteDetail",
      cancelable: false,
      description: "The account was deleted and the visitor signed out; navigate away (the host goes to the home page).",
    },
    "agency-navigate": navigateEvent,
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
} as const satisfies ElementMeta;
