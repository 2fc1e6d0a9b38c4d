import { Type, type Static } from "@sinclair/typebox";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PHONE_PATTERN, LOCALES, SINGLE_LINE_PATTERN, SINGLE_LINE_TEXT_PATTERN } from "../rules";
import {
  BUDGET_RANGES,
  CONTACT_FEATURES,
  DIAL_CODES,
  DOMAIN_STATUSES,
  HEAR_ABOUT_US,
  HONEYPOT_FIELD,
  PROJECT_TYPES,
  TIMELINES,
  UTM_KEYS,
} from "../values";
import { DateTimeSchema, StringEnum, SuccessMessageResponseSchema } from "./common";

const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** An optional one-line field: no line breaks or other control characters. */
const optionalLine = (maxLength: number) => Type.Optional(Type.String({ maxLength, pattern: SINGLE_LINE_PATTERN }));

export const UtmSchema = Type.Object(
  Object.fromEntries(UTM_KEYS.map((key) => [key, optionalLine(200)])) as Record<(typeof UTM_KEYS)[number], ReturnType<typeof optionalLine>>,
  { additionalProperties: false },
);
export type UtmParameters = Static<typeof UtmSchema>;

/** Body of POST /contact. Optional fields may also be sent as empty strings. */
export const ContactBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: SINGLE_LINE_TEXT_PATTERN }),
  email: Type.String({ format: "email", pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH }),
  company: optionalLine(200),
  countryCode: StringEnum(DIAL_CODES),
  phone: Type.String({ pattern: PHONE_PATTERN, maxLength: 40 }),
  currentWebsite: optionalLine(500),
  projectType: StringEnum(PROJECT_TYPES),
  budgetRange: StringEnum(BUDGET_RANGES),
  budgetUnknown: Type.Optional(
    Type.Boolean({ description: "The visitor picked 'Unknown' as the budget, which sends budgetRange 4000+; kept, so replies name what they picked" }),
  ),
  timeline: StringEnum(TIMELINES),
  primaryGoal: optionalText(2000),
  features: Type.Optional(Type.Array(StringEnum(CONTACT_FEATURES), { maxItems: CONTACT_FEATURES.length, uniqueItems: true })),
  domainStatus: StringEnum(DOMAIN_STATUSES),
  hearAboutUs: Type.Optional(StringEnum(["", ...HEAR_ABOUT_US] as const)),
  biggestChallenge: optionalText(2000),
  message: optionalText(5000),
  language: StringEnum(LOCALES, { description: "Language of the form; the answer is in it" }),
  source: optionalLine(200),
  pageUrl: optionalLine(2000),
  utm: Type.Optional(UtmSchema),
  [HONEYPOT_FIELD]: optionalText(2000),
  fillMs: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2_147_483_647,
      description: "Milliseconds between the form appearing and its sending; a request sent faster than a person can fill in the form is stored but held for review",
    }),
  ),
  challenge: Type.Optional(
    Type.String({
      maxLength: 4000,
      description:
        "The solved proof-of-work challenge of GET /contact/challenge: base64 of the JSON { challenge, solution } (ALTCHA). Required when the server runs with CONTACT_CHALLENGE=on, ignored otherwise",
    }),
  ),
});
export type ContactRequestPayload = Static<typeof ContactBodySchema>;

/** An ALTCHA (v2) proof-of-work challenge: find the counter whose derived key starts with keyPrefix. */
export const ContactChallengeSchema = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Number()),
    data: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]))),
  }),
  signature: Type.String(),
});
export type ContactChallenge = Static<typeof ContactChallengeSchema>;

/** GET /contact/challenge: a fresh challenge, or null when the server does not ask for one. */
export const ContactChallengeResponseSchema = Type.Object({ challenge: Type.Union([ContactChallengeSchema, Type.Null()]) });
export type ContactChallengeResponse = Static<typeof ContactChallengeResponseSchema>;

export const ContactResponseSchema = SuccessMessageResponseSchema;
export type ContactResponse = Static<typeof ContactResponseSchema>;

/** A stored quote request, as the agency's admin endpoint lists it. */
export const LeadSchema = Type.Object({
  id: Type.Integer(),
  created_at: DateTimeSchema(),
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  country_code: Type.String(),
  phone: Type.String(),
  project_type: Type.String(),
  budget_range: Type.String(),
  timeline: Type.String(),
  features: Type.Array(Type.String()),
  domain_status: Type.String(),
  hear_about_us: Type.String(),
  message: Type.String(),
  language: StringEnum(LOCALES),
  source: Type.String(),
  page_url: Type.String(),
  origin: Type.String(),
  utm: Type.Record(Type.String(), Type.String()),
  is_spam: Type.Boolean(),
  held_for_review: Type.Boolean({ description: "Sent faster than a person can fill in the form: stored, not notified" }),
  notified_at: Type.Union([DateTimeSchema(), Type.Null()]),
});
export type Lead = Static<typeof LeadSchema>;

export const LeadsResponseSchema = Type.Object({ requests: Type.Array(LeadSchema) });
export type LeadsResponse = Static<typeof LeadsResponseSchema>;
