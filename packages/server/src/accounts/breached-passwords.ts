import { createHash } from "node:crypto";

/** What a range API said of a password: found in a breach, not found, or no answer in time. */
export type BreachVerdict = "breached" | "clean" | "unavailable";

/** How long a sign-up waits for the range API before it accepts the password unchecked. */
export const BREACH_CHECK_TIMEOUT_MS = 2000;

/**
 * Checks a password against a k-anonymity range API (Pwned Passwords' `GET /range/{first 5 hex of SHA-1}`): only
 * the first five hex characters of the password's SHA-1 leave the server; the API answers every suffix it knows
 * with that prefix (`SUFFIX:COUNT` per line) and the comparison happens here. `Add-Padding` asks for decoy lines
 * (count 0), so the answer's size tells an onlooker nothing; they are skipped. A service that fails or is slow never
 * blocks a sign-up: the answer is then `unavailable`.
 */
export async function checkBreachedPassword(rangeUrl: string, password: string, timeoutMs = BREACH_CHECK_TIMEOUT_MS): Promise<BreachVerdict> {
  const sha1 = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const [prefix, suffix] = [sha1.slice(0, 5), sha1.slice(5)];
  try {
    const response = await fetch(`${rangeUrl}${prefix}`, {
      headers: { "Add-Padding": "true", "User-Agent": "agency-site password check" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return "unavailable";
    const body = await response.text();
    for (const line of body.split("\n")) {
      const [candidate, count] = line.trim().split(":");
      if (candidate?.toUpperCase() === suffix && Number(count) > 0) return "breached";
    }
    return "clean";
  } catch {
    return "unavailable";
  }
}
