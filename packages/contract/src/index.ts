// What browser code may import from the contract: types (erased at build), the rules, the formatter and the error
// codes with their texts. Nothing here imports TypeBox; the schemas are `@agency/contract/schemas`, for the server.
// Explicit on purpose: a change here is a change for the server and every browser package at once.

export {
  LOCALES,
  type Locale,
  DEFAULT_LOCALE,
  isLocale,
  INTL_LOCALES,
  TIME_ZONE,
  localeFromAcceptLanguage,
  localeFromLanguageTag,
  BASE_PATH_PATTERN,
  basePathFrom,
  stripBase,
  apiBaseFrom,
  isEnglishPath,
  localeFromPath,
  ENGLISH_PAGE_PATTERN,
  localizedPath,
  unlocalizedPath,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_DAYS,
  LANGUAGE_PARAM,
  languageFromCookie,
  withLinkLanguage,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  EMAIL_PATTERN,
  EMAIL_MAX_LENGTH,
  PHONE_PATTERN,
  SINGLE_LINE_PATTERN,
  SINGLE_LINE_TEXT_PATTERN,
  isEmail,
  isPhone,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  ACCESS_STATUSES,
  LIVE_STATUSES,
  ENDED_STATUSES,
  grantsAccess,
  owesPayment,
  PAYMENT_ISSUES,
  type PaymentIssue,
  BILLING_PERIODS,
  type BillingPeriod,
  INVOICE_STATUSES,
  type InvoiceStatus,
  CHECKOUT_OUTCOMES,
  type CheckoutOutcome,
  CHECKOUT_RETURN_WINDOW_MS,
  CHECKOUT_RETURN_PARAM,
} from "./rules";

export {
  PROJECT_TYPES,
  type ProjectType,
  BUDGET_RANGES,
  type BudgetRange,
  TIMELINES,
  type Timeline,
  DOMAIN_STATUSES,
  type DomainStatus,
  HEAR_ABOUT_US,
  type HearAboutUs,
  CONTACT_FEATURES,
  type ContactFeature,
  COUNTRY_CODES,
  type CountryCode,
  type Country,
  DIAL_CODES,
  DEFAULT_COUNTRY_CODE,
  HONEYPOT_FIELD,
  UTM_KEYS,
  BLOG_PAGE_SIZE,
  BLOG_MAX_LIMIT,
  DESK_ROLES,
  type DeskRole,
  LEAD_STATUSES,
  type LeadStatus,
  SETTABLE_LEAD_STATUSES,
  DESK_PAGE_SIZE,
  DESK_COUNT_CAP,
  RECOVERY_CODE_COUNT,
  DESK_SESSION_HOURS,
  DESK_IDLE_MINUTES,
  DESK_ENROLMENT_HOURS,
  WITHDRAWAL_OUTCOMES,
  type WithdrawalOutcome,
  MAX_SESSIONS_PER_ACCOUNT,
  SESSIONS_PAGE_SIZE,
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_REAUTH_MINUTES,
} from "./values";

export { CURRENCIES, type Currency, SITE_CURRENCY } from "./currency";
export { PACKAGE_IDS, type PackageId, type PackageFees, type Package, PACKAGES } from "./pricing";
export { type MoneyRange, BUDGET_AMOUNTS } from "./budget";

export {
  PROJECT_TYPE_LABELS,
  TIMELINE_LABELS,
  DOMAIN_STATUS_LABELS,
  HEAR_ABOUT_US_LABELS,
  CONTACT_FEATURE_LABELS,
  BUDGET_UNKNOWN_LABEL,
  budgetLabel,
  choiceLabel,
} from "./quote-choices/labels";

export { formatDate, formatDateTime, formatNumber } from "./format";
export { formatMoney, formatMoneyRange, type MoneyOptions } from "./money";
export { DUTCH_VAT_BP, vatCents, chargeFor, type Charge } from "./vat";
export { formatTimeAgo } from "./time-ago";

export {
  WITHDRAWAL_PERIOD_DAYS,
  WITHDRAWAL_PERIOD_MS,
  withdrawalDeadline,
  WITHDRAWAL_REFERENCE_MAX_LENGTH,
  CANCELLATION_REASONS,
  type CancellationReason,
  CANCELLATION_COMMENT_MAX_LENGTH,
} from "./withdrawal";

export { ERROR_CODES, type ErrorCode, isErrorCode, REQUEST_ERRORS } from "./error-codes";
export { ERROR_MESSAGES, FIELD_LABELS } from "./messages";
export { errorText, errorAnswerText, type ErrorDetails } from "./error-text";

export type { SuccessMessageResponse, HealthResponse, ReadyResponse } from "./schemas/common";
export type { ErrorResponse } from "./schemas/errors";
export type {
  User,
  RegisterPayload,
  LoginPayload,
  AuthResponse,
  MeResponse,
  ForgotPasswordPayload,
  VerifyResetTokenResponse,
  ResetPasswordPayload,
  VerifyEmailPayload,
  VerifyEmailResponse,
  VerifyEmailTokenResponse,
  ResendVerificationPayload,
} from "./schemas/accounts";
export type {
  AccountExport,
  AccountExportQuery,
  DeleteAccountPayload,
  UpdateProfilePayload,
  ProfileResponse,
  ChangePasswordPayload,
  ChangeEmailPayload,
  AccountSession,
  AccountSessionsResponse,
  RevokeSessionsResponse,
} from "./schemas/account";
export type {
  Passkey,
  PasskeysResponse,
  PasskeyResponse,
  PasskeyRegistrationOptionsPayload,
  PasskeyRegistrationOptionsResponse,
  PasskeyAuthenticationOptionsResponse,
  AddPasskeyPayload,
  RenamePasskeyPayload,
  PasskeySignInPayload,
} from "./schemas/passkeys";
export type {
  ContactRequestPayload,
  ContactResponse,
  ContactChallenge,
  ContactChallengeResponse,
  UtmParameters,
  Lead,
  LeadsResponse,
} from "./schemas/contact";
export type { BlogPost, BlogTranslation, Pagination, BlogListResponse, BlogPostResponse, BlogNotFoundResponse } from "./schemas/blog";
export type { ConsentRecordPayload, ConsentResponse } from "./schemas/consent";
export type {
  Plan,
  PlansResponse,
  Subscription,
  SubscriptionResponse,
  CreateCheckoutPayload,
  CreateCheckoutResponse,
  WebhookResponse,
  PortalPayload,
  PortalResponse,
  Invoice,
  InvoicesResponse,
  CheckoutReturnResponse,
} from "./schemas/subscriptions";
export type {
  DeskEnrolmentQuery,
  DeskEnrolmentResponse,
  DeskEnrolPayload,
  DeskEnrolResponse,
  DeskLoginPayload,
  DeskLoginResponse,
  StaffMember,
  DeskMeResponse,
  DeskStaffResponse,
  DeskInvitePayload,
  DeskInviteResponse,
  DeskOkResponse,
  AuditEntry,
  DeskAuditQuery,
  DeskAuditResponse,
} from "./schemas/desk";
export type {
  DeskLeadsQuery,
  DeskLeadsExportQuery,
  LeadSummary,
  DeskLeadsResponse,
  Delivery,
  LeadDetail,
  DeskLeadResponse,
  DeskLeadPatchPayload,
  DeskReleaseResponse,
} from "./schemas/desk-leads";
export type {
  DeskCustomerSubscription,
  DeskCustomerSummary,
  DeskCustomersQuery,
  DeskCustomersResponse,
  DeskInvoice,
  DeskConsentRecord,
  DeskWithdrawal,
  DeskCustomerDetail,
  DeskCustomerResponse,
  DeskResendVerificationPayload,
} from "./schemas/desk-customers";
export type { WithdrawalPayload, WithdrawalResponse, WithdrawalStatusResponse, WithdrawalUndoResponse, CancelPayload } from "./schemas/withdrawals";
export type {
  SecondFactorRequired,
  LoginResponse,
  SecondFactorLoginPayload,
  TwoFactorStatusResponse,
  TwoFactorSetupResponse,
  TwoFactorEnablePayload,
  RecoveryCodesResponse,
  NewRecoveryCodesPayload,
  TwoFactorDisablePayload,
  SignInAlertPayload,
  SignInAlertTokenResponse,
  SecureAccountResponse,
} from "./schemas/second-factor";
