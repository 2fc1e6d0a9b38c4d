import { matchTotp } from "../auth-factors/totp";
import { hashRecoveryCode, looksLikeRecoveryCode } from "../auth-factors/recovery-codes";
import type { Db } from "../db/db";
import { acceptTotpStep, findTotp, spendRecoveryCode } from "./second-factor-repository";

/** What a customer's authenticator app shows as the account's issuer. */
export const CUSTOMER_TOTP_ISSUER = "Pixelwerf";

/** How long the half-signed-in state after a right password lasts, and how many codes it may try. */
export const SIGN_IN_ATTEMPT_TTL_MS = 5 * 60 * 1000;
export const SIGN_IN_ATTEMPT_TRIES = 5;

export type SecondFactor = "totp" | "recovery";

/**
 * Checks and uses up a second factor of a customer whose authenticator is on: a code of the app (each step once, the
 * step recorded in the same statement that accepts it) or an unused recovery code (marked used in the statement that
 * accepts it). Null when the code is wrong, already used, or the account has no authenticator on. Shared by the
 * sign-in's second step and by the settings that need a code (new recovery codes, turning it off).
 */
export async function spendSecondFactor(db: Db, userId: string, code: string): Promise<SecondFactor | null> {
  const totp = await findTotp(db, userId);
  if (!totp?.enabled) return null;
  if (looksLikeRecoveryCode(code)) return (await spendRecoveryCode(db, userId, hashRecoveryCode(code))) ? "recovery" : null;
  const step = matchTotp(totp.secret, code, { after: totp.last_step });
  return step !== null && (await acceptTotpStep(db, userId, step)) ? "totp" : null;
}
