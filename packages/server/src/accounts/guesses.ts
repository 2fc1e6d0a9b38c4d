import type { Db } from "../db/db";
import { countRateEvents, takeRateSlot, takeRateSlotIf } from "../lib/throttle";

/**
 * Guesses at one account, from every network together: wrong passwords and wrong codes count alike. The limits per
 * client address stop one client; these stop a botnet, whose guesses each come from somewhere new. Past `free`
 * failures in the window, a guess is checked only with a solved proof of work whose cost doubles with each further
 * failure (customers: the login element solves it in the background); past `cap`, none is checked until the oldest
 * failure ages out (429 with Retry-After). A browser that signed in to the account before is not slowed down, so the
 * owner still gets in: its guesses are limited on their own (`perKnownBrowser`), and whoever guesses from elsewhere
 * cannot spend them. A success or a password reset clears the count.
 */
export interface GuessPolicy {
  /** The rate_events bucket of the account's failures from browsers it does not know. */
  bucket: string;
  /** Failures in the window before a proof of work is asked; null: none is ever asked, only the cap holds. */
  free: number | null;
  /** Failures in the window after which no guess is checked. */
  cap: number;
  windowSeconds: number;
  /** Guesses per window from one browser the account knows. */
  perKnownBrowser: number;
}

export const CUSTOMER_GUESSES: GuessPolicy = { bucket: "login:account", free: 5, cap: 10, windowSeconds: 60 * 60, perKnownBrowser: 10 };
/** Staff sign in from their own browsers every day; a stranger's guesses end at the cap (the desk asks no puzzle). */
export const STAFF_GUESSES: GuessPolicy = { bucket: "desk-login:account", free: null, cap: 10, windowSeconds: 60 * 60, perKnownBrowser: 10 };

/** The bucket of one known browser's guesses, keyed `<account key>:<device hash>`. */
export const knownBrowserBucket = (policy: GuessPolicy) => `${policy.bucket}:browser`;

/** The proof-of-work cost a guess needs after `failures`: 0 (none) below `free`, then 1, 2, 4, … */
export function proofCost(policy: GuessPolicy, failures: number): number {
  if (policy.free === null || failures < policy.free) return 0;
  return 2 ** (failures - policy.free);
}

/** What the next guess at the account needs now: the cost of its proof of work (for the challenge handed out). */
export async function costNow(db: Db, policy: GuessPolicy, accountKey: string): Promise<number> {
  return proofCost(policy, await countRateEvents(db, { bucket: policy.bucket, key: accountKey, windowSeconds: policy.windowSeconds }));
}

export type GuessGate = { pass: true; events: string[] } | { pass: false; wait: number; cost: number };

/**
 * Counts a guess before it is checked (one at a time per account, so guesses sent at once cannot all slip through),
 * or refuses it: `wait` > 0 past the cap (or past a known browser's own limit), else `cost`, the proof of work it
 * needed and did not bring. `proof` is the cost of the solved challenge the guess brought (0 for none);
 * `knownBrowser` the hash of the device id when the account knows the browser. A right guess gives its events back.
 */
export async function admitGuess(db: Db, policy: GuessPolicy, a: { accountKey: string; knownBrowser: string | null; proof: number }): Promise<GuessGate> {
  if (a.knownBrowser) {
    const limit = { bucket: knownBrowserBucket(policy), key: `${a.accountKey}:${a.knownBrowser}`, limit: policy.perKnownBrowser, windowSeconds: policy.windowSeconds };
    const slot = await takeRateSlot(db, [limit]);
    return slot.wait > 0 ? { pass: false, wait: slot.wait, cost: 0 } : { pass: true, events: slot.events };
  }
  let needed = 0;
  const slot = await takeRateSlotIf(db, { bucket: policy.bucket, key: a.accountKey, limit: policy.cap, windowSeconds: policy.windowSeconds }, (failures) => {
    needed = proofCost(policy, failures);
    return a.proof >= needed;
  });
  if (slot.wait > 0) return { pass: false, wait: slot.wait, cost: 0 };
  if (slot.events.length === 0) return { pass: false, wait: 0, cost: needed };
  return { pass: true, events: slot.events };
}
