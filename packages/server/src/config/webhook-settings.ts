import { Type } from "@agency/contract/schemas";

/** Where every stored quote request is posted as signed JSON (a CRM, Zapier, n8n), and how. */
export const leadWebhookSettings = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        env: "LEAD_WEBHOOK_URL",
        protocols: ["http:", "https:"],
        example: "https://crm.example.com/hooks/agency-leads",
        description:
          "Every quote request the agency is notified of is also posted here as JSON, through the outbox: retried with backoff for 24 hours, then given up (counted as agency_lead_webhooks_total{outcome=\"failed\"}). Requests caught as spam or held for review are not posted, as they are not mailed. In production it must be https:// (a loopback address aside). Unset: no webhook.",
      }),
    ),
    secret: Type.Optional(
      Type.String({
        env: "LEAD_WEBHOOK_SECRET",
        secret: true,
        minLength: 32,
        error: "must be at least 32 characters (e.g. openssl rand -hex 32)",
        example: "change-me-to-a-random-string-of-32-characters-or-more",
        description:
          "Signs each post: header Agency-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\">; docs/deploy.md shows how to check it. Required in production when LEAD_WEBHOOK_URL is set; elsewhere posts without it go unsigned.",
      }),
    ),
    timeoutMs: Type.Integer({
      env: "LEAD_WEBHOOK_TIMEOUT_MS",
      minimum: 100,
      default: 10_000,
      description: "An attempt that has no answer within this many milliseconds is given up and retried later.",
    }),
  },
  { section: "Lead webhook" },
);
