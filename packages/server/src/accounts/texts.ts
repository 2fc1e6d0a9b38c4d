/** What the account routes say besides errors (those are the contract's), in src/locales. */
export const authTexts = {
  loggedOut: /*i18n*/ { id: "auth.logged_out", message: "Logged out successfully" },
  resetMailSent: /*i18n*/ { id: "auth.reset_mail_sent", message: "Check your email for reset instructions" },
  passwordReset: /*i18n*/ { id: "auth.password_reset", message: "Password reset successfully!" },
  accountDeleted: /*i18n*/ { id: "account.deleted", message: "Your account has been deleted." },
};
