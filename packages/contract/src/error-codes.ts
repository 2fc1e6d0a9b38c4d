/**
 * Every error answer carries one of these codes beside its `error` text. The code is stable: the browser code
 * translates it (messages.ts holds each one's text in nl and en), and API clients may branch on it. Add a code
 * here, give it a message in messages.ts, then run `npm run i18n:extract` and fill in the Dutch text.
 */
export const ERROR_CODES = [
  // Any route
  "request.invalid",
  "request.malformed_json",
  "request.empty_body",
  "request.bad_content_length",
  "request.too_large",
  "request.unsupported_media_type",
  "request.too_many",
  "not_found",
  "server.error",
  "server.unavailable",
  "server.database_timeout",
  // Accounts
  "auth.required",
  "auth.invalid_credentials",
  "auth.email_taken",
  "auth.too_many_attempts",
  "auth.common_password",
  "auth.breached_password",
  "auth.challenge_required",
  "auth.reset_invalid",
  "auth.reset_used",
  "auth.reset_expired",
  "auth.busy",
  "auth.verify_invalid",
  "auth.verify_used",
  "auth.verify_expired",
  "auth.already_verified",
  "auth.code_invalid",
  "auth.sign_in_expired",
  "auth.alert_invalid",
  "auth.alert_used",
  "auth.alert_expired",
  "auth.passkey_failed",
  // Self-service on one's own account and data
  "account.wrong_password",
  "account.too_many_attempts",
  "account.cancel_failed",
  "account.same_email",
  "account.too_many_mails",
  "account.session_not_found",
  "account.two_factor_on",
  "account.two_factor_off",
  "account.two_factor_not_started",
  "account.email_unverified",
  "account.password_required",
  "account.passkey_failed",
  "account.passkey_exists",
  "account.passkey_not_found",
  "account.too_many_passkeys",
  // Companies, their members and invitations
  "team.forbidden",
  "team.member_not_found",
  "team.invitation_not_found",
  "team.invitation_invalid",
  "team.invitation_expired",
  "team.invitation_used",
  "team.invitation_email_mismatch",
  "team.leave_company_first",
  "team.already_member",
  "team.already_invited",
  "team.too_many_invitations",
  "team.email_unverified",
  "team.owner_cannot_leave",
  "team.owner_must_transfer",
  // Quote requests
  "contact.invalid_field",
  "contact.too_many_requests",
  "contact.challenge_failed",
  // Blog
  "blog.not_found",
  // Subscriptions and payments
  "subscriptions.unknown_plan",
  "subscriptions.invalid_redirect",
  "subscriptions.already_active",
  "subscriptions.payment_problem",
  "subscriptions.none",
  "subscriptions.period_over",
  "subscriptions.nothing_due",
  "payments.unavailable",
  "payments.webhook_disabled",
  "payments.signature_missing",
  "payments.signature_invalid",
  // The withdrawal function
  "withdrawals.undo_invalid",
  "withdrawals.undo_busy",
  // The agency's own endpoints
  "admin.forbidden",
  "admin.too_many_exports",
  // The agency's desk
  "desk.forbidden",
  "desk.admin_only",
  "desk.sign_in_failed",
  "desk.code_invalid",
  "desk.enrolment_invalid",
  "desk.enrolment_used",
  "desk.enrolment_expired",
  "desk.lead_not_found",
  "desk.not_releasable",
  "desk.release_first",
  "desk.customer_not_found",
  "desk.already_verified",
  "desk.no_subscription",
  "desk.cancel_failed",
  "desk.staff_not_found",
  "desk.staff_exists",
  "desk.cannot_remove_self",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value);
}

/** What every 400 can be about, whatever the route: a body or query that does not fit, or no readable JSON. */
export const REQUEST_ERRORS = ["request.invalid", "request.malformed_json", "request.empty_body", "request.bad_content_length"] as const satisfies readonly ErrorCode[];
