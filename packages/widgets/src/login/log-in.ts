import type { LoginPayload } from "@agency/contract";
import { apiErrorCode, authApi, type ApiClient } from "@agency/core";

/**
 * A login that the server asks for proof of work (its account has had many failed logins, from anywhere) is sent
 * again with a solved challenge, fetched and solved in the background: the visitor waits a second longer and is
 * never locked out. When this browser cannot solve it (no Web Crypto on a page that is not secure), the server's
 * `auth.challenge_required` answer is what the visitor is told.
 */
export async function logInWithChallenge(api: ApiClient, payload: LoginPayload): Promise<authApi.LoginOutcome> {
  try {
    return await authApi.login(api, payload);
  } catch (error) {
    if (apiErrorCode(error) !== "auth.challenge_required") throw error;
    const [{ solveChallengeHere }, challenge] = await Promise.all([import("../element/solve-challenge"), authApi.getLoginChallenge(api)]);
    const solved = await solveChallengeHere(challenge);
    if (!solved) throw error;
    return authApi.login(api, { ...payload, challenge: solved });
  }
}
