import { Type, type Static } from "@sinclair/typebox";
import { BILLING_PERIODS, LOCALES, PASSWORD_MAX_LENGTH, SUBSCRIPTION_STATUSES } from "../rules";
import { DateTimeSchema, StringEnum } from "./common";

/**
 * Self-service on one's own data: the export of everything held about the signed-in user, and the deletion of the
 * account. Quote requests and cookie-consent records are not tied to an account: the export finds quote requests
 * by the account's e-mail address, and consent records by the anonymous id the cookie banner keeps in the browser.
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

export const ExportedInvoiceSchema = Type.Object(
  {
    number: Type.String(),
    created_at: DateTimeSchema(),
    currency: Type.String(),
    subtotal: Type.Number({ description: "Without VAT, in `currency`" }),
    vat: Type.Number({ description: "In `currency`" }),
    total: Type.Number({ description: "In `currency`; negative when it credits the customer" }),
    status: StringEnum(["paid", "refunded"] as const),
    country: Type.Union([Type.String(), Type.Null()]),
    vat_number: Type.Union([Type.String(), Type.Null()]),
  },
  { description: "An invoice of the test payments (Stripe's invoices are at Stripe, under the payment customer)" },
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
  client_timestamp: DateTimeSchema(),
  created_at: DateTimeSchema(),
});

export const AccountExportSchema = Type.Object({
  exported_at: DateTimeSchema(),
  account: ExportedAccountSchema,
  subscriptions: Type.Array(ExportedSubscriptionSchema),
  payment_customers: Type.Array(ExportedPaymentCustomerSchema),
  checkouts: Type.Array(ExportedCheckoutSchema),
  billing_details: Type.Union([ExportedBillingDetailsSchema, Type.Null()]),
  invoices: Type.Array(ExportedInvoiceSchema),
  quote_requests: Type.Array(ExportedQuoteRequestSchema, { description: "Quote requests sent with the account's e-mail address" }),
  consent_records: Type.Array(ExportedConsentRecordSchema, { description: "Cookie choices recorded under the consentId asked for" }),
});
export type AccountExport = Static<typeof AccountExportSchema>;

export const DeleteAccountBodySchema = Type.Object({
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: "The account's current password, to confirm" }),
});
export type DeleteAccountPayload = Static<typeof DeleteAccountBodySchema>;
