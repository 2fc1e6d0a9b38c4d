/**
 * When a failed delivery is tried again: 30 seconds after the first attempt, then twice as long after each further
 * one, at most an hour apart. With the default of 20 attempts an item is tried for about 14 hours (an SMTP outage of
 * a night) before it is given up; an item with a give-up time (a link that expires) stops earlier.
 */
export const BACKOFF_BASE_SECONDS = 30;
export const BACKOFF_MAX_SECONDS = 60 * 60;
export const DEFAULT_MAX_ATTEMPTS = 20;

/** Seconds to wait after attempt number `attempt` (1 = the first) failed. */
export function retryDelaySeconds(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  // 2^exponent overflows nothing below the cap; past 2^7 the cap applies anyway.
  return Math.min(BACKOFF_MAX_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.min(exponent, 20));
}

/**
 * What to do after attempt `attempts` of at most `maxAttempts` failed at `now`: try again at a time, or give up
 * (the attempts are spent, or the next try would come after `giveUpAt`).
 */
export function afterFailure(
  { attempts, maxAttempts, giveUpAt }: { attempts: number; maxAttempts: number; giveUpAt: Date | null },
  now: Date = new Date(),
): { retryAt: Date } | { giveUp: true } {
  if (attempts >= maxAttempts) return { giveUp: true };
  const retryAt = new Date(now.getTime() + retryDelaySeconds(attempts) * 1000);
  if (giveUpAt && retryAt >= giveUpAt) return { giveUp: true };
  return { retryAt };
}
