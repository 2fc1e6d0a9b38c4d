import { Type, type Static } from "@sinclair/typebox";
import { LOCALES } from "../rules";
import { DESK_COUNT_CAP, LEAD_STATUSES, SETTABLE_LEAD_STATUSES } from "../values";
import { DateTimeSchema, StringEnum } from "./common";

/** The desk's lead inbox: the quote requests, with a status and an internal note. */

export const LeadStatusSchema = StringEnum(LEAD_STATUSES);

const LeadFilterProperties = {
  status: Type.Optional(LeadStatusSchema),
  q: Type.Optional(Type.String({ maxLength: 200, description: "Starts of words of the name, company or e-mail address, all required (case-insensitive)" })),
};

export const DeskLeadsQuerySchema = Type.Object({
  ...LeadFilterProperties,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 400, description: "1-based; pages of DESK_PAGE_SIZE (25)" })),
});
export type DeskLeadsQuery = Static<typeof DeskLeadsQuerySchema>;

export const DeskLeadsExportQuerySchema = Type.Object(LeadFilterProperties);
export type DeskLeadsExportQuery = Static<typeof DeskLeadsExportQuerySchema>;

/** A quote request as a row of the inbox. */
export const LeadSummarySchema = Type.Object({
  id: Type.Integer(),
  createdAt: DateTimeSchema(),
  status: LeadStatusSchema,
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  projectType: Type.String(),
  budgetRange: Type.String(),
  budgetUnknown: Type.Boolean({ description: "The sender picked 'Unknown' (budgetRange is then 4000+)" }),
  language: StringEnum(LOCALES),
  hasNote: Type.Boolean(),
});
export type LeadSummary = Static<typeof LeadSummarySchema>;

/** GET /desk/leads: newest first. */
export const DeskLeadsResponseSchema = Type.Object({
  leads: Type.Array(LeadSummarySchema),
  total: Type.Integer({ description: `Requests that match the filter; a search's matches are counted up to ${DESK_COUNT_CAP} (then totalCapped)` }),
  totalCapped: Type.Boolean({ description: `A search matches more than ${DESK_COUNT_CAP}` }),
  unread: Type.Integer({ description: "Requests with status new, whatever the filter" }),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type DeskLeadsResponse = Static<typeof DeskLeadsResponseSchema>;

/** How one of the two messages about a lead went: the agency's mail, or the post to LEAD_WEBHOOK_URL. */
export const DeliverySchema = Type.Object({
  state: StringEnum(["not_sent", "pending", "delivered", "failed"] as const, {
    description: "not_sent: never queued (held, spam, or no webhook configured); pending: queued or being retried; failed: given up",
  }),
  attempts: Type.Integer(),
  deliveredAt: Type.Union([DateTimeSchema(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type Delivery = Static<typeof DeliverySchema>;

/** GET /desk/leads/{id}: every field of the request, where it came from, why it was held or flagged, its deliveries. */
export const LeadDetailSchema = Type.Object({
  id: Type.Integer(),
  createdAt: DateTimeSchema(),
  lastContactAt: DateTimeSchema(),
  status: LeadStatusSchema,
  note: Type.String({ description: "Internal; never shown to the sender" }),
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  countryCode: Type.String(),
  phone: Type.String(),
  currentWebsite: Type.String(),
  projectType: Type.String(),
  budgetRange: Type.String(),
  budgetUnknown: Type.Boolean({ description: "The sender picked 'Unknown' (budgetRange is then 4000+)" }),
  timeline: Type.String(),
  primaryGoal: Type.String(),
  features: Type.Array(Type.String()),
  domainStatus: Type.String(),
  hearAboutUs: Type.String(),
  biggestChallenge: Type.String(),
  message: Type.String(),
  language: StringEnum(LOCALES),
  source: Type.String(),
  pageUrl: Type.String(),
  origin: Type.String(),
  referrer: Type.String(),
  utm: Type.Record(Type.String(), Type.String()),
  consent: Type.Object(
    {
      privacyNotice: Type.Boolean({ description: "The form shows the privacy notice beside its send button; sending it is the request to be contacted" }),
      marketing: Type.Boolean({ description: "The form asks no marketing consent: always false" }),
    },
    { description: "What the sender agreed to by sending the form" },
  ),
  // One enum with null in it: the OpenAPI document keeps it as it is (an anyOf with null would become `nullable`).
  flag: Type.Unsafe<"too_fast" | "honeypot" | null>({
    enum: ["too_fast", "honeypot", null],
    description:
      "Why it was held (too_fast: sent faster than a person can fill in the form) or caught as spam (honeypot: the hidden field was filled in); null: neither",
  }),
  releasedAt: Type.Union([DateTimeSchema(), Type.Null()], { description: "When a held or spam request was released" }),
  mail: DeliverySchema,
  webhook: DeliverySchema,
});
export type LeadDetail = Static<typeof LeadDetailSchema>;

export const DeskLeadResponseSchema = Type.Object({ lead: LeadDetailSchema });
export type DeskLeadResponse = Static<typeof DeskLeadResponseSchema>;

export const DeskLeadParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const DeskLeadPatchBodySchema = Type.Object(
  {
    status: Type.Optional(StringEnum(SETTABLE_LEAD_STATUSES, { description: "held is left only by a release" })),
    note: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { minProperties: 1 },
);
export type DeskLeadPatchPayload = Static<typeof DeskLeadPatchBodySchema>;

/** POST /desk/leads/{id}/release. */
export const DeskReleaseResponseSchema = Type.Object({
  lead: LeadDetailSchema,
  released: Type.Boolean({ description: "true for the call that released it; false when an earlier call already had (nothing sent again)" }),
});
export type DeskReleaseResponse = Static<typeof DeskReleaseResponseSchema>;
