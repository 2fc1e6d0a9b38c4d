import type { MessageDescriptor } from "@lingui/core";
import type { ErrorCode } from "./error-codes";
import { OFFER_ERROR_MESSAGES, OFFER_FIELD_LABELS } from "./offer-messages";
import { REQUEST_ERROR_MESSAGES } from "./requests-messages";
import { TEAM_ERROR_MESSAGES } from "./team-messages";
import { HONEYPOT_FIELD } from "./values";

/**
 * The text of every error code, in English here and in Dutch in locales/nl.po: one message per code, used by the
 * server to write `error` in the request's language and by the browser to translate `code`, so both say the same.
 * The Lingui id of each message is its code (field labels: `field.<name>`), and error-text.ts looks them up by
 * that id, so these English source texts never travel in a bundle. `{minutes}` comes from the answer's retryAfter,
 * `{fields}` from its fields, named with the labels below. The objects are marked for `lingui extract`, which needs
 * no macro for them; the Record type makes a code without a message a compile error.
 */
export const ERROR_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  "request.invalid": /*i18n*/ { id: "request.invalid", message: "Some of the information sent is missing or not valid: {fields}." },
  "request.malformed_json": /*i18n*/ { id: "request.malformed_json", message: "The request could not be read (malformed JSON). Please try again." },
  "request.empty_body": /*i18n*/ { id: "request.empty_body", message: "The request is empty; send a JSON object." },
  "request.bad_content_length": /*i18n*/ {
    id: "request.bad_content_length",
    message: "The request was cut off or damaged on the way (its Content-Length does not match). Please try again.",
  },
  "request.too_large": /*i18n*/ { id: "request.too_large", message: "The request is too large." },
  "request.unsupported_media_type": /*i18n*/ { id: "request.unsupported_media_type", message: "Unsupported content type; send JSON." },
  "request.too_many": /*i18n*/ {
    id: "request.too_many",
    message: "Too many requests from your network. Please try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },
  not_found: /*i18n*/ { id: "not_found", message: "Not found: this address does not exist." },
  "server.error": /*i18n*/ { id: "server.error", message: "Something went wrong on our side. Please try again later." },
  "server.unavailable": /*i18n*/ { id: "server.unavailable", message: "The service is temporarily unavailable. Please try again later." },
  "server.database_timeout": /*i18n*/ {
    id: "server.database_timeout",
    message: "The service is very busy and could not answer in time. Please try again in a moment.",
  },

  "auth.required": /*i18n*/ { id: "auth.required", message: "Please log in to continue." },
  "auth.busy": /*i18n*/ {
    id: "auth.busy",
    message: "We are handling a lot of sign-ins right now. Please try again in a moment.",
  },
  "auth.invalid_credentials": /*i18n*/ { id: "auth.invalid_credentials", message: "Invalid email or password" },
  "auth.email_taken": /*i18n*/ { id: "auth.email_taken", message: "An account with this email already exists. Log in or reset your password." },
  "auth.too_many_attempts": /*i18n*/ {
    id: "auth.too_many_attempts",
    message: "Too many login attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },
  "auth.common_password": /*i18n*/ {
    id: "auth.common_password",
    message: "This password is one of the most common ones and easy to guess. Please choose another password.",
  },
  "auth.breached_password": /*i18n*/ {
    id: "auth.breached_password",
    message: "This password has appeared in a data breach, so attackers try it first. Please choose another password.",
  },
  "auth.challenge_required": /*i18n*/ {
    id: "auth.challenge_required",
    message: "Many wrong passwords were tried for this account, so logging in takes an extra check of this browser. Please try again.",
  },
  "auth.reset_invalid": /*i18n*/ { id: "auth.reset_invalid", message: "Invalid or expired reset link" },
  "auth.reset_used": /*i18n*/ { id: "auth.reset_used", message: "This reset link has already been used. Request a new one." },
  "auth.reset_expired": /*i18n*/ { id: "auth.reset_expired", message: "This reset link has expired. Request a new one." },
  "auth.verify_invalid": /*i18n*/ { id: "auth.verify_invalid", message: "This verification link is not valid. Request a new one from your account settings." },
  "auth.verify_used": /*i18n*/ { id: "auth.verify_used", message: "This verification link has already been used." },
  "auth.verify_expired": /*i18n*/ {
    id: "auth.verify_expired",
    message: "This verification link has expired. Request a new one from your account settings.",
  },
  "auth.already_verified": /*i18n*/ { id: "auth.already_verified", message: "Your e-mail address is already verified." },
  "auth.passkey_failed": /*i18n*/ {
    id: "auth.passkey_failed",
    message: "Signing in with this passkey did not work. Try again, or log in with your e-mail address and password.",
  },

  "auth.code_invalid": /*i18n*/ { id: "auth.code_invalid", message: "This code is not correct, or it has already been used." },
  "auth.sign_in_expired": /*i18n*/ {
    id: "auth.sign_in_expired",
    message: "This sign-in has expired or had too many wrong codes. Please log in again with your password.",
  },
  "auth.alert_invalid": /*i18n*/ { id: "auth.alert_invalid", message: "This link is not valid." },
  "auth.alert_used": /*i18n*/ {
    id: "auth.alert_used",
    message: "This link has already been used. If you still need a new password, request a reset link.",
  },
  "auth.alert_expired": /*i18n*/ {
    id: "auth.alert_expired",
    message: "This link has expired. If you still need a new password, request a reset link.",
  },
  "account.two_factor_on": /*i18n*/ { id: "account.two_factor_on", message: "Two-step verification is already on." },
  "account.two_factor_off": /*i18n*/ { id: "account.two_factor_off", message: "Two-step verification is not on." },
  "account.two_factor_not_started": /*i18n*/ {
    id: "account.two_factor_not_started",
    message: "Start setting up two-step verification first, then confirm it with a code.",
  },
  "account.email_unverified": /*i18n*/ {
    id: "account.email_unverified",
    message: "Confirm your e-mail address first, with the link we mailed you. Then you can add a passkey or two-step verification.",
  },
  "account.wrong_password": /*i18n*/ { id: "account.wrong_password", message: "The password is not correct." },
  "account.too_many_attempts": /*i18n*/ {
    id: "account.too_many_attempts",
    message: "Too many attempts with a wrong password. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },
  "account.cancel_failed": /*i18n*/ {
    id: "account.cancel_failed",
    message: "Your subscription could not be cancelled with the payment provider, so your account was not deleted. Please try again later.",
  },
  "account.same_email": /*i18n*/ { id: "account.same_email", message: "This is already the e-mail address of your account." },
  "account.too_many_mails": /*i18n*/ {
    id: "account.too_many_mails",
    message: "We have sent this e-mail several times already. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },
  "account.session_not_found": /*i18n*/ { id: "account.session_not_found", message: "This device is no longer signed in." },
  "account.password_required": /*i18n*/ {
    id: "account.password_required",
    message: "For your security, confirm your password first.",
  },
  "account.passkey_failed": /*i18n*/ { id: "account.passkey_failed", message: "The passkey could not be added. Please try again." },
  "account.passkey_exists": /*i18n*/ { id: "account.passkey_exists", message: "This passkey is already registered." },
  "account.passkey_not_found": /*i18n*/ { id: "account.passkey_not_found", message: "This passkey no longer exists." },
  "account.passkey_not_confirmed": /*i18n*/ {
    id: "account.passkey_not_confirmed",
    message: "Your passkey could not confirm it is you. Try again, or confirm with your password.",
  },
  "account.no_passkeys": /*i18n*/ { id: "account.no_passkeys", message: "Your account has no passkeys. Confirm with your password." },
  "account.too_many_passkeys": /*i18n*/ {
    id: "account.too_many_passkeys",
    message: "Your account has as many passkeys as it can have. Remove one before adding another.",
  },

  "contact.invalid_field": /*i18n*/ { id: "contact.invalid_field", message: "Please check the following fields: {fields}." },
  "contact.too_many_requests": /*i18n*/ {
    id: "contact.too_many_requests",
    message: "Too many requests from your network. Please try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },

  "contact.challenge_failed": /*i18n*/ {
    id: "contact.challenge_failed",
    message: "Your request could not be checked as sent by a person, so it was not sent. Please try again.",
  },

  "blog.not_found": /*i18n*/ { id: "blog.not_found", message: "Blog post not found" },

  "subscriptions.unknown_plan": /*i18n*/ { id: "subscriptions.unknown_plan", message: "This plan is not available." },
  "subscriptions.invalid_redirect": /*i18n*/ {
    id: "subscriptions.invalid_redirect",
    message: "The return address ({fields}) must be on this site or on a partner site that is allowed.",
  },
  "subscriptions.already_active": /*i18n*/ {
    id: "subscriptions.already_active",
    message: "You already have an active subscription. You can manage it on your dashboard.",
  },
  "subscriptions.payment_problem": /*i18n*/ {
    id: "subscriptions.payment_problem",
    message: "Your subscription has an unpaid invoice. Update your payment details instead of subscribing again.",
  },
  "subscriptions.none": /*i18n*/ { id: "subscriptions.none", message: "No active subscription" },
  "subscriptions.period_over": /*i18n*/ {
    id: "subscriptions.period_over",
    message: "This subscription's period has already ended. Subscribe again to continue.",
  },
  "subscriptions.nothing_due": /*i18n*/ { id: "subscriptions.nothing_due", message: "There is no payment to make right now." },
  "payments.unavailable": /*i18n*/ { id: "payments.unavailable", message: "Payments are not available right now. Please try again later." },
  "payments.webhook_disabled": /*i18n*/ {
    id: "payments.webhook_disabled",
    message: "Stripe is not configured on this server (STRIPE_SECRET_KEY is not set).",
  },
  "payments.signature_missing": /*i18n*/ { id: "payments.signature_missing", message: "Missing Stripe-Signature header" },
  "payments.signature_invalid": /*i18n*/ { id: "payments.signature_invalid", message: "Invalid webhook signature" },

  "withdrawals.undo_invalid": /*i18n*/ {
    id: "withdrawals.undo_invalid",
    message: "This link is not valid (any more). It works once, until the end of the period your subscription had. Write to us if you need help.",
  },
  "withdrawals.undo_busy": /*i18n*/ {
    id: "withdrawals.undo_busy",
    message: "Your withdrawal is being carried out at this very moment. Please open the link again in a minute.",
  },

  ...TEAM_ERROR_MESSAGES,
  ...OFFER_ERROR_MESSAGES,
  ...REQUEST_ERROR_MESSAGES,

  "admin.forbidden": /*i18n*/ { id: "admin.forbidden", message: "A valid admin token is required" },
  "admin.too_many_exports": /*i18n*/ {
    id: "admin.too_many_exports",
    message: "Too many exports. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },

  "desk.forbidden": /*i18n*/ { id: "desk.forbidden", message: "The desk is only for the agency's staff. Sign in with a staff account." },
  "desk.admin_only": /*i18n*/ { id: "desk.admin_only", message: "Only an admin can do this." },
  "desk.sign_in_failed": /*i18n*/ {
    id: "desk.sign_in_failed",
    message: "The e-mail address, the password or the code is not correct, or the code has been used already.",
  },
  "desk.code_invalid": /*i18n*/ { id: "desk.code_invalid", message: "This code is not correct, or it has already been used." },
  "desk.enrolment_invalid": /*i18n*/ { id: "desk.enrolment_invalid", message: "This invitation link is not valid. Ask an admin for a new one." },
  "desk.enrolment_used": /*i18n*/ { id: "desk.enrolment_used", message: "This invitation link has already been used. Sign in instead." },
  "desk.enrolment_expired": /*i18n*/ { id: "desk.enrolment_expired", message: "This invitation link has expired. Ask an admin for a new one." },
  "desk.lead_not_found": /*i18n*/ { id: "desk.lead_not_found", message: "This quote request does not exist (any more)." },
  "desk.not_releasable": /*i18n*/ { id: "desk.not_releasable", message: "Only a held request or one marked as spam can be released." },
  "desk.release_first": /*i18n*/ {
    id: "desk.release_first",
    message: "This request was held or caught as spam and never passed on. Release it to mark it as new or read.",
  },
  "desk.customer_not_found": /*i18n*/ { id: "desk.customer_not_found", message: "This customer does not exist (any more)." },
  "desk.already_verified": /*i18n*/ { id: "desk.already_verified", message: "This customer's e-mail address is already verified." },
  "desk.no_subscription": /*i18n*/ { id: "desk.no_subscription", message: "This customer has no subscription that can be cancelled." },
  "desk.cancel_failed": /*i18n*/ {
    id: "desk.cancel_failed",
    message: "The subscription could not be cancelled with the payment provider, so nothing was changed. Please try again later.",
  },
  "desk.staff_not_found": /*i18n*/ { id: "desk.staff_not_found", message: "This staff member does not exist (any more)." },
  "desk.staff_exists": /*i18n*/ { id: "desk.staff_exists", message: "Someone with this e-mail address is already on the staff." },
  "desk.cannot_remove_self": /*i18n*/ { id: "desk.cannot_remove_self", message: "You cannot remove yourself; ask another admin." },
};

/** How `{fields}` names the fields of request bodies and queries (id `field.<name>`); a field without one keeps its name. */
export const FIELD_LABELS: Record<string, MessageDescriptor> = {
  body: /*i18n*/ { id: "field.body", message: "form" },
  name: /*i18n*/ { id: "field.name", message: "name" },
  email: /*i18n*/ { id: "field.email", message: "e-mail address" },
  password: /*i18n*/ { id: "field.password", message: "password" },
  newPassword: /*i18n*/ { id: "field.newPassword", message: "new password" },
  currentPassword: /*i18n*/ { id: "field.currentPassword", message: "current password" },
  newEmail: /*i18n*/ { id: "field.newEmail", message: "new e-mail address" },
  token: /*i18n*/ { id: "field.token", message: "reset link" },
  language: /*i18n*/ { id: "field.language", message: "language" },
  basePath: /*i18n*/ { id: "field.basePath", message: "site address" },
  company: /*i18n*/ { id: "field.company", message: "company" },
  countryCode: /*i18n*/ { id: "field.countryCode", message: "country code" },
  phone: /*i18n*/ { id: "field.phone", message: "phone number" },
  currentWebsite: /*i18n*/ { id: "field.currentWebsite", message: "current website" },
  projectType: /*i18n*/ { id: "field.projectType", message: "project type" },
  budgetRange: /*i18n*/ { id: "field.budgetRange", message: "budget" },
  timeline: /*i18n*/ { id: "field.timeline", message: "timeline" },
  primaryGoal: /*i18n*/ { id: "field.primaryGoal", message: "primary goal" },
  features: /*i18n*/ { id: "field.features", message: "features" },
  domainStatus: /*i18n*/ { id: "field.domainStatus", message: "domain" },
  hearAboutUs: /*i18n*/ { id: "field.hearAboutUs", message: "how you heard about us" },
  biggestChallenge: /*i18n*/ { id: "field.biggestChallenge", message: "biggest challenge" },
  message: /*i18n*/ { id: "field.message", message: "message" },
  source: /*i18n*/ { id: "field.source", message: "source" },
  pageUrl: /*i18n*/ { id: "field.pageUrl", message: "page" },
  utm: /*i18n*/ { id: "field.utm", message: "campaign data" },
  [HONEYPOT_FIELD]: /*i18n*/ { id: "field.website_url", message: "website" },
  id: /*i18n*/ { id: "field.id", message: "identifier" },
  necessary: /*i18n*/ { id: "field.necessary", message: "necessary cookies" },
  analytics: /*i18n*/ { id: "field.analytics", message: "analytics cookies" },
  marketing: /*i18n*/ { id: "field.marketing", message: "marketing cookies" },
  version: /*i18n*/ { id: "field.version", message: "policy version" },
  timestamp: /*i18n*/ { id: "field.timestamp", message: "time of the choice" },
  planId: /*i18n*/ { id: "field.planId", message: "plan" },
  billingPeriod: /*i18n*/ { id: "field.billingPeriod", message: "billing period" },
  successUrl: /*i18n*/ { id: "field.successUrl", message: "address after payment" },
  cancelUrl: /*i18n*/ { id: "field.cancelUrl", message: "address after cancelling" },
  page: /*i18n*/ { id: "field.page", message: "page number" },
  limit: /*i18n*/ { id: "field.limit", message: "page size" },
  immediateStart: /*i18n*/ { id: "field.immediateStart", message: "immediate start" },
  reference: /*i18n*/ { id: "field.reference", message: "order or invoice number" },
  reason: /*i18n*/ { id: "field.reason", message: "reason" },
  comment: /*i18n*/ { id: "field.comment", message: "comment" },
  consentId: /*i18n*/ { id: "field.consentId", message: "cookie choice" },
  code: /*i18n*/ { id: "field.code", message: "code" },
  role: /*i18n*/ { id: "field.role", message: "role" },
  status: /*i18n*/ { id: "field.status", message: "status" },
  note: /*i18n*/ { id: "field.note", message: "note" },
  q: /*i18n*/ { id: "field.q", message: "search" },
  vatId: /*i18n*/ { id: "field.vatId", message: "VAT number" },
  kvkNumber: /*i18n*/ { id: "field.kvkNumber", message: "KvK number" },
  memberId: /*i18n*/ { id: "field.memberId", message: "member" },
  ...OFFER_FIELD_LABELS,
  subject: /*i18n*/ { id: "field.subject", message: "subject" },
  kind: /*i18n*/ { id: "field.kind", message: "kind of request" },
  minutes: /*i18n*/ { id: "field.minutes", message: "minutes" },
  ownerId: /*i18n*/ { id: "field.ownerId", message: "owner" },
  period: /*i18n*/ { id: "field.period", message: "month" },
};
