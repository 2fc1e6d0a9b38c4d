import {
  AuthResponseSchema,
  ContactChallengeResponseSchema,
  LoginChallengeBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  MeResponseSchema,
  RegisterBodySchema,
  SuccessMessageResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { burnPasswordCheck, hashPassword, sha256, verifyPassword } from "../../../lib/crypto";
import { createUser, findUserByEmail, findUserById, publicUser } from "../../../accounts/repository";
import { createCompany } from "../../../teams/repository";
import { queueVerification } from "../../../accounts/mails";
import { authTexts } from "../../../accounts/texts";
import { requestLocale, say } from "../../../i18n";
import { returnRateEvents, takeRateSlot } from "../../../lib/throttle";
import { bearerToken } from "../../../plugins/auth";
import { startSession } from "../../../accounts/sign-in";
import { hasTotp, signInAttemptUser } from "../../../accounts/second-factor-repository";
import { costNow, CUSTOMER_GUESSES } from "../../../accounts/guesses";
import emailVerificationRoutes from "./email-verification";
import { contactChallenges } from "../../../contact/challenge";
import { readDeviceId } from "../../../sessions/device-cookie";
import { SIGN_IN_ATTEMPT_TRIES } from "../../../accounts/second-factor";
import { admitCustomerGuess, clearLoginFailures, LOGIN_ACCOUNT_BUCKET, LOGIN_WINDOW_SECONDS, loginAccountKey } from "./login-limits";
import passkeySignInRoutes from "./passkey";
import passwordResetRoutes from "./password-reset";
import secondFactorRoutes, { askForSecondFactor } from "./second-factor";
import signInAlertRoutes from "./sign-in-alert";

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The quote form's proof of work (ALTCHA), asked of a guess once its account has had a few failures.
  const challenges = await contactChallenges(app.db);
  const { free, cap } = CUSTOMER_GUESSES;

  // Before validation, so " Ann@Example.COM " is checked (and stored) as "ann@example.com".
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object") {
      if (typeof body.email === "string") body.email = body.email.trim().toLowerCase();
      if (typeof body.name === "string") body.name = body.name.trim();
      if (typeof body.company === "string") body.company = body.company.trim() || undefined;
    }
  });

  app.post(
    "/register",
    {
      preHandler: app.ipLimit("register"),
      schema: {
        tags: ["auth"],
        summary: "Create an account and log in",
        description:
          "Signs the new user in at once and mails a link to verify the address (single use, valid 24 hours; PUBLIC_URL + basePath + " +
          "`verify-email?token=…`), queued in the mail outbox in the same transaction. The account makes a company and is its owner, " +
          "named `company` when given, else after the person. Limited per IP (REGISTER_RATE_LIMIT): 429 with Retry-After.",
        body: RegisterBodySchema,
        response: { 201: AuthResponseSchema, ...errorResponses({ 400: ["auth.common_password", "auth.breached_password"], 409: ["auth.email_taken"], 429: ["request.too_many"] }) },
      },
    },
    async (request, reply) => {
      const { name, email, password, basePath = "/" } = request.body;
      const locale = requestLocale(request, request.body.language);
      const problem = await app.passwordProblem(password, request.log);
      if (problem) return reply.sendError(400, problem, { fields: ["password"], locale });
      const passwordHash = await hashPassword(password);
      // The account, its first session and its verification mail commit together.
      const created = await app.db.transaction(async (tx) => {
        const user = await createUser(tx, { email, name, passwordHash, locale });
        if (!user) return null;
        await createCompany(tx, { name: request.body.company ?? name, ownerId: user.id });
        const queued = await queueVerification(app.outbox, tx, { publicUrl: app.config.publicUrl, basePath, purpose: "verify", user, email, locale });
        const token = await startSession(app, request, reply, user, { db: tx, basePath, newAccount: true });
        return { user, token, queued };
      });
      if (!created) return reply.sendError(409, "auth.email_taken", { locale });
      app.outbox.deliverSoon(reply, [created.queued]);
      return reply.code(201).send({ user: publicUser(created.user), token: created.token });
    },
  );

  app.post(
    "/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Log in with e-mail and password",
        description:
          "Wrong credentials answer 400 (never 401, which means 'session gone'). Throttled per account and client address, and per client " +
          "address (an IPv6 /64 counts as one): 429 with Retry-After. Guesses spread over many networks meet a count per account from " +
          `every source, wrong passwords and wrong codes together: after ${free} failures in an hour a guess is checked only with a solved ` +
          "challenge of POST /auth/challenge (400 auth.challenge_required without one, or with one cheaper than the account needs now), " +
          `whose cost doubles with each further failure; after ${cap}, none is checked until the oldest failure is an hour old (429 ` +
          "auth.too_many_attempts with Retry-After). A browser that signed in to the account before (its device cookie) is not slowed " +
          "down; a success or a password reset clears the count. An account with a second factor answers `secondFactorRequired` and a " +
          "`signInToken` for POST /auth/login/second-factor instead of a session. A session from a browser new to the account mails its " +
          "owner a new-sign-in alert.",
        body: LoginBodySchema,
        response: {
          200: LoginResponseSchema,
          ...errorResponses({ 400: ["auth.invalid_credentials", "auth.challenge_required"], 429: ["auth.too_many_attempts"] }),
        },
      },
    },
    async (request, reply) => {
      const { email, password, basePath = "/" } = request.body;
      const { loginPerAccount, loginPerIp } = app.config.limits;
      const accountKey = loginAccountKey(email);
      const source = app.hashIp(request.ip);
      // The attempt is counted before the password is checked, and each count is taken one request at a time (in the
      // database, so across instances too): parallel guesses cannot all pass the limit.
      const attempt = await takeRateSlot(app.db, [
        { bucket: LOGIN_ACCOUNT_BUCKET, key: `${accountKey}:${source}`, limit: loginPerAccount, windowSeconds: LOGIN_WINDOW_SECONDS },
        { bucket: "login:ip", key: source, limit: loginPerIp, windowSeconds: LOGIN_WINDOW_SECONDS },
      ]);
      if (attempt.wait > 0) return reply.sendError(429, "auth.too_many_attempts", { retryAfter: attempt.wait });
      // Spread over many sources, guesses at one account pass the limits above: they meet the account's own count.
      const user = await findUserByEmail(app.db, email);
      const guess = await admitCustomerGuess(app, reply, challenges, {
        accountKey,
        userId: user?.id ?? null,
        deviceId: readDeviceId(request),
        challenge: request.body.challenge,
      });
      if (!guess) return reply;

      const ok = user ? await verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false);
      if (!user || !ok) return reply.sendError(400, "auth.invalid_credentials");
      // A right password is no failure of the account; alone it is not the whole sign-in here, though: its attempt
      // from this source stays counted until the second step succeeds.
      await returnRateEvents(app.db, guess);
      if (await hasTotp(app.db, user.id)) return askForSecondFactor(app.db, user.id);
      await clearLoginFailures(app.db, email);
      await returnRateEvents(app.db, attempt.events);
      const token = await startSession(app, request, reply, user, { basePath });
      return { user: publicUser(user), token };
    },
  );

  app.get(
    "/challenge",
    {
      schema: {
        tags: ["auth"],
        summary: "A proof-of-work challenge for a login, at the lowest cost",
        description:
          "A fresh ALTCHA challenge (valid for a day, usable once) at cost 1, as GET /contact/challenge hands out. An account that " +
          "needs more takes the one of POST /auth/challenge.",
        response: { 200: ContactChallengeResponseSchema },
      },
    },
    async () => ({ challenge: await challenges.issue() }),
  );

  app.post(
    "/challenge",
    {
      schema: {
        tags: ["auth"],
        summary: "A proof-of-work challenge for a guess at one account: a login or its second step",
        description:
          "A fresh ALTCHA challenge (valid for a day, usable once) at the cost the account needs now: 1 until it has had " +
          `${free} failures in an hour, then doubling with each further one. The account is named by \`email\` (a login) or by ` +
          "`signInToken` (the second step); a login or second step answered 400 auth.challenge_required is sent again with the " +
          "solution as `challenge`. Says nothing about whether the account exists.",
        body: LoginChallengeBodySchema,
        response: { 200: ContactChallengeResponseSchema },
      },
    },
    async (request) => {
      const { email, signInToken } = request.body;
      let account = email === undefined ? null : loginAccountKey(email);
      if (signInToken !== undefined) {
        const userId = await signInAttemptUser(app.db, sha256(signInToken), SIGN_IN_ATTEMPT_TRIES);
        const user = userId ? await findUserById(app.db, userId) : null;
        if (user) account = loginAccountKey(user.email);
      }
      const cost = account ? await costNow(app.db, CUSTOMER_GUESSES, account) : 0;
      return { challenge: await challenges.issue(Date.now(), Math.max(1, cost)) };
    },
  );

  app.get(
    "/me",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["auth"],
        summary: "The logged-in user",
        security: [{ bearer: [] }],
        response: { 200: MeResponseSchema, ...errorResponses({ 401: [] }) },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.user!.id);
      // The session lookup just found the user; a concurrent account deletion is the only way to get here.
      if (!user) return reply.sendError(401, "auth.required");
      return { user: publicUser(user) };
    },
  );

  app.post(
    "/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "Revoke the session token sent in Authorization",
        description: "Idempotent: answers success also when the token is already gone.",
        security: [{ bearer: [] }],
        response: { 200: SuccessMessageResponseSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (token) await app.sessions.revoke(token);
      return { success: true as const, message: say(requestLocale(request), authTexts.loggedOut) };
    },
  );

  await app.register(passwordResetRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(secondFactorRoutes, { challenges });
  await app.register(signInAlertRoutes);
  await app.register(passkeySignInRoutes);
};

export default authRoutes;
