import { commonAttributes, navigateEvent, type ElementDocs, type ElementMeta } from "../element/element-meta";

export const settingsMeta = {
  tag: "agency-settings",
  attributes: { ...commonAttributes },
  events: {
    "agency-subscription-cancel": { cancelable: false },
    "agency-subscription-resume": { cancelable: false },
    "agency-billing-portal": { cancelable: true },
    "agency-profile-change": { cancelable: false },
    "agency-email-change-request": { cancelable: false },
    "agency-password-change": { cancelable: false },
    "agency-sessions-revoke": { cancelable: false },
    "agency-account-delete": { cancelable: false },
    "agency-two-factor-change": { cancelable: false },
    "agency-passkey-add": { cancelable: false },
    "agency-passkey-remove": { cancelable: false },
    "agency-team-change": { cancelable: false },
    "agency-navigate": navigateEvent,
  },
} as const satisfies ElementMeta;

export const settingsDocs: ElementDocs<typeof settingsMeta> = {
  description:
    "The logged-in visitor's account and subscription: verify the e-mail address, change the name, e-mail address and " +
    "password, add, rename and remove passkeys, turn two-step verification (an authenticator app) on or off, see the signed-in devices and sign " +
    "out the others; cancel the subscription at the end of the period, or " +
    "resume it before it ends; manage billing (card, billing address, VAT number, monthly or yearly) and see the " +
    "invoices; see their company (name, KvK and VAT numbers), its members and roles, invite people, change roles, remove members, " +
    "hand ownership over or leave, each as far as their role allows; download their data, or delete the account. Works with or " +
    "without a subscription.",
  attributes: {},
  events: {
    "agency-subscription-cancel": "The subscription was cancelled at the end of its period; the detail is the subscription as it is now.",
    "agency-subscription-resume": "A cancelled subscription was resumed; the detail is the subscription as it is now.",
    "agency-billing-portal":
      "'Manage billing' is about to open the payment provider's billing portal at `detail.url`, or the payment notice's button the page " +
      "where an owed payment is paid or confirmed. Cancel it to open that address yourself (in a new tab, say); otherwise the element " +
      "goes there, and that page leads back to this one.",
    "agency-profile-change": "The visitor changed their name; the detail is the account as it is now.",
    "agency-email-change-request": "A link was mailed to a new address; the account keeps its address until the link is followed.",
    "agency-password-change": "The password was changed; this device stays signed in, every other one was signed out.",
    "agency-sessions-revoke": "Devices were signed out from the list of signed-in devices (one, or all but this one).",
    "agency-two-factor-change":
      "Two-step verification was turned on or off, or new recovery codes were made; the detail says whether it is on and how many recovery codes are left.",
    "agency-account-delete": "The account was deleted and the visitor signed out; navigate away (the host goes to the home page).",
    "agency-passkey-add": "A passkey was added to the account; the detail is the new passkey.",
    "agency-passkey-remove": "A passkey was removed from the account; it signs in no more.",
    "agency-team-change":
      "The visitor left their company (and is now the owner of a company of their own) or handed its ownership over; the detail is the company and their role there.",
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
    "payment-notice": "The notice that a payment needs the visitor (failed, or to be confirmed), with until when they keep the plan.",
    pay: "The payment notice's button: 'Pay now' or 'Confirm payment'.",
    cancel: "The 'Cancel Subscription' button.",
    withdraw: "The 'Withdraw from contract' link (the EU withdrawal function), always in the subscription card.",
    billing: "The billing card: 'Manage billing' and the invoices.",
    "manage-billing": "The 'Manage billing' button.",
    invoices: "The table of invoices.",
    "invoice-pdf": "The link to an invoice's PDF.",
    password: "The 'Change password' card.",
    passkeys: "The 'Passkeys' card.",
    passkey: "One passkey in that card, with its name, when it was added and last used.",
    "add-passkey": "The 'Add a passkey' button.",
    sessions: "The 'Signed-in devices' card.",
    session: "One signed-in device in that card.",
    "sign-out-others": "The 'Sign out everywhere else' button.",
    "two-factor": "The 'Two-step verification' card: turn it on (QR code, key and a code), new recovery codes, turn it off.",
    "recovery-codes": "The list of recovery codes, shown once after they are made.",
    team: "The 'Team' card: the company, its members and roles, invitations, handing ownership over and leaving.",
    "edit-company": "The 'Edit company details' button (name and KvK number for owners and admins, VAT number for owners and billing members).",
    member: "One member in the Team card, with their role.",
    "member-role": "A member's role, where the visitor may not change it.",
    invite: "The form that invites someone by e-mail (owners and admins).",
    invitation: "One pending invitation, with its 'Withdraw' button.",
    transfer: "The 'Hand ownership over' button (the owner).",
    leave: "The 'Leave' button (everyone but the owner).",
    data: "The 'Your data' card.",
    download: "The 'Download my data' button.",
    delete: "The 'Delete account' button.",
  },
  cssProperties: {
    "--agency-settings-max-width": "Maximum width of the element.",
  },
};
