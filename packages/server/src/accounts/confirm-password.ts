import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { confirmWithPasskey, type RelyingParty } from "../auth-factors/passkeys";
import type { Db } from "../db/db";
import { ApiError } from "../lib/api-error";
import { burnPasswordCheck, verifyPassword } from "../lib/crypto";
import { returnRateEvents, takeRateSlot } from "../lib/throttle";
import { findUserById, type UserRow } from "./repository";

/** Wrong current passwords per account in this window before such changes are refused for a while. */
const CONFIRM_WINDOW_SECONDS = 15 * 60;

/**
 * Re-authentication for what a borrowed session must not do alone (delete the account, change the password or the
 * e-mail address): the account's current password, as GitHub and Clerk ask for it. Wrong ones are limited per account
 * (`limit` per 15 minutes, LOGIN_RATE_LIMIT_ACCOUNT), counted before the check like logins, so parallel guesses cannot
 * all pass; a right password gives its attempt back, and only the holder of the session can spend them. Throws the
 * error answer (400 `account.wrong_password` naming `field`, 429 `account.too_many_attempts`, 401 when the account
 * is gone).
 */
export async function confirmPassword(
  db: Db,
  { userId, password, field, limit }: { userId: string; password: string; field: string; limit: number },
): Promise<UserRow> {
  const slot = await takeRateSlot(db, [{ bucket: "account:password", key: userId, limit, windowSeconds: CONFIRM_WINDOW_SECONDS }]);
  if (slot.wait > 0) throw new ApiError(429, "account.too_many_attempts", "too many wrong passwords", { retryAfter: slot.wait });
  const user = await findUserById(db, userId);
  const ok = user ? await verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false);
  if (!user) throw new ApiError(401, "auth.required", "the account is gone");
  if (!ok) throw new ApiError(400, "account.wrong_password", "wrong password", { fields: [field] });
  await returnRateEvents(db, slot.events);
  return user;
}

/**
 * What adding a way in takes, every time, however fresh the session: the owner's current password, or one of the
 * account's own passkeys answering a challenge it asked for (`confirmationOptions`), as Clerk and GitHub accept either
 * for a sensitive change. Neither answers 403 `account.password_required`; a passkey that does not confirm answers
 * 400 `account.passkey_not_confirmed`, and counts like a wrong password.
 */
export async function confirmOwner(
  db: Db,
  rp: RelyingParty,
  { userId, password, passkey, limit }: { userId: string; password?: string; passkey?: AuthenticationResponseJSON; limit: number },
): Promise<UserRow> {
  if (password !== undefined) return confirmPassword(db, { userId, password, field: "password", limit });
  if (passkey === undefined) throw new ApiError(403, "account.password_required", "the password or a passkey is needed", { fields: ["password"] });
  const slot = await takeRateSlot(db, [{ bucket: "account:password", key: userId, limit, windowSeconds: CONFIRM_WINDOW_SECONDS }]);
  if (slot.wait > 0) throw new ApiError(429, "account.too_many_attempts", "too many failed confirmations", { retryAfter: slot.wait });
  await confirmWithPasskey(db, rp, userId, passkey);
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(401, "auth.required", "the account is gone");
  await returnRateEvents(db, slot.events);
  return user;
}
