import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { ContactChallenge } from "@agency/contract";
import { appSecret } from "../../src/lib/app-secret";
import type { TestApp } from "./helpers";

/**
 * A solved proof of work at `cost`, as a botnet with unlimited compute brings one. Solving one at cost 16 takes
 * seconds, so it is made with the server's own keys, as ALTCHA makes a challenge, from a counter picked small: to the
 * server it is a solved challenge like any other (signed, unexpired, used once), found at once.
 */
export async function validProof(t: TestApp, cost: number): Promise<string> {
  const challenge = await createChallenge({
    algorithm: "SHA-256",
    cost,
    counter: 3,
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    data: { issuedAt: Date.now() },
    hmacSignatureSecret: await appSecret(t.db, "contact_challenge_secret"),
    hmacKeySignatureSecret: await appSecret(t.db, "contact_challenge_key_secret"),
  });
  return packed(challenge as ContactChallenge, await solveChallenge({ challenge, deriveKey }));
}

/** A challenge the server handed out, really solved (as the login element does), packed as `challenge`. */
export async function solvedProof(challenge: ContactChallenge): Promise<string> {
  return packed(challenge, await solveChallenge({ challenge, deriveKey }));
}

const packed = (challenge: ContactChallenge, solution: unknown) => Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
