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
