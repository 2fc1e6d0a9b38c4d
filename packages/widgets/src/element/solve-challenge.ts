import type { ContactChallenge } from "@agency/contract";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";

/**
 * Solves the server's proof-of-work challenge with the browser's own SHA-256 (Web Crypto, asynchronous, so the page
 * stays responsive; the search yields to the page every 200 ms) and packs it as the `challenge` field of the
 * request that needs it (a quote request, a login after many failures for its account). Null when it cannot be
 * solved here: Web Crypto exists only on secure pages (https, localhost). Loaded only when the server asks for a
 * challenge, so an element that is never asked carries none of this.
 */
export async function solveChallengeHere(challenge: ContactChallenge): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
