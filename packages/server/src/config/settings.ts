import { StringEnum, Type, type Static } from "@agency/contract/schemas";
import { DEFAULT_PORT } from "./dot-env";
import { billingSettings } from "./billing-settings";
import { headerSettings } from "./header-settings";
import { invoiceIssuerSettings } from "./invoice-settings";
import { limitsSettings } from "./limits-settings";
import { requestsSettings } from "./requests-settings";
import { leadWebhookSettings } from "./webhook-settings";

/*
 * Every setting of the server, one TypeBox schema per environment variable. From this object come the `Config`
 * type, the start-up check and its messages (read-setting.ts), the list of variables, `.env.example` and the
 * settings table of docs/configuration.md.
 *
 * To add a setting: add one entry where it belongs (its variable in `env`, a `description`, a `default`, or
 * `Type.Optional(…)` when it may be absent; `secret: true` when the value grants access), then run
 * `npm run settings:docs`, which writes `.env.example` and that table (a test fails until they match).
 * A check that involves more than one setting goes into rules.ts.
 *
 * Besides TypeBox's own keywords (`default`, `minimum`, `maximum`, `minLength`, `pattern`, string enums), an entry
 * may say (see `SettingOptions`):
 * - `secret`: the value grants access; a start message never shows it (a URL is shown with its password masked);
 * - `example`: the value `.env.example` shows when there is no default;
 * - `error`: what the value must be, when the type alone does not say it; the message reads "NAME <error>, got '…'";
 * - `protocols`: the value is a URL with one of these schemes; `spelling`: a boolean's words for true and false;
 * - `shown`: a wrong value is shown by this many first characters only (a secret pasted into the wrong setting
 *   stays out of the log);
 * - `decode`: turns the checked text into the config value;
 * - `section`: starts a section of `.env.example` with this title (an object's `description` introduces it).
 */

/** `a@b.c` and `Name <a@b.c>`, the forms nodemailer understands. */
const EMAIL = "^(?:[^<>]*<)?[^\\s@<>]+@[^\\s@<>]+(?:>)?$";
const EMAIL_ERROR = "must be an e-mail address like 'Agency <no-reply@example.com>'";
const ADMIN_TOKEN_MIN_LENGTH = 32;
/** An optional secret that opens an operator's endpoint to whoever sends it as `Authorization: Bearer …`. */
function bearerToken(env: string, { guards = "", example, description }: { guards?: string; example: string; description: string }) {
  const error = `must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters (${guards}e.g. openssl rand -hex 24)`;
  return Type.Optional(Type.String({ env, secret: true, minLength: ADMIN_TOKEN_MIN_LENGTH, error, example, description }));
}
const STRIPE_PRICE = { pattern: "^price_", error: "must look like price_… (a price id, not a product id)", shown: 8, example: "price_..." };

export const configSchema = Type.Object({
  port: Type.Integer({ env: "PORT", section: "Server", minimum: 1, maximum: 65535, default: DEFAULT_PORT, description: "Port the server listens on." }),
  host: Type.String({ env: "HOST", default: "0.0.0.0", description: "Address the server listens on; 0.0.0.0 is every interface." }),
  publicUrl: Type.String({
    env: "PUBLIC_URL",
    protocols: ["http:", "https:"],
    default: "http://localhost:8080",
    decode: (text: string) => text.replace(/\/+$/, ""),
    description:
      "Address the site is reached at (origin and optional path). Links in mail (password reset) point there, its origin is the one the API trusts for CORS and redirects, and https turns on HSTS. Unset: http://localhost:$PORT.",
  }),
  ...headerSettings,
  logLevel: StringEnum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
    env: "LOG_LEVEL",
    default: "info",
    description:
      "JSON lines, except in development (readable, pino-pretty). At info: every answer outside 2xx and every slow one (method, path, status, duration, request id); at debug: every request. Unset with NODE_ENV=test: silent.",
  }),
  slowRequestMs: Type.Integer({
    env: "SLOW_REQUEST_MS",
    minimum: 1,
    default: 1000,
    description: "An answer slower than this many milliseconds is logged even when it succeeded.",
  }),
  requestTimeoutMs: Type.Integer({
    env: "REQUEST_TIMEOUT_MS",
    minimum: 1000,
    default: 30_000,
    description: "A client must have sent its whole request (headers and body) within this many milliseconds, else the connection is closed (a slow sender cannot hold a connection for ever).",
  }),
  connectionTimeoutMs: Type.Integer({
    env: "CONNECTION_TIMEOUT_MS",
    minimum: 1000,
    default: 60_000,
    description: "A connection on which nothing is sent or received for this many milliseconds is closed. Keep it above DB_STATEMENT_TIMEOUT_MS, so a request waiting for the database gets its answer.",
  }),
  nodeEnv: StringEnum(["development", "production", "test"], { env: "NODE_ENV", default: "development", description: "What the server runs as; the image sets production." }),
  trustProxy: Type.Union([Type.Boolean(), Type.Integer({ minimum: 0 })], {
    env: "TRUST_PROXY",
    default: false,
    error: "must be true, false or a number of proxy hops",
    description:
      "Behind a reverse proxy: true, or the number of proxy hops, so rate limits and consent records see the visitor's IP and the proxy's X-Request-Id is used. Never set it when the server is reachable directly: clients could then fake their address.",
  }),

  dataDir: Type.String({
    env: "DATA_DIR",
    section: "Data",
    default: "./data",
    description:
      "The embedded PostgreSQL (PGlite, in pglite/) and the mail outbox (outbox/) live here, relative to the directory the command starts in. The embedded database serves one process: a second one started on the same DATA_DIR stops with a message.",
  }),
  databaseUrl: Type.Optional(
    Type.String({
      env: "DATABASE_URL",
      protocols: ["postgres:", "postgresql:"],
      secret: true,
      example: "postgres://agency:secret@localhost:5432/agency",
      description: "Use a real PostgreSQL (13 or newer) instead of the embedded one; then any number of instances may share it.",
    }),
  ),

  db: Type.Object(
    {
      statementTimeoutMs: Type.Integer({
        env: "DB_STATEMENT_TIMEOUT_MS",
        minimum: 100,
        default: 10_000,
        description: "A query running longer than this many milliseconds is cancelled; the request answers 503 server.database_timeout.",
      }),
      lockTimeoutMs: Type.Integer({
        env: "DB_LOCK_TIMEOUT_MS",
        minimum: 100,
        default: 5000,
        description: "A query waiting this many milliseconds for a lock (a row or table another transaction holds) is cancelled; the request answers 503 server.database_timeout.",
      }),
      idleInTransactionTimeoutMs: Type.Integer({
        env: "DB_IDLE_IN_TRANSACTION_TIMEOUT_MS",
        minimum: 100,
        default: 30_000,
        description: "A transaction left idle this long (its connection waiting for the server's next statement) is ended, releasing its locks and its connection.",
      }),
    },
    {
      section: "Database timeouts",
      description:
        "Limits on PostgreSQL, so a stalled query or a forgotten transaction cannot hold a connection and its locks for ever. Migrations run without the statement and lock limits. The embedded database (PGlite) runs one query at a time in the server's own process and cannot cancel one: there these settings have no effect.",
    },
  ),

  mail: StringEnum(["smtp", "outbox"], {
    env: "MAIL",
    section: "Mail",
    default: "outbox",
    description:
      "smtp sends over SMTP_URL; outbox writes every mail to $DATA_DIR/outbox/*.eml instead, where nobody reads it (a demo convenience). Unset: smtp when SMTP_URL is set, else outbox, except with NODE_ENV=production, where a start without SMTP_URL is refused unless MAIL=outbox is set on purpose (mail fails closed). `npm start` (the demo) sets MAIL=outbox itself when SMTP_URL is unset.",
  }),
  smtpUrl: Type.Optional(
    Type.String({
      env: "SMTP_URL",
      protocols: ["smtp:", "smtps:"],
      secret: true,
      example: "smtps://user:password@smtp.example.com:465",
      description:
        "Mail server. Without it mail is written to $DATA_DIR/outbox/*.eml and logged, the link of a reset or verification mail included outside production (never in production).",
    }),
  ),
  mailFrom: Type.String({ env: "MAIL_FROM", pattern: EMAIL, error: EMAIL_ERROR, default: "Agency <no-reply@agency.local>", description: "Sender of every mail." }),
  agencyInbox: Type.String({ env: "AGENCY_INBOX", pattern: EMAIL, error: EMAIL_ERROR, default: "hello@agency.local", description: "Where quote requests are sent." }),
  smtpTimeouts: Type.Object({
    connectionMs: Type.Integer({ env: "SMTP_CONNECTION_TIMEOUT_MS", minimum: 1, default: 10_000, description: "Milliseconds an SMTP attempt waits for a connection; then the outbox retries the mail later." }),
    greetingMs: Type.Integer({ env: "SMTP_GREETING_TIMEOUT_MS", minimum: 1, default: 10_000, description: "Milliseconds an SMTP attempt waits for the server's greeting once connected." }),
    socketMs: Type.Integer({ env: "SMTP_SOCKET_TIMEOUT_MS", minimum: 1, default: 30_000, description: "Milliseconds an SMTP connection may stay silent before the attempt is given up." }),
  }),

  allowedOrigins: Type.Array(Type.String({ protocols: ["http:", "https:"], decode: (text: string) => new URL(text).origin }), {
    env: "ALLOWED_ORIGINS",
    section: "Embedding",
    default: [],
    example: "https://partner.example,https://www.client-site.nl",
    error: "must be a comma-separated list of origins like https://partner.example",
    description:
      "Extra origins (comma-separated) whose pages may call the API and embed the elements; also allowed as redirect targets. The site's own origin (from PUBLIC_URL) is always allowed. Passkeys work on the pages of the first five different sites (registrable domains) of the site's origin and this list, in that order: browsers ignore the rest of /.well-known/webauthn, so a start with more warns and names the origins past the limit.",
  }),

  examples: Type.Boolean({
    env: "EXAMPLES",
    section: "Operations",
    spelling: ["on", "off"],
    default: true,
    description: "Serve the example pages (examples/*.html) at /examples/. Unset with NODE_ENV=production: off.",
  }),
  adminToken: bearerToken("ADMIN_TOKEN", {
    guards: "it guards the lead export; ",
    example: "change-me-to-a-random-string-of-32-characters-or-more",
    description: `Bearer token for GET /api/admin/contact-requests (JSON, or CSV with ?format=csv), /api/admin/withdrawals and /api/admin/cancellation-reasons; unset disables them. At least ${ADMIN_TOKEN_MIN_LENGTH} characters (e.g. openssl rand -hex 24). Each export is logged (not its content).`,
  }),
  metricsToken: bearerToken("METRICS_TOKEN", {
    example: "change-me-to-another-random-string-of-32-characters",
    description:
      "Bearer token for GET /api/metrics (Prometheus text format: requests, latency, database pool, mail queue, webhooks, rate limits, page renders); unset: the endpoint answers 404.",
  }),
  contactChallenge: Type.Boolean({
    env: "CONTACT_CHALLENGE",
    section: "Quote requests",
    spelling: ["on", "off"],
    default: false,
    description:
      "Recommended in production: on. The quote form then solves a proof-of-work challenge (ALTCHA: no third party, no cookie) in the background, and POST /api/contact refuses a request without a valid, unused solution (400 contact.challenge_failed) and stores nothing of it. Off, the API takes requests without it. The solving needs a secure page (https, or localhost).",
  }),
  leadWebhook: leadWebhookSettings,
  limits: limitsSettings,

  breachedPasswordsUrl: Type.String({
    env: "BREACHED_PASSWORDS_URL",
    section: "Passwords",
    protocols: ["https:", "http:"],
    offWhenEmpty: true,
    default: "https://api.pwnedpasswords.com/range/",
    description:
      "A k-anonymity range API (Pwned Passwords by default) that passwords chosen at sign-up, reset and change are checked against: only the first 5 hex characters of the password's SHA-1 are sent (appended to this address), and the suffixes it answers are compared here. A breached password is refused (400 auth.breached_password). When the service has not answered within 2 s the password is accepted, logged and counted (agency_breached_password_checks_total{outcome=\"unavailable\"}). Set it empty to switch the check off.",
  }),
  session: Type.Object(
    {
      idleDays: Type.Integer({ env: "SESSION_IDLE_DAYS", minimum: 1, default: 14, description: "A login ends after this many days without any request." }),
      maxDays: Type.Integer({ env: "SESSION_MAX_DAYS", minimum: 1, default: 30, description: "A login ends this many days after it began, however active." }),
    },
    { section: "Sessions" },
  ),

  payments: StringEnum(["stripe", "test"], {
    env: "PAYMENTS",
    section: "Payments",
    default: "test",
    description:
      "stripe takes real payments (needs the Stripe keys below); test uses the built-in test checkout, a page on this server labelled as a test payment where no money is charged. Unset: stripe when the Stripe keys are set, else test, except with NODE_ENV=production, where a start without Stripe keys is refused unless PAYMENTS=test is set on purpose (payments fail closed). With stripe the test checkout and test portal routes do not exist (404), and subscriptions made earlier with test payments run to the end of their period. `npm start` sets PAYMENTS=test itself only without Stripe keys and outside production, and says so.",
  }),
  billing: billingSettings,
  invoiceIssuer: invoiceIssuerSettings,
  requests: requestsSettings,
  stripe: Type.Object(
    {
      secretKey: Type.Optional(
        Type.String({
          env: "STRIPE_SECRET_KEY",
          secret: true,
          pattern: "^(sk|rk)_(test|live)_",
          error: "must look like sk_test_… or sk_live_… (a secret or restricted key)",
          example: "sk_test_...",
          description: "Secret (or restricted) API key, Dashboard > Developers > API keys.",
        }),
      ),
      webhookSecret: Type.Optional(
        Type.String({
          env: "STRIPE_WEBHOOK_SECRET",
          secret: true,
          pattern: "^whsec_",
          error: "must look like whsec_… (the endpoint's signing secret)",
          example: "whsec_...",
          description:
            "Signing secret of the webhook endpoint $PUBLIC_URL/api/subscriptions/webhook, listening to checkout.session.completed, checkout.session.async_payment_succeeded/failed, customer.subscription.created/updated/deleted, invoice.paid, invoice.payment_failed and invoice.payment_action_required (with the Stripe CLI: stripe listen --forward-to localhost:8080/api/subscriptions/webhook).",
        }),
      ),
      priceMonthly: Type.Optional(Type.String({ env: "STRIPE_PRICE_MONTHLY", ...STRIPE_PRICE, description: "Recurring monthly price id of the Pro plan." })),
      priceYearly: Type.Optional(Type.String({ env: "STRIPE_PRICE_YEARLY", ...STRIPE_PRICE, description: "Recurring yearly price id of the Pro plan." })),
      checkout: StringEnum(["hosted", "embedded"], {
        env: "STRIPE_CHECKOUT",
        default: "hosted",
        description: "hosted redirects to Stripe's page; embedded shows Stripe's form inside the subscribe page.",
      }),
      publishableKey: Type.Optional(
        Type.String({
          env: "STRIPE_PUBLISHABLE_KEY",
          pattern: "^pk_(test|live)_",
          error: "must look like pk_test_… or pk_live_…",
          shown: 8,
          example: "pk_test_...",
          description: "Needed for STRIPE_CHECKOUT=embedded; of the same mode (test or live) as the secret key.",
        }),
      ),
      apiBase: Type.Optional(
        Type.String({
          env: "STRIPE_API_BASE",
          protocols: ["http:", "https:"],
          example: "http://127.0.0.1:12111",
          description: "Another Stripe API host, only for tests (stripe-mock, or the fake Stripe of the server tests).",
        }),
      ),
      paymentMethodConfiguration: Type.Optional(
        Type.String({
          env: "STRIPE_PAYMENT_METHOD_CONFIGURATION",
          pattern: "^pmc_",
          error: "must look like pmc_… (a payment method configuration id)",
          shown: 4,
          example: "pmc_...",
          description:
            "The payment method configuration Checkout offers (Dashboard > Settings > Payment methods): iDEAL | Wero, SEPA Direct Debit and cards, see docs/deploy.md. Unset: the account's default configuration.",
        }),
      ),
      automaticTax: Type.Boolean({
        env: "STRIPE_AUTOMATIC_TAX",
        default: false,
        spelling: ["1", "0"],
        description:
          "1: Stripe Tax computes the VAT of every checkout and of the invoices of the subscriptions it starts (prices exclude 21% VAT; set Stripe Tax up first, see docs/deploy.md). 0: no tax is added. Checkout always asks for the billing address and a VAT number.",
      }),
    },
    {
      section: "Stripe",
      description:
        "To take real payments set all four of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY; a partial set stops the server at start, so it never falls back to the test checkout.",
    },
  ),
});

export type Config = Static<typeof configSchema>;
