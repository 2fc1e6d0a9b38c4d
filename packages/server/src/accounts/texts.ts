/** What the account routes say besides errors (those are the contract's), in src/locales. */
export const authTexts = {
  loggedOut: /*i18n*/ { id: "auth.logged_out", message: "Logged out successfully" },
  resetMailSent: /*i18n*/ { id: "auth.reset_mail_sent", message: "Check your email for reset instructions" },
  passwordReset: /*i18n*/ { id: "auth.password_reset", message: "Password reset successfully!" },
  accountDeleted: /*i18n*/ { id: "account.deleted", message: "Your account has been deleted." },
  emailVerified: /*i18n*/ { id: "auth.email_verified", message: "Your e-mail address {email} is verified." },
  verificationSent: /*i18n*/ { id: "auth.verification_sent", message: "We sent a new verification link to {email}." },
  emailChangeSent: /*i18n*/ {
    id: "account.email_change_sent",
    message: "We sent a link to {email}. Your address changes once you follow it; until then your account keeps its current address.",
  },
  passwordChanged: /*i18n*/ { id: "account.password_changed", message: "Your password has been changed. Every other device has been logged out." },
  sessionRevoked: /*i18n*/ { id: "account.session_revoked", message: "The device has been logged out." },
  otherSessionsRevoked: /*i18n*/ {
    id: "account.other_sessions_revoked",
    message: "{count, plural, =0 {No other device was logged in.} one {# other device has been logged out.} other {# other devices have been logged out.}}",
  },
  quoteRequestsWithheld: /*i18n*/ {
    id: "account.quote_requests_withheld",
    message:
      "Quote requests sent with {email} are not included because this address is not verified yet. Verify it from your account settings, then download your data again.",
  },
};
