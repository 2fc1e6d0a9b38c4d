import { Type, type Static } from "@sinclair/typebox";
import { PACKAGE_IDS, type PackageId } from "../pricing";
import {
  MONTH_PATTERN,
  REPLY_MINUTES_MAX,
  REQUEST_KINDS,
  REQUEST_MESSAGE_MAX_LENGTH,
  REQUEST_STATUSES,
  REQUEST_SUBJECT_MAX_LENGTH,
} from "../requests";
import { SINGLE_LINE_TEXT_PATTERN } from "../rules";
import { DESK_PAGE_SIZE } from "../values";
import { DateTimeSchema, StringEnum } from "./common";

/**
 * Customer requests (/api/requests) and the agency's queue of them (/api/desk/requests). Texts are plain text: they
 * are stored and answered as sent (trimmed), and every client shows them as text.
 */

export const RequestKindSchema = StringEnum(REQUEST_KINDS, { description: "content: a content update; problem; question" });
export const RequestStatusSchema = StringEnum(REQUEST_STATUSES, {
  description: "open: the agency's turn; waiting: the customer's; closed: done (a message from the customer reopens it)",
});
// One enum with null in it: the OpenAPI document keeps it as it is (an anyOf with null would become `nullable`).
const PackageSchema = Type.Unsafe<PackageId | null>({ enum: [...PACKAGE_IDS, null], description: "The company's package, null without one" });

const SubjectSchema = Type.String({ minLength: 1, maxLength: REQUEST_SUBJECT_MAX_LENGTH, pattern: SINGLE_LINE_TEXT_PATTERN, description: "One line" });
const MessageTextSchema = Type.String({ minLength: 1, maxLength: REQUEST_MESSAGE_MAX_LENGTH, pattern: "\\S", description: "Plain text; line breaks are kept" });

export const RequestSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  reference: Type.String({ description: "Short and unique, for people to quote (R-7KQ2MX)" }),
  kind: RequestKindSchema,
  subject: Type.String(),
  status: RequestStatusSchema,
  priority: Type.Boolean({ description: "Filed under Professional, Enterprise or the Pro plan: first in the agency's queue" }),
  createdAt: DateTimeSchema(),
  lastMessageAt: DateTimeSchema("When the newest message of its thread was written"),
});
export type CustomerRequest = Static<typeof RequestSchema>;

export const AllowanceSchema = Type.Object({
  includedMinutes: Type.Integer({ minimum: 0, description: "Minutes the monthly fee includes: 240 with Enterprise, else 120" }),
  usedMinutes: Type.Integer({ minimum: 0, description: "Minutes the agency logged on the company's requests this calendar month" }),
  periodStart: DateTimeSchema("The first instant of this calendar month in Europe/Amsterdam"),
  periodEnd: DateTimeSchema("The first instant of the next one"),
  period: Type.String({ pattern: MONTH_PATTERN, description: "This calendar month, 2027-03" }),
  hourlyRateCents: Type.Integer({ minimum: 0, description: "What an hour past the included minutes costs, excluding VAT" }),
  currency: Type.String({ description: "The rate's currency (ISO 4217)" }),
});
export type Allowance = Static<typeof AllowanceSchema>;

/**
 * A month with time past its included minutes, and what the customer agreed to have invoiced of it. Only this month
 * and the one before are listed: their extra time can be agreed to in the portal.
 */
export const ExtraTimeSchema = Type.Object({
  period: Type.String({ pattern: MONTH_PATTERN }),
  periodStart: DateTimeSchema(),
  extraMinutes: Type.Integer({ minimum: 0, description: "Minutes logged past the included ones" }),
  agreedMinutes: Type.Integer({ minimum: 0, description: "Of those, the minutes the customer agreed to have invoiced" }),
  invoicedMinutes: Type.Integer({ minimum: 0, description: "Of those, the minutes already on an invoice" }),
});
export type ExtraTime = Static<typeof ExtraTimeSchema>;

const EntitledSchema = Type.Boolean({
  description: "The company has an active subscription or package: its members may file requests and write in them (else 403 requests.subscription_required)",
});

export const RequestsResponseSchema = Type.Object({
  entitled: EntitledSchema,
  requests: Type.Array(RequestSchema, { description: "Open ones first (the agency's turn, then the customer's), then the newest" }),
  allowance: AllowanceSchema,
  extraTime: Type.Array(ExtraTimeSchema, { description: "This month and the one before, when they have extra time" }),
});
export type RequestsResponse = Static<typeof RequestsResponseSchema>;

export const CreateRequestBodySchema = Type.Object({ kind: RequestKindSchema, subject: SubjectSchema, message: MessageTextSchema });
export type CreateRequestPayload = Static<typeof CreateRequestBodySchema>;
export const CreateRequestResponseSchema = Type.Object({ request: RequestSchema });
export type CreateRequestResponse = Static<typeof CreateRequestResponseSchema>;

export const RequestMessageSchema = Type.Object({
  from: StringEnum(["customer", "agency"] as const),
  authorName: Type.String({ description: "The member who wrote it (empty once their account is gone), or the agency" }),
  body: Type.String(),
  createdAt: DateTimeSchema(),
  minutes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "The minutes the agency logged with this reply; null for the customer's" }),
});
export type RequestMessage = Static<typeof RequestMessageSchema>;

export const RequestParamsSchema = Type.Object({ id: Type.String({ format: "uuid" }) });

export const RequestDetailResponseSchema = Type.Object({
  request: RequestSchema,
  messages: Type.Array(RequestMessageSchema, { description: "Oldest first" }),
  allowance: AllowanceSchema,
  entitled: EntitledSchema,
});
export type RequestDetailResponse = Static<typeof RequestDetailResponseSchema>;

export const PostMessageBodySchema = Type.Object({ message: MessageTextSchema });
export type PostMessagePayload = Static<typeof PostMessageBodySchema>;
export const PostMessageResponseSchema = Type.Object({ request: RequestSchema, message: RequestMessageSchema });
export type PostMessageResponse = Static<typeof PostMessageResponseSchema>;

export const AgreeExtraTimeBodySchema = Type.Object({
  period: Type.String({ pattern: MONTH_PATTERN, description: "The month, as extraTime names it" }),
  minutes: Type.Integer({ minimum: 1, description: "The month's extra minutes as shown to the customer: what they agree to have invoiced in all" }),
});
export type AgreeExtraTimePayload = Static<typeof AgreeExtraTimeBodySchema>;
export const AgreeExtraTimeResponseSchema = Type.Object({ extraTime: Type.Array(ExtraTimeSchema) });
export type AgreeExtraTimeResponse = Static<typeof AgreeExtraTimeResponseSchema>;

/* The desk. */

export const DeskRequestsQuerySchema = Type.Object({
  status: Type.Optional(RequestStatusSchema),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 400, description: `1-based; pages of ${DESK_PAGE_SIZE}` })),
});
export type DeskRequestsQuery = Static<typeof DeskRequestsQuerySchema>;

export const DeskRequestSummarySchema = Type.Object({
  ...RequestSchema.properties,
  company: Type.Object({ id: Type.String({ format: "uuid" }), name: Type.String() }),
  package: PackageSchema,
  proPlan: Type.Boolean({ description: "The company's Pro plan subscription gives access" }),
  minutesLeft: Type.Integer({ description: "Included minutes left this month; below 0 when past them" }),
  awaitingSince: Type.Union([DateTimeSchema(), Type.Null()], { description: "The customer's oldest message the agency has not answered yet" }),
  overdue: Type.Boolean({ description: "Open, and the customer has waited 20 hours or more for an answer" }),
  owner: Type.Union([Type.Object({ id: Type.String({ format: "uuid" }), email: Type.String() }), Type.Null()]),
});
export type DeskRequestSummary = Static<typeof DeskRequestSummarySchema>;

export const DeskRequestsResponseSchema = Type.Object({
  requests: Type.Array(DeskRequestSummarySchema, {
    description: "Open: priority first, then the longest waiting; waiting and closed: the most recent first",
  }),
  total: Type.Integer({ description: "Requests with this status" }),
  overdue: Type.Integer({ description: "Open requests whose customer has waited 20 hours or more, whatever the filter" }),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type DeskRequestsResponse = Static<typeof DeskRequestsResponseSchema>;

export const DeskRequestMessageSchema = Type.Object({
  ...RequestMessageSchema.properties,
  authorName: Type.String({ description: "The member's name, or the staff member's address" }),
  authorEmail: Type.Union([Type.String(), Type.Null()], { description: "The member's address; null for the agency's and once the account is gone" }),
});
export type DeskRequestMessage = Static<typeof DeskRequestMessageSchema>;

export const DeskRequestResponseSchema = Type.Object({
  request: DeskRequestSummarySchema,
  messages: Type.Array(DeskRequestMessageSchema, { description: "Oldest first" }),
  allowance: AllowanceSchema,
});
export type DeskRequestResponse = Static<typeof DeskRequestResponseSchema>;

export const DeskReplyBodySchema = Type.Object({
  message: MessageTextSchema,
  minutes: Type.Integer({ minimum: 0, maximum: REPLY_MINUTES_MAX, description: "Minutes spent on the request for this reply" }),
  status: Type.Optional(RequestStatusSchema),
});
export type DeskReplyPayload = Static<typeof DeskReplyBodySchema>;

export const DeskRequestPatchBodySchema = Type.Object(
  {
    status: Type.Optional(RequestStatusSchema),
    ownerId: Type.Optional(Type.Union([Type.String({ format: "uuid" }), Type.Null()], { description: "A staff member's id; null: nobody" })),
  },
  { minProperties: 1 },
);
export type DeskRequestPatchPayload = Static<typeof DeskRequestPatchBodySchema>;

/* The data export. */

export const ExportedRequestSchema = Type.Object({
  reference: Type.String(),
  kind: RequestKindSchema,
  subject: Type.String(),
  status: RequestStatusSchema,
  created_at: DateTimeSchema(),
  messages: Type.Array(
    Type.Object({
      from: StringEnum(["customer", "agency"] as const),
      author: Type.String(),
      body: Type.String(),
      minutes: Type.Union([Type.Integer(), Type.Null()]),
      created_at: DateTimeSchema(),
    }),
  ),
});
export const ExportedExtraTimeAgreementSchema = Type.Object({
  period: Type.String(),
  minutes: Type.Integer(),
  hourly_rate_cents: Type.Integer(),
  currency: Type.String(),
  agreed_by: Type.String({ description: "The member's name at the time" }),
  agreed_at: DateTimeSchema(),
  invoiced_at: Type.Union([DateTimeSchema(), Type.Null()]),
});
