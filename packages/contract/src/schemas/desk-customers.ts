import { Type, type Static } from "@sinclair/typebox";
import { BILLING_PERIODS, INVOICE_STATUSES, LOCALES, SUBSCRIPTION_STATUSES } from "../rules";
import { WITHDRAWAL_OUTCOMES } from "../values";
import { BasePathSchema } from "./accounts";
import { DateTimeSchema, LocaleSchema, StringEnum } from "./common";
import { TeamMemberSchema, TeamRoleSchema } from "./teams";

/** The desk's customer view: the accounts, their subscriptions, invoices and consent records. */

export const DeskCustomerSubscriptionSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  planId: Type.String(),
  planName: Type.String(),
  status: StringEnum(SUBSCRIPTION_STATUSES),
  billingPeriod: StringEnum(BILLING_PERIODS),
  currentPeriodEnd: DateTimeSchema(),
  cancelAtPeriodEnd: Type.Boolean(),
  provider: StringEnum(["local", "stripe"] as const),
});
export type DeskCustomerSubscription = Static<typeof DeskCustomerSubscriptionSchema>;

export const DeskCustomerSummarySchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  email: Type.String(),
  name: Type.String(),
  emailVerified: Type.Boolean(),
  createdAt: DateTimeSchema(),
  subscription: Type.Union([DeskCustomerSubscriptionSchema, Type.Null()], { description: "The latest subscription, ended or not; null when none" }),
});
export type DeskCustomerSummary = Static<typeof DeskCustomerSummarySchema>;

export const DeskCustomersQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: "Part of the e-mail address or name (case-insensitive); newest accounts first, 50 at most" })),
});
export type DeskCustomersQuery = Static<typeof DeskCustomersQuerySchema>;

export const DeskCustomersResponseSchema = Type.Object({ customers: Type.Array(DeskCustomerSummarySchema) });
export type DeskCustomersResponse = Static<typeof DeskCustomersResponseSchema>;

export const DeskInvoiceSchema = Type.Object({
  id: Type.String(),
  number: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTimeSchema(),
  total: Type.Number({ description: "In `currency`, VAT included" }),
  currency: Type.String(),
  status: StringEnum(INVOICE_STATUSES),
});
export type DeskInvoice = Static<typeof DeskInvoiceSchema>;

export const DeskConsentRecordSchema = Type.Object({
  kind: StringEnum(["quote_request"] as const, {
    description:
      "quote_request: a quote request sent with the account's (verified) address, under the form's privacy notice. Cookie choices are " +
      "kept under an anonymous id of the browser, not of the account, so they are not listed",
  }),
  at: DateTimeSchema(),
  detail: Type.String({ description: "e.g. the request's id and page" }),
});
export type DeskConsentRecord = Static<typeof DeskConsentRecordSchema>;

/** GET /desk/customers/{id}. */
/** A statement of withdrawal the customer's account made (the 'Withdraw from contract' form), with what became of it. */
export const DeskWithdrawalSchema = Type.Object({
  id: Type.String(),
  receivedAt: DateTimeSchema("When the statement came in"),
  outcome: StringEnum(WITHDRAWAL_OUTCOMES),
  executedAt: Type.Union([DateTimeSchema("When it was carried out"), Type.Null()]),
  undoneAt: Type.Union([DateTimeSchema("When the account's owner undid it with the acknowledgement's link (outcome is then `undone`)"), Type.Null()]),
  refund: Type.Union([
    Type.Object({
      cents: Type.Integer({ minimum: 0 }),
      currency: Type.String(),
      reference: Type.Union([Type.String(), Type.Null()], { description: "The provider's refund id" }),
    }),
    Type.Null(),
  ]),
});
export type DeskWithdrawal = Static<typeof DeskWithdrawalSchema>;

/** The company a customer is a member of, as staff see it (and cannot change). */
export const DeskCompanySchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  name: Type.String(),
  kvkNumber: Type.Union([Type.String(), Type.Null()]),
  vatId: Type.Union([Type.String(), Type.Null()]),
  role: TeamRoleSchema,
  members: Type.Array(TeamMemberSchema, { description: "Owner first, then by when they joined" }),
  log: Type.Array(
    Type.Object({
      at: DateTimeSchema(),
      action: Type.String({ description: "team.joined, team.role_changed, team.removed, team.left, team.ownership_transferred, team.invited, …" }),
      actor: Type.String(),
      detail: Type.Record(Type.String(), Type.String()),
    }),
    { description: "The company's security log of membership changes, newest first (the latest 50)" },
  ),
});
export type DeskCompany = Static<typeof DeskCompanySchema>;

export const DeskCustomerDetailSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  email: Type.String(),
  name: Type.String(),
  language: StringEnum(LOCALES),
  emailVerified: Type.Boolean(),
  pendingEmail: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTimeSchema(),
  sessions: Type.Integer({ description: "Devices signed in right now" }),
  subscription: Type.Union([DeskCustomerSubscriptionSchema, Type.Null()], { description: "The company's latest subscription, ended or not" }),
  company: Type.Union([DeskCompanySchema, Type.Null()]),
  invoices: Type.Array(DeskInvoiceSchema, { description: "The company's, newest first" }),
  consentRecords: Type.Array(DeskConsentRecordSchema, { description: "Oldest first" }),
  withdrawals: Type.Array(DeskWithdrawalSchema, { description: "Statements of withdrawal of this account, newest first" }),
});
export type DeskCustomerDetail = Static<typeof DeskCustomerDetailSchema>;

export const DeskCustomerResponseSchema = Type.Object({ customer: DeskCustomerDetailSchema });
export type DeskCustomerResponse = Static<typeof DeskCustomerResponseSchema>;

export const DeskResendVerificationBodySchema = Type.Object({
  language: Type.Optional(LocaleSchema),
  basePath: Type.Optional(BasePathSchema),
});
export type DeskResendVerificationPayload = Static<typeof DeskResendVerificationBodySchema>;
