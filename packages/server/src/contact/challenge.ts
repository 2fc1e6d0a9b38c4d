import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { ContactChallenge } from "@agency/contract";
import type { Db } from "../db/db";
import { appSecret } from "../lib/app-secret";
import { markChallengeUsed } from "./challenge-repository";

/**
 * The quote form's proof-of-work challenge (ALTCHA, no third party, no cookie). The server hands out a signed
 * challenge; the browser finds the counter whose SHA-256 key starts with the signed prefix (between COUNTER_MIN and
 * COUNTER_MAX attempts, about a second in a browser, while the visitor fills in the form) and sends it with the
 * request. The server checks the signature, the key and the expiry, and takes each challenge once.
 */

/** A visitor may leave the form open for a long time: a challenge holds for a day. */
export const CHALLENGE_TTL_SECONDS = 24 * 60 * 60;
const COUNTER_MIN = 20_000;
const COUNTER_MAX = 60_000;
const ALGORITHM = "SHA-256";

/** `cost`: the hashing rounds per attempt the challenge was issued with (signed, so the solver cannot lower it). */
export type ChallengeCheck = { ok: true; issuedAt: number; cost: number } | { ok: false; reason: "missing" | "malformed" | "expired" | "invalid" | "replayed" };

export interface ContactChallenges {
  /** A challenge; `cost` multiplies the work of solving it (a login asks more after each failure for its account). */
  issue(now?: number, cost?: number): Promise<ContactChallenge>;
  /** Checks the `challenge` field of a quote request: base64 of the JSON `{ challenge, solution }`. */
  check(payload: string | undefined): Promise<ChallengeCheck>;
}

interface Submitted {
  challenge: ContactChallenge;
  solution: { counter: number; derivedKey: string };
}

function parse(payload: string): Submitted | null {
  try {
    const value = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Partial<Submitted> | null;
    const parameters = value?.challenge?.parameters;
    if (!parameters || typeof parameters !== "object" || typeof value?.challenge?.signature !== "string") return null;
    if (!value.solution || typeof value.solution !== "object") return null;
    return value as Submitted;
  } catch {
    return null;
  }
}

export async function contactChallenges(db: Db): Promise<ContactChallenges> {
  // Shared by every instance on the database, so a challenge from one is checked by another.
  const hmacSignatureSecret = await appSecret(db, "contact_challenge_secret");
  const hmacKeySignatureSecret = await appSecret(db, "contact_challenge_key_secret");

  return {
    async issue(now = Date.now(), cost = 1) {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS,
        // Signed with the rest, so the server knows when the form got its challenge: how long it was open.
        data: { issuedAt: now },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return challenge as ContactChallenge;
    },

    async check(payload) {
      if (!payload) return { ok: false, reason: "missing" };
      const submitted = parse(payload);
      if (!submitted) return { ok: false, reason: "malformed" };
      const { challenge, solution } = submitted;
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      } catch {
        return { ok: false, reason: "malformed" };
      }
      if (!result.verified) return { ok: false, reason: result.expired ? "expired" : "invalid" };
      // Verified, so the parameters are the server's own, as signed.
      const issuedAt = Number(challenge.parameters.data?.issuedAt);
      const expiresAt = new Date(Number(challenge.parameters.expiresAt) * 1000);
      if (!(await markChallengeUsed(db, challenge.signature, expiresAt))) return { ok: false, reason: "replayed" };
      return { ok: true, issuedAt, cost: Number(challenge.parameters.cost) };
    },
  };
}
