import { Type, type Static } from "@sinclair/typebox";
import { BILLING_PERIODS, LOCALES, SUBSCRIPTION_STATUSES } from "../rules";
import { MAX_SESSIONS_PER_ACCOUNT, SESSIONS_PAGE_SIZE, WITHDRAWAL_OUTCOMES } from "../values";
import { BasePathSchema, CurrentPasswordSchema, EmailSchema, NameSchema, PasswordSchema, UserSchema } from "./accounts";
import { DateTimeSchema, LocaleSchema, StringEnum } from "./common";
import { ExportedExtraTimeAgreementSchema, ExportedRequestSchema } from "./requests";
import { TeamRoleSchema } from "./teams";

/**
 * Self-service on one's own account and data: the export of everything held about the signed-in user, the deletion
 * of the account, the name, password and e-mail address, and the signed-in devices. Quote requests and
 * cookie-consent records are not tied to an account: the export finds quote requests by the account's e-mail
 * address (once it is verified), and consent records by the anonymous id the cookie banner keeps in the browser.
 */

const NullableDateTime = () => Type.Union([DateTimeSchema(), Type.Null()]);
const ProviderSchema = StringEnum(["local", "stripe"] as const, { description: "local: the test checkout; stripe: Stripe" });

export const AccountExportQuerySchema = Type.Object({
  consentId: Type.Optional(
    Type.String({ format: "uuid", description: "The cookie banner's anonymous id from this browser: its consent records are included" }),
  ),
});
export type AccountExportQuery = Static<typeof AccountExportQuerySchema>;

export const ExportedAccountSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  email: Type.String(),
  email_verified: Type.Boolean(),
  name: Type.String(),
  language: StringEnum(LOCALES),
  created_at: DateTimeSchema(),
});

export const ExportedSubscriptionSchema = Type.Object({
  plan_id: Type.String(),
  plan_name: Type.String(),
  billing_period: StringEnum(BILLING_PERIODS),
  provider: ProviderSchema,
  status: StringEnum(SUBSCRIPTION_STATUSES),
  current_period_start: DateTimeSchema(),
  current_period_end: DateTimeSchema(),
  cancel_at_period_end: Type.Boolean(),
  started_at: NullableDateTime(),
  ended_at: NullableDateTime(),
  created_at: DateTimeSchema(),
});

export const ExportedPaymentCustomerSchema = Type.Object({
  provider: ProviderSchema,
  customer_id: Type.String({ description: "The customer at the payment provider (Stripe's cus_…)" }),
  created_at: DateTimeSchema(),
});

export const ExportedCheckoutSchema = Type.Object({
  provider: ProviderSchema,
  plan_id: Type.String(),
  billing_period: StringEnum(BILLING_PERIODS),
  status: StringEnum(["open", "paid", "canceled"] as const),
  created_at: DateTimeSchema(),
  completed_at: NullableDateTime(),
});

export const ExportedBillingDetailsSchema = Type.Object(
  {
    country: Type.String({ description: "ISO 3166-1 alpha-2" }),
    vat_number: Type.Union([Type.String(), Type.Null()]),
  },
  { description: "The billing address the test checkout asked for (Stripe keeps its own, under the payment customer)" },
);

export const ExportedPaymentMethodSchema = Type.Object(
  {
    kind: StringEnum(["card", "sepa_debit"] as const),
    bank: Type.Union([Type.String(), Type.Null()]),
    iban_last4: Type.Union([Type.String(), Type.Null()]),
    mandate_reference: Type.Union([Type.String(), Type.Null()]),
    mandate_accepted_at: Type.Union([DateTimeSchema(), Type.Null()]),
  },
  { description: "How the test checkout's customer pays: a test card, or the test SEPA Direct Debit mandate an iDEAL payment set up" },
);

export const ExportedInvoiceSchema = Type.Object(
  {
    number: Type.String(),
    created_at: DateTimeSchema(),
    currency: Type.String(),
    subtotal: Type.Number({ description: "Without VAT, in `currency`" }),
    vat: Type.Number({ description: "In `currency`" }),
    total: Type.Number({ description: "In `currency`; negative when it credits the customer" }),
    status: StringEnum(["paid", "refunded", "open"] as const),
    country: Type.Union([Type.String(), Type.Null()]),
    vat_number: Type.Union([Type.String(), Type.Null()]),
  },
  {
    description:
      "An invoice of the test payments, or of a package sale (deposit, balance, monthly fee); Stripe's invoices of a plan are at Stripe, under the payment customer",
  },
);

export const ExportedQuoteRequestSchema = Type.Object({
  created_at: DateTimeSchema(),
  last_contact_at: DateTimeSchema(),
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  country_code: Type.String(),
  phone: Type.String(),
  current_website: Type.String(),
  project_type: Type.String(),
  budget_range: Type.String(),
  budget_unknown: Type.Boolean({ description: "'Unknown' was picked as the budget (budget_range is then 4000+)" }),
  timeline: Type.String(),
  primary_goal: Type.String(),
  features: Type.Array(Type.String()),
  domain_status: Type.String(),
  hear_about_us: Type.String(),
  biggest_challenge: Type.String(),
  message: Type.String(),
  language: StringEnum(LOCALES),
  source: Type.String(),
  page_url: Type.String(),
  origin: Type.String(),
  referrer: Type.String(),
  utm: Type.Record(Type.String(), Type.String()),
});

export const ExportedConsentRecordSchema = Type.Object({
  consent_id: Type.String({ format: "uuid" }),
  necessary: Type.Boolean(),
  analytics: Type.Boolean(),
  marketing: Type.Boolean(),
  version: Type.Integer(),
  gpc: Type.Boolean({ description: "The browser's Global Privacy Control signal was present when the choice was made" }),
  client_timestamp: DateTimeSchema(),
  created_at: DateTimeSchema(),
});

export const ExportedPasskeySchema = Type.Object({
  name: Type.String(),
  created_at: DateTimeSchema(),
  last_used_at: NullableDateTime(),
});

export const ExportedWithdrawalSchema = Type.Object(
  {
    received_at: DateTimeSchema("When the statement came in"),
    name: Type.String(),
    email: Type.String({ description: "As typed" }),
    reference: Type.Union([Type.String(), Type.Null()]),
    language: StringEnum(LOCALES),
    signed_in: Type.Boolean({ description: "Sent while signed in to the account" }),
    within_period: Type.Union([Type.Boolean(), Type.Null()], { description: "Within the 14 days of withdrawal; null without a contract" }),
    outcome: StringEnum(WITHDRAWAL_OUTCOMES),
    used_days: Type.Union([Type.Integer(), Type.Null()], { description: "Days of service used before it, when the customer asked for an immediate start" }),
    period_days: Type.Union([Type.Integer(), Type.Null()]),
    refund: Type.Union([
      Type.Object({
        amount: Type.Number({ description: "In `currency`" }),
        currency: Type.String(),
        reference: Type.Union([Type.String(), Type.Null()], { description: "The provider's refund id" }),
      }),
      Type.Null(),
    ]),
    executed_at: NullableDateTime(),
    undone_at: NullableDateTime(),
  },
  { description: "A statement of withdrawal tied to the account, with what became of it" },
);

export const ExportedCompanySchema = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    name: Type.String(),
    kvk_number: Type.Union([Type.String(), Type.Null()]),
    vat_id: Type.Union([Type.String(), Type.Null()]),
    role: TeamRoleSchema,
    joined_at: DateTimeSchema("When the account joined it (or made it)"),
  },
  { description: "The company the account is a member of, and its role there; the subscriptions, billing and invoices below are the company's" },
);

export const ExportedSecurityEventSchema = Type.Object(
  {
    at: DateTimeSchema(),
    action: Type.String({ description: "team.joined, team.role_changed, team.removed, team.left, team.ownership_transferred, team.invited, …" }),
    actor: Type.String({ description: "The name of whoever did it" }),
    detail: Type.Record(Type.String(), Type.String()),
  },
  { description: "An entry of the account's security log: a change of its membership, or one it made" },
);

export const ExportedOfferSchema = Type.Object(
  {
    number: Type.String(),
    status: Type.String({ description: "sent, viewed, accepted, delivered, expired, declined" }),
    package: Type.String(),
    created_at: DateTimeSchema(),
    signed_name: Type.Union([Type.String(), Type.Null()]),
    signed_at: Type.Union([DateTimeSchema(), Type.Null()]),
    signed_ip: Type.Union([Type.String(), Type.Null()], { description: "The address the offer was signed from, kept as the record of the signature" }),
    paid_at: Type.Union([DateTimeSchema("When its deposit was paid"), Type.Null()]),
    delivered_at: Type.Union([DateTimeSchema(), Type.Null()]),
  },
  { description: "An offer of a package the company accepted (or was made for an upgrade of its package)" },
);

export const AccountExportSchema = Type.Object({
  exported_at: DateTimeSchema(),
  account: ExportedAccountSchema,
  company: ExportedCompanySchema,
  security_log: Type.Array(ExportedSecurityEventSchema, { description: "Newest first" }),
  subscriptions: Type.Array(ExportedSubscriptionSchema),
  payment_customers: Type.Array(ExportedPaymentCustomerSchema),
  checkouts: Type.Array(ExportedCheckoutSchema),
  billing_details: Type.Union([ExportedBillingDetailsSchema, Type.Null()]),
  payment_method: Type.Optional(Type.Union([ExportedPaymentMethodSchema, Type.Null()])),
  invoices: Type.Array(ExportedInvoiceSchema),
  quote_requests: Type.Array(ExportedQuoteRequestSchema, {
    description: "Quote requests sent with the account's e-mail address; only once that address is verified",
  }),
  quote_requests_note: Type.Union([Type.String(), Type.Null()], {
    description: "Why quote requests are left out (the address is not verified), in the request's language; null when they are included",
  }),
  consent_records: Type.Array(ExportedConsentRecordSchema, { description: "Cookie choices recorded under the consentId asked for" }),
  passkeys: Type.Array(ExportedPasskeySchema, { description: "The passkeys the account signs in with (their public keys stay on the server)" }),
  withdrawals: Type.Array(ExportedWithdrawalSchema, { description: "Statements of withdrawal tied to the account, newest first" }),
  offers: Type.Optional(Type.Array(ExportedOfferSchema, { description: "The company's offers, newest first" })),
  requests: Type.Array(ExportedRequestSchema, { description: "The company's requests with their messages, oldest first" }),
  extra_time_agreements: Type.Array(ExportedExtraTimeAgreementSchema, { description: "Extra time the company agreed to have invoiced" }),
});
export type AccountExport = Static<typeof AccountExportSchema>;

const ConfirmPasswordSchema = () => Type.Unsafe<string>({ ...CurrentPasswordSchema, description: "The account's current password, to confirm" });

export const DeleteAccountBodySchema = Type.Object({ password: ConfirmPasswordSchema() });
export type DeleteAccountPayload = Static<typeof DeleteAccountBodySchema>;

export const UpdateProfileBodySchema = Type.Object({ name: NameSchema });
export type UpdateProfilePayload = Static<typeof UpdateProfileBodySchema>;
export const ProfileResponseSchema = Type.Object({ user: UserSchema });
export type ProfileResponse = Static<typeof ProfileResponseSchema>;

export const ChangePasswordBodySchema = Type.Object({ currentPassword: ConfirmPasswordSchema(), newPassword: PasswordSchema });
export type ChangePasswordPayload = Static<typeof ChangePasswordBodySchema>;

export const ChangeEmailBodySchema = Type.Object({
  newEmail: EmailSchema,
  password: ConfirmPasswordSchema(),
  language: Type.Optional(LocaleSchema),
  basePath: Type.Optional(BasePathSchema),
});
export type ChangeEmailPayload = Static<typeof ChangeEmailBodySchema>;

export const AccountSessionSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  browser: Type.Union([Type.String(), Type.Null()], { description: "The browser's name from its user agent at login ('Chrome'), if known" }),
  os: Type.Union([Type.String(), Type.Null()], { description: "The operating system's name ('macOS'), if known" }),
  created_at: DateTimeSchema("When this device signed in"),
  last_used_at: DateTimeSchema("When it was last used, to the minute"),
  current: Type.Boolean({ description: "The device that asks" }),
});
export type AccountSession = Static<typeof AccountSessionSchema>;
export const AccountSessionsQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1000, default: 1, description: `Pages of ${SESSIONS_PAGE_SIZE}, this device first on page 1` }),
});
export const AccountSessionsResponseSchema = Type.Object({
  sessions: Type.Array(AccountSessionSchema),
  page: Type.Integer({ minimum: 1 }),
  pages: Type.Integer({ minimum: 1, description: "How many pages there are (at least 1)" }),
  total: Type.Integer({
    minimum: 0,
    description: `How many sessions still work (at most ${MAX_SESSIONS_PER_ACCOUNT}: a new sign-in ends the one unused the longest)`,
  }),
});
export type AccountSessionsResponse = Static<typeof AccountSessionsResponseSchema>;
export const AccountSessionParamsSchema = Type.Object({ id: Type.String({ format: "uuid" }) });

export const RevokeSessionsResponseSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ description: "In the request's language" }),
  revoked: Type.Integer({ minimum: 0, description: "How many sessions were ended" }),
});
export type RevokeSessionsResponse = Static<typeof RevokeSessionsResponseSchema>;
