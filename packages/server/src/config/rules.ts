import type { Config } from "./settings";

/** Whether a variable is set (not empty); throws for a name that is no setting, so a rule cannot ask for a typo. */
export type IsSet = (variable: string) => boolean;

const STRIPE_REQUIRED = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_YEARLY"];
const stripeComplete = (isSet: IsSet) => STRIPE_REQUIRED.every(isSet);

/** localhost, 127.0.0.0/8 or ::1: an address that never leaves the machine. */
function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === "[::1]";
}

/** Defaults that depend on other settings; each applies only when its own variable is unset. */
export function applyDerivedDefaults(config: Config, isSet: IsSet): void {
  // Mailed links point at the port the server listens on.
  if (!isSet("PUBLIC_URL")) config.publicUrl = `http://localhost:${config.port}`;
  if (!isSet("LOG_LEVEL") && config.nodeEnv === "test") config.logLevel = "silent";
  // The example pages are a partner's copy-and-paste material: a production server serves them only when asked to.
  if (!isSet("EXAMPLES") && config.nodeEnv === "production") config.examples = false;
  if (!isSet("PAYMENTS") && stripeComplete(isSet)) config.payments = "stripe";
  if (!isSet("MAIL") && config.smtpUrl) config.mail = "smtp";
}

/** Checks that involve more than one setting; each returns its problems (none when the settings agree). */
export const rules: Record<string, (config: Config, isSet: IsSet) => string[]> = {
  /**
   * Stripe is all or nothing: with only some keys set the server would quietly fall back to the local test checkout,
   * which takes no money, so a partial setup is refused at start.
   */
  stripeAllOrNothing(_config, isSet) {
    const missing = STRIPE_REQUIRED.filter((name) => !isSet(name));
    if (missing.length === 0 || missing.length === STRIPE_REQUIRED.length) return [];
    return [
      `Stripe is partly configured: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing (set all of ${STRIPE_REQUIRED.join(", ")} to take payments with Stripe, or none to use the local test checkout)`,
    ];
  },

  /** The browser mounts Stripe's embedded form with the publishable key. */
  embeddedCheckoutNeedsPublishableKey({ stripe }) {
    if (!stripe.secretKey || stripe.checkout !== "embedded" || stripe.publishableKey) return [];
    return ["STRIPE_PUBLISHABLE_KEY is required when STRIPE_CHECKOUT=embedded (the browser mounts Stripe's form with it)"];
  },

  /** A test key beside a live key fails at the first payment; say so at start. */
  stripeKeysOfOneMode({ stripe }) {
    const mode = (key: string | undefined) => /_(test|live)_/.exec(key ?? "")?.[1];
    const secret = mode(stripe.secretKey);
    const publishable = mode(stripe.publishableKey);
    if (!secret || !publishable || secret === publishable) return [];
    return ["STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys"];
  },

  /** PAYMENTS=stripe without the keys, or a production start without Stripe that did not choose test payments. */
  paymentsFailClosed(config, isSet) {
    if (stripeComplete(isSet)) return [];
    if (config.payments === "stripe") return [`PAYMENTS=stripe needs ${STRIPE_REQUIRED.join(", ")} (or set PAYMENTS=test for test payments)`];
    if (config.nodeEnv !== "production" || isSet("PAYMENTS")) return [];
    return [
      `No payment provider: NODE_ENV=production without Stripe. Set ${STRIPE_REQUIRED.join(", ")} to take payments with Stripe, ` +
        "or PAYMENTS=test to run with test payments on purpose (no money is charged, a subscription is free)",
    ];
  },

  /**
   * MAIL=smtp without a server, or a production start without SMTP_URL that did not choose the outbox: every mail
   * (reset links, quote requests) would go to a folder nobody reads.
   */
  mailFailsClosed(config, isSet) {
    if (config.smtpUrl) return [];
    if (config.mail === "smtp") return ["MAIL=smtp needs SMTP_URL (or set MAIL=outbox to write mail to $DATA_DIR/outbox)"];
    if (config.nodeEnv !== "production" || isSet("MAIL")) return [];
    return [
      "No mail server: NODE_ENV=production without SMTP_URL. Set SMTP_URL (smtps://user:password@smtp.example.com:465) to send mail, " +
        "or MAIL=outbox to write every mail to $DATA_DIR/outbox on purpose (nobody receives it)",
    ];
  },

  /** An unsigned lead webhook would let anyone who learns the URL post fake leads into the agency's CRM. */
  leadWebhookNeedsSecret({ leadWebhook, nodeEnv }) {
    if (!leadWebhook.url || leadWebhook.secret || nodeEnv !== "production") return [];
    return ["LEAD_WEBHOOK_SECRET is required when LEAD_WEBHOOK_URL is set (the receiver checks each post's signature with it; e.g. openssl rand -hex 32)"];
  },

  /**
   * A lead (name, e-mail, phone, message) posted over plain http crosses the network readable by anyone on the way;
   * a receiver on this machine (loopback) is the one exception.
   */
  leadWebhookOverHttps({ leadWebhook, nodeEnv }) {
    if (!leadWebhook.url || nodeEnv !== "production") return [];
    const url = new URL(leadWebhook.url);
    if (url.protocol === "https:" || isLoopback(url.hostname)) return [];
    return [`LEAD_WEBHOOK_URL must be an https:// address in production (leads would cross the network unencrypted), got ${url.protocol}//${url.host}`];
  },

  /** Invoices of real payments must name their supplier as Dutch law asks: address, KvK and VAT numbers. */
  invoicesNameTheirIssuer({ payments, nodeEnv, invoiceIssuer }) {
    if (payments !== "stripe" || nodeEnv !== "production") return [];
    const missing = [
      ...(invoiceIssuer.address ? [] : ["INVOICE_ISSUER_ADDRESS"]),
      ...(invoiceIssuer.kvkNumber ? [] : ["INVOICE_ISSUER_KVK"]),
      ...(invoiceIssuer.vatNumber ? [] : ["INVOICE_ISSUER_VAT"]),
    ];
    return missing.length ? [`${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} required with PAYMENTS=stripe in production (the invoices of package sales name their supplier)`] : [];
  },

  sessionIdleWithinMax({ session }) {
    if (session.idleDays <= session.maxDays) return [];
    return [`SESSION_IDLE_DAYS (${session.idleDays}) must not be more than SESSION_MAX_DAYS (${session.maxDays})`];
  },
};
