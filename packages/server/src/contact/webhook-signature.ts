import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of a lead webhook post, in the form Stripe uses: `Agency-Signature: t=<unix seconds>,v1=<hex>`, where
 * the hex is the HMAC-SHA256, keyed with LEAD_WEBHOOK_SECRET, of the timestamp, a dot and the raw body. Signing the
 * time with the body lets a receiver refuse a post replayed later; each attempt is signed afresh.
 */
export const LEAD_SIGNATURE_HEADER = "Agency-Signature";
/** A post signed longer ago than this is refused as a replay. */
export const LEAD_SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const hmac = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The header value for `body` signed at `now`. */
export function signLeadWebhook(secret: string, body: string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * Whether `header` is a valid signature of the raw `body` with `secret`, made within the tolerance of `now`. The
 * body must be the bytes as received, not JSON parsed and serialized again.
 */
export function verifyLeadSignature(
  { header, body, secret, now = new Date(), toleranceSeconds = LEAD_SIGNATURE_TOLERANCE_SECONDS }:
    { header: string | undefined; body: string; secret: string; now?: Date; toleranceSeconds?: number },
): boolean {
  const parts = new Map((header ?? "").split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const signature = parts.get("v1") ?? "";
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  return timingSafeEqual(Buffer.from(signature, "hex"), Buffer.from(hmac(secret, timestamp, body), "hex"));
}
