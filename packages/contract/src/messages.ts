import type { MessageDescriptor } from "@lingui/core";
import type { ErrorCode } from "./error-codes";
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

  "admin.forbidden": /*i18n*/ { id: "admin.forbidden", message: "A valid admin token is required" },
  "admin.too_many_exports": /*i18n*/ {
    id: "admin.too_many_exports",
    message: "Too many exports. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },
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
  consentId: /*i18n*/ { id: "field.consentId", message: "cookie choice" },
};
