import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import type { ErrorObject } from "ajv";
import { errorField } from "../../../lib/validation";
import { notifyPendingContacts } from "../../../contact/notify";
import { throttleWait } from "../../../lib/throttle";
import { errors, minutesText, requestLocale, StringEnum } from "../../schemas";
import {
  BUDGET_RANGES,
  CONTACT_FEATURES,
  COUNTRY_CODES,
  DOMAIN_STATUSES,
  HEAR_ABOUT_US,
  HONEYPOT_FIELD,
  LOCALES,
  PROJECT_TYPES,
  TIMELINES,
  type Locale,
} from "../../../types";

/** Quote requests per IP in the window; a person sends one, a script sends hundreds. */
/** Quote requests per IP per window; the count comes from config (CONTACT_RATE_LIMIT, default 5). */
export const CONTACT_LIMIT = { windowSeconds: 10 * 60 };

const DIAL_CODES = [...new Set(COUNTRY_CODES.map((c) => c.dial))];
const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const ContactBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: "\\S" }),
  email: Type.String({ format: "email", maxLength: 254 }),
  company: optionalText(200),
  countryCode: StringEnum(DIAL_CODES),
  phone: Type.String({ minLength: 4, maxLength: 40, pattern: "^[0-9 +()./-]+$" }),
  currentWebsite: optionalText(500),
  projectType: StringEnum(PROJECT_TYPES),
  budgetRange: StringEnum(BUDGET_RANGES),
  timeline: StringEnum(TIMELINES),
  primaryGoal: optionalText(2000),
  features: Type.Optional(Type.Array(StringEnum(CONTACT_FEATURES), { maxItems: CONTACT_FEATURES.length, uniqueItems: true })),
  domainStatus: StringEnum(DOMAIN_STATUSES),
  hearAboutUs: Type.Optional(StringEnum(["", ...HEAR_ABOUT_US] as const)),
  biggestChallenge: optionalText(2000),
  message: optionalText(5000),
  language: StringEnum(LOCALES),
  source: optionalText(200),
  pageUrl: optionalText(2000),
  utm: Type.Optional(
    Type.Object(
      {
        utm_source: optionalText(200),
        utm_medium: optionalText(200),
        utm_campaign: optionalText(200),
        utm_term: optionalText(200),
        utm_content: optionalText(200),
      },
      { additionalProperties: false },
    ),
  ),
  [HONEYPOT_FIELD]: optionalText(2000),
});

const FIELD_LABELS: Record<Locale, Record<string, string>> = {
  en: {
    name: "name", email: "e-mail address", company: "company", countryCode: "country code", phone: "phone number",
    currentWebsite: "current website", projectType: "project type", budgetRange: "budget", timeline: "timeline",
    primaryGoal: "primary goal", features: "features", domainStatus: "domain", hearAboutUs: "how you heard about us",
    biggestChallenge: "biggest challenge", message: "message", language: "language", source: "source",
    pageUrl: "page", utm: "campaign data", [HONEYPOT_FIELD]: "website", body: "form",
  },
  nl: {
    name: "naam", email: "e-mailadres", company: "bedrijf", countryCode: "landcode", phone: "telefoonnummer",
    currentWebsite: "huidige website", projectType: "soort project", budgetRange: "budget", timeline: "planning",
    primaryGoal: "hoofddoel", features: "functies", domainStatus: "domein", hearAboutUs: "hoe je ons gevonden hebt",
    biggestChallenge: "grootste uitdaging", message: "bericht", language: "taal", source: "bron",
    pageUrl: "pagina", utm: "campagnegegevens", [HONEYPOT_FIELD]: "website", body: "formulier",
  },
};

const TEXT = {
  en: {
    success: "Thank you! Your message has been sent.",
    invalid: (fields: string) => `Please check the following fields: ${fields}.`,
    tooMany: (wait: string) => `Too many requests from your network. Please try again in ${wait}.`,
  },
  nl: {
    success: "Bedankt! Je bericht is verzonden.",
    invalid: (fields: string) => `Controleer de volgende velden: ${fields}.`,
    tooMany: (wait: string) => `Te veel aanvragen vanaf je netwerk. Probeer het over ${wait} opnieuw.`,
  },
} satisfies Record<Locale, unknown>;

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : "");

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== "object" || Array.isArray(body)) return;
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") body[key] = value.trim();
    if (typeof body.email === "string") body.email = body.email.toLowerCase();
  });

  app.post(
    "/",
    {
      attachValidation: true,
      schema: {
        tags: ["contact"],
        summary: "Send a quote request",
        description:
          "Stored before anything else; the agency is mailed afterwards (retried until it succeeds). Errors are in the submitted language. " +
          `A non-empty \`${HONEYPOT_FIELD}\` (hidden honeypot) is answered as a success but kept as spam and not mailed.`,
        body: ContactBody,
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String() }), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const raw = request.body as Record<string, unknown> | null;
      const locale = requestLocale(request, raw && typeof raw === "object" ? raw.language : undefined);
      if (request.validationError) {
        const validation = (request.validationError as { validation?: ErrorObject[] }).validation ?? [];
        const fields = [...new Set(validation.map(errorField))];
        const labels = fields.map((f) => FIELD_LABELS[locale][f] ?? f).join(", ");
        return reply.code(400).send({ error: TEXT[locale].invalid(labels), fields });
      }
      const body = request.body;

      const ipHash = app.hashIp(request.ip);
      const wait = await throttleWait(app.db, "contact_requests", "ip_hash", ipHash, app.config.limits.contactPerIp, CONTACT_LIMIT.windowSeconds);
      if (wait > 0) {
        return reply
          .code(429)
          .header("retry-after", String(wait))
          .send({ error: TEXT[locale].tooMany(minutesText(wait, locale)), retryAfter: wait });
      }

      const isSpam = trimmed(body[HONEYPOT_FIELD]) !== "";
      const utm = Object.fromEntries(Object.entries(body.utm ?? {}).filter(([, v]) => typeof v === "string" && v !== ""));
      const { rows } = await app.db.query<{ id: number }>(
        `INSERT INTO contact_requests
           (name, email, company, country_code, phone, current_website, project_type, budget_range, timeline,
            primary_goal, features, domain_status, hear_about_us, biggest_challenge, message, language,
            source, page_url, origin, referrer, utm, ip_hash, is_spam)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23)
         RETURNING id`,
        [
          body.name,
          body.email,
          body.company ?? "",
          body.countryCode,
          body.phone,
          body.currentWebsite ?? "",
          body.projectType,
          body.budgetRange,
          body.timeline,
          body.primaryGoal ?? "",
          body.features ?? [],
          body.domainStatus,
          body.hearAboutUs ?? "",
          body.biggestChallenge ?? "",
          body.message ?? "",
          body.language,
          body.source ?? "",
          (body.pageUrl || request.headers.referer || "").slice(0, 2000),
          String(request.headers.origin ?? "").slice(0, 500),
          String(request.headers.referer ?? "").slice(0, 2000),
          JSON.stringify(utm),
          ipHash,
          isSpam,
        ],
      );
      // The INSERT above is committed before this line: the answer is only sent for a stored request.
      const id = rows[0]!.id;
      if (isSpam) request.log.info({ contactRequestId: id }, "quote request caught by honeypot; stored as spam, not mailed");
      else {
        app.background("quote request notification", () =>
          notifyPendingContacts({ db: app.db, mailer: app.mailer, agencyInbox: app.config.agencyInbox, log: app.log }, id),
        );
      }
      return { success: true as const, message: TEXT[locale].success };
    },
  );
};

export default contactRoutes;
