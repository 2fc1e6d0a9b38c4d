import { Stripe } from "stripe";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/db";
import type { PaymentHandlers } from "../one-off";

export type StripeSettings = Config["stripe"];

/** What every part of the Stripe provider works with: our database, the settings, the log and the SDK client. */
export interface StripeContext {
  db: Db;
  settings: StripeSettings;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** The site's address (PUBLIC_URL): the portal links to its terms and privacy policy. */
  publicUrl: string;
  stripe: Stripe;
  /** What one-off payments pay for (an offer's deposit, an invoice, a mandate); see one-off.ts. */
  handlers?: PaymentHandlers;
}

/** Every setting the provider needs is present (the config's rules refuse a partial set, so this is all or nothing). */
export function stripeConfigured(s: StripeSettings): boolean {
  return Boolean(s.secretKey && s.webhookSecret && s.priceMonthly && s.priceYearly);
}

/**
 * How long one call to Stripe may take, in milliseconds, before it is given up (and retried, twice). A webhook
 * delivery or a checkout waits on these calls (outside any transaction); Stripe's default would hold it 80 s.
 */
export const STRIPE_TIMEOUT_MS = 20_000;

/**
 * The official SDK, optionally pointed at another host (STRIPE_API_BASE: stripe-mock or the fake Stripe of the
 * tests). Retries are the SDK's own: it reuses an idempotency key per request, so a retried create is not doubled.
 */
export function createStripeClient(s: StripeSettings, timeoutMs: number = STRIPE_TIMEOUT_MS): Stripe {
  const options: Stripe.StripeConfig = {
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: timeoutMs,
    appInfo: { name: "agency-server" },
  };
  if (s.apiBase) {
    const base = new URL(s.apiBase);
    options.protocol = base.protocol === "http:" ? "http" : "https";
    options.host = base.hostname;
    options.port = base.port || (base.protocol === "http:" ? 80 : 443);
  }
  return new Stripe(s.secretKey!, options);
}

/** The id of an expandable field, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;
