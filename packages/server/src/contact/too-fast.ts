/**
 * Nobody fills in the quote form (a name, an address, a number and four choices) in under 3 seconds; a request sent
 * faster comes from a script. It is stored, but held for the agency to review instead of notified, in case a person
 * did manage it.
 */
export const MIN_FILL_MS = 3000;

/**
 * Whether a request came faster than a person could fill in the form: by the form's own measure (`fillMs`, sent by
 * the element), and by the server's when the request carries a solved challenge (issued when the form appeared,
 * signed, so it cannot be faked). A request that says nothing about its timing is not held.
 */
export function sentTooFast({ fillMs, challengeIssuedAt, now = Date.now() }: { fillMs?: number; challengeIssuedAt?: number; now?: number }): boolean {
  if (fillMs !== undefined && fillMs < MIN_FILL_MS) return true;
  return challengeIssuedAt !== undefined && Number.isFinite(challengeIssuedAt) && now - challengeIssuedAt < MIN_FILL_MS;
}
