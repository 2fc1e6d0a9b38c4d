import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { base32Decode, base32Encode } from "./base32";

/**
 * Time-based one-time passwords (RFC 6238, on HOTP of RFC 4226) as every authenticator app makes them by default:
 * HMAC-SHA-1, 30-second steps, 6 digits. A code is accepted for the current step and one step either side (clocks
 * drift, and typing takes time). Replay protection is the caller's: it stores the step of the last accepted code
 * and passes it as `after`, so a code, once used, is refused however fast it is sent again.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;

/** A new secret: 20 random bytes (160 bits, as RFC 4226 recommends), base32 for the app. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function totpStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one step (RFC 4226 section 5.3: dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return binary.toString().padStart(TOTP_DIGITS, "0");
}

/**
 * The step a code belongs to, within the window around `at`, or null when it matches none. Steps up to and
 * including `after` (the last one accepted) never match, so no code works twice.
 */
export function matchTotp(secret: string, code: string, { at = Date.now(), after = null }: { at?: number; after?: number | null } = {}): number | null {
  const given = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(given)) return null;
  const now = totpStep(at);
  let found: number | null = null;
  // Every step of the window is computed, whichever matches, so the time taken says nothing about which did.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(given));
    if (same && (after === null || step > after) && found === null) found = step;
  }
  return found;
}

/** The otpauth:// address of a secret, which authenticator apps read from a QR code (Key Uri Format). */
export function otpauthUrl({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
