import type { LoginChallengePayload, LoginPayload, SecondFactorLoginPayload, User } from "@agency/contract";
import { apiErrorCode, authApi, type ApiClient } from "@agency/core";

/**
 * A guess that the server asks proof of work for (its account has had a few failed passwords or codes, from anywhere)
 * is sent again with a challenge for that account, fetched and solved in the background: the visitor waits a little
 * longer and is never locked out by someone else's guessing. The cost can have risen meanwhile (others guessing at
 * once), so it tries twice. When this browser cannot solve one (no Web Crypto on a page that is not secure), the
 * server's `auth.challenge_required` answer is what the visitor is told.
 */
async function withChallenge<T>(api: ApiClient, about: LoginChallengePayload, send: (challenge?: string) => Promise<T>): Promise<T> {
  let challenge: string | undefined;
  for (let tries = 0; ; tries++) {
    try {
      return await send(challenge);
    } catch (error) {
      if (apiErrorCode(error) !== "auth.challenge_required" || tries === 2) throw error;
      const [{ solveChallengeHere }, issued] = await Promise.all([import("../element/solve-challenge"), authApi.getLoginChallenge(api, about)]);
      const solved = await solveChallengeHere(issued);
      if (!solved) throw error;
      challenge = solved;
    }
  }
}

export function logInWithChallenge(api: ApiClient, payload: LoginPayload): Promise<authApi.LoginOutcome> {
  return withChallenge(api, { email: payload.email }, (challenge) => authApi.login(api, challenge ? { ...payload, challenge } : payload));
}

/** The second step, with the same proof of work when the account's failures ask for it. */
export function completeSecondFactorWithChallenge(api: ApiClient, payload: SecondFactorLoginPayload): Promise<User> {
  return withChallenge(api, { signInToken: payload.signInToken }, (challenge) => authApi.completeSecondFactor(api, challenge ? { ...payload, challenge } : payload));
}
