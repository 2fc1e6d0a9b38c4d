import { commonAttributes, navigateEvent, type ElementMeta } from "../element/element-meta";

export const settingsMeta = {
  tag: "agency-settings",
  className: "AgencySettingsElement",
  description:
    "The logged-in visitor's account and subscription: verify the e-mail address, change the name, e-mail address and " +
    "password, see the signed-in devices and sign out the others; cancel the subscription at the end of the period, or " +
    "resume it before it ends; download their data, or delete the account. Works with or without a subscription.",
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
    "agency-profile-change": {
      detail: "AgencyProfileChangeDetail",
      cancelable: false,
      description: "The visitor changed their name; the detail is the account as it is now.",
    },
    "agency-email-change-request": {
      detail: "AgencyEmailChangeRequestDetail",
      cancelable: false,
      description: "A link was mailed to a new address; the account keeps its address until the link is followed.",
    },
    "agency-password-change": {
      detail: "AgencyPasswordChangeDetail",
      cancelable: false,
      description: "The password was changed; this device stays signed in, every other one was signed out.",
    },
    "agency-sessions-revoke": {
      detail: "AgencySessionsRevokeDetail",
      cancelable: false,
      description: "Devices were signed out from the list of signed-in devices (one, or all but this one).",
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
    verify: "The notice that the e-mail address is not verified yet.",
    resend: "The 'Resend verification e-mail' button.",
    account: "The account card.",
    "edit-name": "The 'Change name' button.",
    "edit-email": "The 'Change e-mail address' button.",
    subscription: "The subscription card.",
    status: "The subscription's status badge.",
    notice: "The notice that a cancelled subscription is ending.",
    cancel: "The 'Cancel Subscription' button.",
    password: "The 'Change password' card.",
    sessions: "The 'Signed-in devices' card.",
    session: "One signed-in device in that card.",
    "sign-out-others": "The 'Sign out everywhere else' button.",
    data: "The 'Your data' card.",
    download: "The 'Download my data' button.",
    delete: "The 'Delete account' button.",
  },
  cssProperties: {
    "--agency-settings-max-width": "Maximum width of the element.",
  },
} as const satisfies ElementMeta;
