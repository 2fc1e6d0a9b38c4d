import type { Db } from "../../../db/db";
import { sha256 } from "../../../lib/crypto";
import { clearRateEventsByKeyPrefix } from "../../../lib/throttle";

/**
 * Login attempts are counted per account and source (stops guessing one account's password from one client, without
 * letting a stranger elsewhere lock the owner out) and per source (stops one client trying many accounts) in this
 * window; the counts come from config (LOGIN_RATE_LIMIT_ACCOUNT, default 5, and LOGIN_RATE_LIMIT_IP, default 20).
 * A source is the client's address as app.hashIp groups it (an IPv6 /64). A success gives its attempt back and clears
 * the account's counts from every source, and so does a password reset, so in effect failures are what is limited.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/**
 * The rate-limit bucket of attempts per account and source, keyed `<SHA-256 of the address>:<source>` (no address
 * stored), so one account's counts from every source can be cleared together.
 */
export const LOGIN_ACCOUNT_BUCKET = "login:account-source";
/**
 * Failed logins per account from every source together, in an hour: past this many, a password is checked only
 * with a solved proof-of-work challenge. Guesses spread over many networks then cost each guesser real work, while
 * the owner, whose browser solves one in about a second, is never locked out.
 */
export const LOGIN_ACCOUNT_ANY_SOURCE = { bucket: "login:account", limit: 10, windowSeconds: 60 * 60 } as const;
/** The account part of a login-attempt key. */
export const loginAccountKey = (email: string) => sha256(email);

/** A successful login or a password reset forgets the account's failures: from each source, and from all together. */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  const accountKey = loginAccountKey(email);
  await clearRateEventsByKeyPrefix(db, LOGIN_ACCOUNT_BUCKET, `${accountKey}:`);
  await clearRateEventsByKeyPrefix(db, LOGIN_ACCOUNT_ANY_SOURCE.bucket, accountKey);
}
