import { randomBytes } from "node:crypto";
import { base32Encode } from "./base32";
import { sha256 } from "../lib/crypto";

/**
 * Recovery codes: signing in when the authenticator is lost. Each is 80 random bits, shown once as four groups of
 * four base32 characters (`ABCD-EFGH-JKLM-NPQR`) and stored only as its SHA-256: with that much entropy a fast hash
 * cannot be reversed, and checking one costs nothing. Whoever stores them marks one used in the same statement that
 * accepts it, so it works once.
 */
export const RECOVERY_CODE_GROUPS = 4;

export function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(10));
  return text.match(/.{4}/g)!.slice(0, RECOVERY_CODE_GROUPS).join("-");
}

/** The same code however it is typed: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

export function hashRecoveryCode(code: string): string {
  return sha256(normaliseRecoveryCode(code));
}

/** Whether a typed second factor looks like a recovery code (16 base32 characters) rather than a 6-digit code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[A-Z2-7]{16}$/.test(normaliseRecoveryCode(code));
}

/** `count` new codes and their hashes, in the same order. */
export function newRecoveryCodes(count: number): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, newRecoveryCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}
