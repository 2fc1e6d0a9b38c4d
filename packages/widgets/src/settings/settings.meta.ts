import { commonAttributes, navigateEvent, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const settingsMeta = {
  tag: "agency-settings",
  attributes: { ...commonAttributes },
  events: {
    "agency-subscription-cancel": { cancelable: false },
    "agency-subscription-resume": { cancelable: false },
    "agency-account-delete": { cancelable: false },
    "agency-navigate": navigateEvent,
  },
} as const satisfies ElementMeta;

export const settingsDocs: ElementDocs<typeof settingsMeta> = {
  description:
    "The logged-in visitor's account and subscription: cancel at the end of the period, or resume before it ends; " +
    "download their data, or delete the account.",
  attributes: {},
  events: {
    "agency-subscription-cancel": "The subscription was cancelled at the end of its period; the detail is the subscription as it is now.",
    "agency-subscription-resume": "A cancelled subscription was resumed; the detail is the subscription as it is now.",
    "agency-account-delete": "The account was deleted and the visitor signed out; navigate away (the host goes to the home page).",
  },
  parts: {
    root: "The element's outer box.",
    account: "The account card.",
    subscription: "The subscription card.",
    status: "The subscription's status badge.",
    notice: "The notice that a cancelled subscription is ending.",
    cancel: "The 'Cancel Subscription' button.",
    data: "The 'Your data' card.",
    download: "The 'Download my data' button.",
    delete: "The 'Delete account' button.",
  },
  cssProperties: {
    "--agency-settings-max-width": "Maximum width of the element.",
  },
};
