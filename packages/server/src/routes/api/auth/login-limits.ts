import type { FastifyInstance, FastifyReply } from "fastify";
import type { Db } from "../../../db/db";
import type { ContactChallenges } from "../../../contact/challenge";
import { knownDevice } from "../../../accounts/sign-in-alerts";
import { sha256 } from "../../../lib/crypto";
import { clearRateEventsByKeyPrefix } from "../../../lib/throttle";
import { admitGuess, CUSTOMER_GUESSES, knownBrowserBucket } from "../../../accounts/guesses";

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
/** The account part of a login-attempt key. */
export const loginAccountKey = (email: string) => sha256(email);

/**
 * A successful login or a password reset forgets the account's failures: from each source, from every source
 * together (accounts/guesses.ts) and from each browser it knows.
 */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  const accountKey = loginAccountKey(email);
  await clearRateEventsByKeyPrefix(db, LOGIN_ACCOUNT_BUCKET, `${accountKey}:`);
  await clearRateEventsByKeyPrefix(db, CUSTOMER_GUESSES.bucket, accountKey);
  await clearRateEventsByKeyPrefix(db, knownBrowserBucket(CUSTOMER_GUESSES), `${accountKey}:`);
}

/**
 * Counts a guess at a customer account from every source together (accounts/guesses.ts), before it is checked:
 * answers its events (given back when the guess was right), or refuses it with the answer already sent (429 past the
 * cap, 400 auth.challenge_required when the proof of work it needed is missing or too cheap). A browser the account
 * signed in from before is not slowed down; `challenge` is the solved proof the request brought.
 */
export async function admitCustomerGuess(
  app: FastifyInstance,
  reply: FastifyReply,
  challenges: ContactChallenges,
  a: { accountKey: string; userId: string | null; deviceId: string | null; challenge: string | undefined },
): Promise<string[] | null> {
  const knownBrowser = a.userId ? await knownDevice(app.db, a.userId, a.deviceId) : null;
  const checked = a.challenge ? await challenges.check(a.challenge) : null;
  const gate = await admitGuess(app.db, CUSTOMER_GUESSES, { accountKey: a.accountKey, knownBrowser, proof: checked?.ok ? checked.cost : 0 });
  if (gate.pass) return gate.events;
  if (gate.wait > 0) {
    app.metrics.rateLimited.inc({ limit: "login:account" });
    reply.sendError(429, "auth.too_many_attempts", { retryAfter: gate.wait });
  } else {
    app.metrics.rateLimited.inc({ limit: "login:challenge" });
    reply.sendError(400, "auth.challenge_required");
  }
  return null;
}
