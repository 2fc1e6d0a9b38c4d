/**
 * Every agency-* event's `detail`, by event name: the one map the element code dispatches through (`emit` is typed
 * by it), and the published declarations, custom-elements.json and the React JSX types are derived from. The
 * details are the contract's types where the API defines them, named for partners.
 */
import type {
  ConsentRecordPayload,
  ContactRequestPayload,
  CreateCheckoutPayload,
  Currency,
  HONEYPOT_FIELD,
  PackageFees,
  PackageId,
  Passkey,
  PortalResponse,
  Subscription,
  Team,
  TeamRole,
  User,
} from "@agency/contract";

/** `agency-navigate`: where an element wants to go. */
export interface AgencyNavigateDetail {
  /** The app path asked for, e.g. "/dashboard", or a full URL given by an attribute. */
  to: string;
  /** Where the browser goes when nobody cancels: `to` under the site's base path. */
  href: string;
  /** The tag of the element that asked, e.g. "agency-login". */
  source: string;
}

/** An account, as the API returns it. */
export interface AgencyUser extends User {}

/** A subscription, as the API returns it. */
export interface AgencySubscription extends Subscription {}

/** `agency-subscription-cancel` and `agency-subscription-resume`: the subscription as it is now. */
export interface AgencySubscriptionChangeDetail {
  subscription: AgencySubscription | null;
}

/**
 * `agency-billing-portal`: 'Manage billing' is about to open the payment provider's billing portal at `url` (Stripe's
 * customer portal, or the server's test portal), or the payment notice's button the page where an owed payment is
 * paid or confirmed (Stripe's invoice page, or the test provider's). Cancelable: the page may open it itself instead.
 */
export interface AgencyBillingPortalDetail extends PortalResponse {}

/** `agency-subscription-success`: the embedded checkout completed for this plan and period. */
export interface AgencySubscriptionSuccessDetail extends Pick<CreateCheckoutPayload, "planId" | "billingPeriod"> {}

/**
 * `agency-account-delete`: the visitor deleted their account (`email`: its address). The element has signed them
 * out; the page decides where to go next (the host goes to the home page).
 */
export interface AgencyAccountDeleteDetail extends Pick<User, "email"> {}

/** `agency-profile-change`: the visitor changed their name; the account as it is now. */
export interface AgencyProfileChangeDetail {
  user: AgencyUser;
}

/**
 * `agency-email-change-request`: a link was mailed to the new address (`email`). The account keeps its address until
 * the link is followed.
 */
export interface AgencyEmailChangeRequestDetail extends Pick<User, "email"> {}

/**
 * `agency-password-change`: the password of the account (`email`: its address) was changed; this device stays
 * signed in, every other one was signed out.
 */
export interface AgencyPasswordChangeDetail extends Pick<User, "email"> {}

/** `agency-sessions-revoke`: devices were signed out from the list of signed-in devices. */
export interface AgencySessionsRevokeDetail {
  /** How many devices were signed out. */
  revoked: number;
}

/**
 * `agency-two-factor-change`: two-step verification was turned on (`enabled`: true) or off, or new recovery codes
 * were made (`enabled` stays true).
 */
export interface AgencyTwoFactorChangeDetail {
  enabled: boolean;
  /** Unused recovery codes now. */
  recoveryCodesLeft: number;
}

/** A company, as the API returns it: its id, name, VAT and KvK numbers. */
export interface AgencyTeam extends Team {}

/**
 * `agency-team-change` (the visitor left their company, or handed its ownership over) and `agency-invitation-accept`
 * (the visitor accepted an invitation): the company they are in now, and their role there.
 */
export interface AgencyTeamChangeDetail {
  team: AgencyTeam;
  role: TeamRole;
}

/** A passkey of the account, as the API returns it: its name, when it was added and when it last signed in. */
export interface AgencyPasskey extends Passkey {}

/** `agency-passkey-add` and `agency-passkey-remove`: the passkey added or removed. */
export interface AgencyPasskeyChangeDetail {
  passkey: AgencyPasskey;
}

/** `agency-package-select`: the package a visitor chose, priced in the element's currency. */
export interface AgencyPackageSelectDetail extends PackageFees {
  id: PackageId;
  name: string;
  currency: Currency;
}

/**
 * A quote request as the form sent it: the body of POST /contact, less the field only robots fill in and the spam
 * checks (the form's timing and the proof-of-work solution).
 */
export interface AgencyQuoteRequest extends Omit<ContactRequestPayload, typeof HONEYPOT_FIELD | "fillMs" | "challenge"> {}

/** `agency-quote-failed`: what went wrong, and the request that was not stored. */
export interface AgencyQuoteFailedDetail {
  /** The message the form shows, in the element's language. */
  message: string;
  /** HTTP status, absent for a network error. */
  status?: number;
  request: AgencyQuoteRequest;
}

/** `agency-consent-change`: the visitor's cookie decision, as stored in localStorage under `cookieConsent`. */
export interface AgencyConsentRecord extends ConsentRecordPayload {}

/** Every agency-* event's `detail`, by event name. */
export interface AgencyEventDetails {
  "agency-navigate": AgencyNavigateDetail;
  "agency-quote-submitted": AgencyQuoteRequest;
  "agency-quote-failed": AgencyQuoteFailedDetail;
  "agency-package-select": AgencyPackageSelectDetail;
  "agency-login-success": AgencyUser;
  "agency-register-success": AgencyUser;
  "agency-subscription-success": AgencySubscriptionSuccessDetail;
  "agency-subscription-cancel": AgencySubscriptionChangeDetail;
  "agency-subscription-resume": AgencySubscriptionChangeDetail;
  "agency-billing-portal": AgencyBillingPortalDetail;
  "agency-profile-change": AgencyProfileChangeDetail;
  "agency-email-change-request": AgencyEmailChangeRequestDetail;
  "agency-password-change": AgencyPasswordChangeDetail;
  "agency-sessions-revoke": AgencySessionsRevokeDetail;
  "agency-account-delete": AgencyAccountDeleteDetail;
  "agency-two-factor-change": AgencyTwoFactorChangeDetail;
  "agency-passkey-add": AgencyPasskeyChangeDetail;
  "agency-passkey-remove": AgencyPasskeyChangeDetail;
  "agency-team-change": AgencyTeamChangeDetail;
  "agency-invitation-accept": AgencyTeamChangeDetail;
  "agency-consent-change": AgencyConsentRecord;
}
