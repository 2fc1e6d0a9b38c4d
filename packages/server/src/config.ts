import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Environment, parsed once at start into a typed object. Every problem is collected and reported together,
 * so an operator fixes the whole `.env` in one go instead of one restart per mistake.
 */
export interface Config {
  port: number;
  host: string;
  /** Absolute path; PGlite data (`pglite/`) and the mail outbox (`outbox/`) live here. */
  dataDir: string;
  /** When set, a real PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Origin (and optional path) the site is reached at; used in mailed links. No trailing slash. */
  publicUrl: string;
  /** `smtp://` or `smtps://` URL; when absent mail goes to `dataDir/outbox` as .eml files. */
  smtpUrl: string | undefined;
  mailFrom: string;
  agencyInbox: string;
  /** Extra origins (besides the site's own) allowed by CORS and as redirect targets. Normalised origins. */
  allowedOrigins: string[];
  /**
   * Behind a reverse proxy, trust X-Forwarded-For for the client IP (rate limits, consent records): `true`, or
   * the number of proxy hops. Default false, so clients cannot fake their IP by sending the header.
   */
  trustProxy: boolean | number;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** A request answered slower than this (ms) is logged even when it succeeded. */
  slowRequestMs: number;
  nodeEnv: "development" | "production" | "test";
  /** Serve the example pages at /examples/: on by default, off in production unless EXAMPLES=on. */
  examples: boolean;
  /** Bearer token for the agency's own /api/admin endpoints (lead export); unset disables them. */
  adminToken: string | undefined;
  /**
   * Who takes payments: `stripe` (real money; needs the STRIPE_* keys) or `test` (the local test checkout, no money
   * is charged). Fails closed: production without Stripe keys refuses to start unless PAYMENTS=test is set.
   */
  payments: "stripe" | "test";
  /** A session ends after this many days without a request, and in any case this many days after the login. */
  session: { idleDays: number; maxDays: number };
  /** Abuse limits; raise them for load tests and browser tests that submit from one address. */
  limits: {
    /** Quote requests per IP per 10 minutes. */
    contactPerIp: number;
    /** Failed logins per IP per 15 minutes. */
    loginPerIp: number;
    /** Failed logins per account per 15 minutes. */
    loginPerAccount: number;
    /** Sign-ups per IP per hour. */
    registerPerIp: number;
    /** Reset-link requests per IP per hour. */
    forgotPasswordPerIp: number;
    /** Reset-token checks and password resets per IP per 15 minutes. */
    resetTokenPerIp: number;
    /** Cookie-consent records per IP per 10 minutes. */
    consentPerIp: number;
    /** Password hashes and checks (Argon2, ~19 MiB each) run at once; more wait in line. */
    passwordHashConcurrency: number;
    /** Admin lead exports per IP per 10 minutes. */
    adminExportsPerIp: number;
  };

  // ---- Payments (subscriptions issue). Parsed here so every setting is validated and documented in one place.
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    publishableKey: string | undefined;
    priceMonthly: string | undefined;
    priceYearly: string | undefined;
    /** Stripe Checkout flavour: a redirect to Stripe's page, or the embedded form on our subscribe page. */
    checkout: "hosted" | "embedded";
    /** Override of Stripe's API host for tests against a fake Stripe (e.g. `http://127.0.0.1:12111`). */
    apiBase: string | undefined;
    /** Stripe Tax computes the VAT of each checkout and invoice (STRIPE_AUTOMATIC_TAX=1; set Stripe Tax up first). */
    automaticTax: boolean;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join("\n  - ")}\nSee .env.example for every setting.`);
    this.name = "ConfigError";
  }
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const NODE_ENVS = ["development", "production", "test"] as const;

type Env = Record<string, string | undefined>;

/**
 * @param env usually `process.env`
 * @param cwd directory relative paths resolve from; npm sets INIT_CWD to where the user typed the command,
 *   so `npm run leads` (which runs inside packages/server) finds the same DATA_DIR as `npm start` at the root.
 */
export function loadConfig(env: Env = process.env, cwd: string = env.INIT_CWD || process.cwd()): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const portRaw = str("PORT");
  let port = 8080;
  if (portRaw !== undefined) {
    const n = Number(portRaw);
    if (!/^\d+$/.test(portRaw) || !Number.isInteger(n) || n < 1 || n > 65535) {
      problems.push(`PORT must be an integer between 1 and 65535, got '${portRaw}'`);
    } else port = n;
  }

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = str(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${name} must be one of ${allowed.join(", ")}, got '${value}'`);
    return fallback;
  };

  const url = (name: string, protocols: string[]): string | undefined => {
    const value = str(name);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}, got '${redact(value)}'`);
      }
    } catch {
      problems.push(`${name} must be a URL like ${protocols[0]}//host:port, got '${redact(value)}'`);
    }
    return value;
  };

  const email = (name: string, fallback: string): string => {
    const value = str(name) ?? fallback;
    // Accepts both `a@b.c` and `Name <a@b.c>`, the forms nodemailer understands.
    if (!/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+(?:>)?$/.test(value)) {
      problems.push(`${name} must be an e-mail address like 'Agency <no-reply@example.com>', got '${value}'`);
    }
    return value;
  };

  const nodeEnv = oneOf("NODE_ENV", NODE_ENVS, "development");
  const dataDir = path.resolve(cwd, str("DATA_DIR") ?? "./data");
  const databaseUrl = url("DATABASE_URL", ["postgres:", "postgresql:"]);
  const smtpUrl = url("SMTP_URL", ["smtp:", "smtps:"]);

  let publicUrl = `http://localhost:${port}`;
  const publicRaw = url("PUBLIC_URL", ["http:", "https:"]);
  if (publicRaw !== undefined) publicUrl = publicRaw.replace(/\/+$/, "");

  const allowedOrigins: string[] = [];
  for (const item of (str("ALLOWED_ORIGINS") ?? "").split(",")) {
    const value = item.trim();
    if (!value) continue;
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("protocol");
      allowedOrigins.push(parsed.origin);
    } catch {
      problems.push(`ALLOWED_ORIGINS must be a comma-separated list of origins like https://partner.example, got '${value}'`);
    }
  }

  let trustProxy: boolean | number = false;
  const trustRaw = str("TRUST_PROXY");
  if (trustRaw !== undefined) {
    if (trustRaw === "true" || trustRaw === "false") trustProxy = trustRaw === "true";
    else if (/^\d+$/.test(trustRaw)) trustProxy = Number(trustRaw);
    else problems.push(`TRUST_PROXY must be true, false or a number of proxy hops, got '${trustRaw}'`);
  }

  const positiveInt = (name: string, fallback: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) {
      problems.push(`${name} must be a whole number of at least 1, got '${raw}'`);
      return fallback;
    }
    return Number(raw);
  };
  const adminToken = str("ADMIN_TOKEN");
  if (adminToken !== undefined && adminToken.length < ADMIN_TOKEN_MIN_LENGTH) {
    problems.push(`ADMIN_TOKEN must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters (it guards the lead export; e.g. openssl rand -hex 24)`);
  }

  const examples = oneOf("EXAMPLES", ["on", "off"] as const, nodeEnv === "production" ? "off" : "on") === "on";

  const stripeCheckout = oneOf("STRIPE_CHECKOUT", ["hosted", "embedded"] as const, "hosted");
  const stripeApiBase = url("STRIPE_API_BASE", ["http:", "https:"]);
  const stripeKeys = checkStripe(str, stripeCheckout, problems);
  const paymentsRaw = oneOf("PAYMENTS", ["stripe", "test"] as const, stripeKeys ? "stripe" : "test");
  const paymentsSet = str("PAYMENTS") !== undefined;
  if (paymentsRaw === "stripe" && !stripeKeys) {
    problems.push(`PAYMENTS=stripe needs ${STRIPE_REQUIRED.join(", ")} (or set PAYMENTS=test for test payments)`);
  } else if (nodeEnv === "production" && !stripeKeys && !paymentsSet) {
    problems.push(
      `No payment provider: NODE_ENV=production without Stripe. Set ${STRIPE_REQUIRED.join(", ")} to take payments with Stripe, ` +
        "or PAYMENTS=test to run with test payments on purpose (no money is charged, a subscription is free)",
    );
  }

  const sessionIdleDays = positiveInt("SESSION_IDLE_DAYS", 14);
  const sessionMaxDays = positiveInt("SESSION_MAX_DAYS", 30);
  if (sessionIdleDays > sessionMaxDays) {
    problems.push(`SESSION_IDLE_DAYS (${sessionIdleDays}) must not be more than SESSION_MAX_DAYS (${sessionMaxDays})`);
  }

  const config: Config = {
    port,
    host: str("HOST") ?? "0.0.0.0",
    dataDir,
    databaseUrl,
    publicUrl,
    smtpUrl,
    mailFrom: email("MAIL_FROM", "Agency <no-reply@agency.local>"),
    agencyInbox: email("AGENCY_INBOX", "hello@agency.local"),
    allowedOrigins,
    trustProxy,
    logLevel: oneOf("LOG_LEVEL", LOG_LEVELS, nodeEnv === "test" ? "silent" : "info"),
    slowRequestMs: positiveInt("SLOW_REQUEST_MS", 1000),
    nodeEnv,
    examples,
    adminToken,
    payments: paymentsRaw,
    session: { idleDays: sessionIdleDays, maxDays: sessionMaxDays },
    limits: {
      contactPerIp: positiveInt("CONTACT_RATE_LIMIT", 5),
      loginPerIp: positiveInt("LOGIN_RATE_LIMIT_IP", 20),
      loginPerAccount: positiveInt("LOGIN_RATE_LIMIT_ACCOUNT", 5),
      registerPerIp: positiveInt("REGISTER_RATE_LIMIT", 10),
      forgotPasswordPerIp: positiveInt("FORGOT_PASSWORD_RATE_LIMIT", 10),
      resetTokenPerIp: positiveInt("RESET_TOKEN_RATE_LIMIT", 20),
      consentPerIp: positiveInt("CONSENT_RATE_LIMIT", 30),
      passwordHashConcurrency: positiveInt("PASSWORD_HASH_CONCURRENCY", 2),
      adminExportsPerIp: positiveInt("ADMIN_EXPORT_RATE_LIMIT", 10),
    },
    stripe: {
      secretKey: str("STRIPE_SECRET_KEY"),
      webhookSecret: str("STRIPE_WEBHOOK_SECRET"),
      publishableKey: str("STRIPE_PUBLISHABLE_KEY"),
      priceMonthly: str("STRIPE_PRICE_MONTHLY"),
      priceYearly: str("STRIPE_PRICE_YEARLY"),
      checkout: stripeCheckout,
      apiBase: stripeApiBase,
      automaticTax: oneOf("STRIPE_AUTOMATIC_TAX", ["0", "1"] as const, "0") === "1",
    },
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export const ADMIN_TOKEN_MIN_LENGTH = 32;
const STRIPE_REQUIRED = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_YEARLY"];

/**
 * Stripe is all or nothing: with only some keys set the server would quietly fall back to the local test checkout,
 * which takes no money, so a partial setup is refused at start. Key prefixes catch the usual paste mistakes
 * (a publishable key where the secret belongs, a product id instead of a price id, test and live keys mixed).
 */
function checkStripe(str: (name: string) => string | undefined, checkout: "hosted" | "embedded", problems: string[]): boolean {
  const required = STRIPE_REQUIRED;
  const set = required.filter((name) => str(name) !== undefined);
  if (set.length > 0 && set.length < required.length) {
    const missing = required.filter((name) => !set.includes(name));
    problems.push(
      `Stripe is partly configured: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing (set all of ${required.join(", ")} to take payments with Stripe, or none to use the local test checkout)`,
    );
  }
  // The value is not echoed for the secrets: a start message ends up in logs.
  const secret = (name: string) => name === "STRIPE_SECRET_KEY" || name === "STRIPE_WEBHOOK_SECRET";
  const prefixed = (name: string, pattern: RegExp, example: string) => {
    const value = str(name);
    if (value !== undefined && !pattern.test(value)) {
      problems.push(`${name} must look like ${example}${secret(name) ? "" : `, got '${value.slice(0, 8)}…'`}`);
    }
  };
  prefixed("STRIPE_SECRET_KEY", /^(sk|rk)_(test|live)_/, "sk_test_… or sk_live_… (a secret or restricted key)");
  prefixed("STRIPE_WEBHOOK_SECRET", /^whsec_/, "whsec_… (the endpoint's signing secret)");
  prefixed("STRIPE_PUBLISHABLE_KEY", /^pk_(test|live)_/, "pk_test_… or pk_live_…");
  prefixed("STRIPE_PRICE_MONTHLY", /^price_/, "price_… (a price id, not a product id)");
  prefixed("STRIPE_PRICE_YEARLY", /^price_/, "price_… (a price id, not a product id)");
  const secretKey = str("STRIPE_SECRET_KEY");
  const publishable = str("STRIPE_PUBLISHABLE_KEY");
  if (secretKey && checkout === "embedded" && !publishable) {
    problems.push("STRIPE_PUBLISHABLE_KEY is required when STRIPE_CHECKOUT=embedded (the browser mounts Stripe's form with it)");
  }
  const mode = (key: string | undefined) => /_(test|live)_/.exec(key ?? "")?.[1];
  if (secretKey && publishable && mode(secretKey) && mode(publishable) && mode(secretKey) !== mode(publishable)) {
    problems.push("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys");
  }
  return set.length === required.length;
}

/** Keeps passwords in connection URLs out of error messages and logs. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@/]*@/, "//$1:***@");
}

/**
 * Every environment variable `loadConfig` reads, found by letting it read an empty environment and recording each
 * name it asks for. It is the list of settings the server knows, kept in one place: the config itself. Tests check
 * `.env.example`, the Dockerfile and compose.yaml against it, so a setting there that the server would ignore (a
 * typo, a removed setting) fails. `loadConfig` must therefore read each variable on every call, not only when
 * another setting asks for it.
 */
export function configVariables(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as Env, {
    get: (_target, name) => {
      if (typeof name === "string") read.add(name);
      return undefined;
    },
  });
  loadConfig(env, "/");
  return [...read].sort();
}

/**
 * Loads `.env` from `dir` (where the command was started, as for DATA_DIR) into `process.env` when the file exists.
 * Variables already set in the real environment win over the file.
 * @returns the file loaded, or undefined when there is none
 */
export function loadDotEnv(dir: string = process.env.INIT_CWD || process.cwd()): string | undefined {
  const file = path.join(dir, ".env");
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}

/** Origin of PUBLIC_URL: the site's own origin for CORS and redirect checks. */
export function siteOrigin(config: Config): string {
  return new URL(config.publicUrl).origin;
}
