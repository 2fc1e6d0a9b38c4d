import { AuthResponseSchema, SecondFactorLoginBodySchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { randomToken, sha256 } from "../../../lib/crypto";
import { returnRateEvents, takeRateSlot } from "../../../lib/throttle";
import type { Db } from "../../../db/db";
import { findUserById, publicUser } from "../../../accounts/repository";
import { SIGN_IN_ATTEMPT_TRIES, SIGN_IN_ATTEMPT_TTL_MS, spendSecondFactor } from "../../../accounts/second-factor";
import { createSignInAttempt, finishSignInAttempt, signInAttemptUser, takeSignInTry } from "../../../accounts/second-factor-repository";
import { startSession } from "../../../accounts/sign-in";
import type { ContactChallenges } from "../../../contact/challenge";
import { readDeviceId } from "../../../sessions/device-cookie";
import { admitCustomerGuess, clearLoginFailures, LOGIN_ACCOUNT_BUCKET, LOGIN_WINDOW_SECONDS, loginAccountKey } from "./login-limits";

/**
 * The half-signed-in state after a right password, for an account with a second factor: a short-lived token that
 * only the second step accepts. It is no session, so no account call takes it.
 */
export async function askForSecondFactor(db: Db, userId: string): Promise<{ secondFactorRequired: true; signInToken: string; expiresAt: string }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SIGN_IN_ATTEMPT_TTL_MS);
  await createSignInAttempt(db, { tokenHash: sha256(token), userId, expiresAt });
  return { secondFactorRequired: true, signInToken: token, expiresAt: expiresAt.toISOString() };
}

/** The sign-in's second step: the authenticator's code, or a recovery code, after a right password. */
const secondFactorRoutes: FastifyPluginAsyncTypebox<{ challenges: ContactChallenges }> = async (app, { challenges }) => {
  app.post(
    "/login/second-factor",
    {
      schema: {
        tags: ["auth"],
        summary: "Finish a login with the second factor: the authenticator's code or an unused recovery code",
        description:
          `The \`signInToken\` of the login's answer works for ${SIGN_IN_ATTEMPT_TTL_MS / 60_000} minutes and ${SIGN_IN_ATTEMPT_TRIES} codes ` +
          "(then 400 auth.sign_in_expired: log in again). A wrong code, a code of the authenticator used before, or a used recovery code " +
          "answers 400 auth.code_invalid. Wrong codes count like wrong passwords, with the login's limits per account and client address " +
          "and per client address (429 with Retry-After), and in the account's count from every source: after a few failures a code is " +
          "checked only with a solved challenge of POST /auth/challenge (400 auth.challenge_required), after a few more none is (429), " +
          "except from a browser that signed in to the account before. A success mails the new-sign-in alert when the browser is new to " +
          "the account.",
        body: SecondFactorLoginBodySchema,
        response: {
          200: AuthResponseSchema,
          ...errorResponses({ 400: ["auth.code_invalid", "auth.sign_in_expired", "auth.challenge_required"], 429: ["auth.too_many_attempts"] }),
        },
      },
    },
    async (request, reply) => {
      const { signInToken, code, basePath = "/" } = request.body;
      const tokenHash = sha256(signInToken);
      const userId = await signInAttemptUser(app.db, tokenHash, SIGN_IN_ATTEMPT_TRIES);
      const user = userId ? await findUserById(app.db, userId) : null;
      if (!user) return reply.sendError(400, "auth.sign_in_expired");
      const { loginPerAccount, loginPerIp } = app.config.limits;
      const source = app.hashIp(request.ip);
      const accountKey = loginAccountKey(user.email);
      // The login's own limits: a wrong code costs what a wrong password costs, in the same counts.
      const slot = await takeRateSlot(app.db, [
        { bucket: LOGIN_ACCOUNT_BUCKET, key: `${accountKey}:${source}`, limit: loginPerAccount, windowSeconds: LOGIN_WINDOW_SECONDS },
        { bucket: "login:ip", key: source, limit: loginPerIp, windowSeconds: LOGIN_WINDOW_SECONDS },
      ]);
      if (slot.wait > 0) return reply.sendError(429, "auth.too_many_attempts", { retryAfter: slot.wait });
      const guess = await admitCustomerGuess(app, reply, challenges, { accountKey, userId: user.id, deviceId: readDeviceId(request), challenge: request.body.challenge });
      if (!guess) return reply;
      // A try of the half-finished sign-in is counted only for a code that is checked.
      if (!(await takeSignInTry(app.db, tokenHash, SIGN_IN_ATTEMPT_TRIES))) return reply.sendError(400, "auth.sign_in_expired");
      if (!(await spendSecondFactor(app.db, user.id, code))) return reply.sendError(400, "auth.code_invalid", { fields: ["code"] });
      // Two right codes sent at once (the app's and a recovery code) end the half-signed-in state once: one session.
      if (!(await finishSignInAttempt(app.db, tokenHash))) return reply.sendError(400, "auth.sign_in_expired");
      await clearLoginFailures(app.db, user.email);
      await returnRateEvents(app.db, [...slot.events, ...guess]);
      const token = await startSession(app, request, reply, user, { basePath });
      return { user: publicUser(user), token };
    },
  );
};

export default secondFactorRoutes;
