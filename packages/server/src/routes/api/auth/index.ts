import {
  AuthResponseSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  MeResponseSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SuccessMessageResponseSchema,
  VerifyResetTokenBodySchema,
  VerifyResetTokenInvalidSchema,
  VerifyResetTokenValidSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { burnPasswordCheck, hashPassword, randomToken, sha256, verifyPassword } from "../../../lib/crypto";
import {
  claimPasswordReset,
  createPasswordReset,
  createUser,
  findUserByEmail,
  findUserById,
  publicUser,
  resetCandidate,
  resetTokenState,
  setPassword,
  useUpAllResets,
} from "../../../accounts/store";
import { authTexts } from "../../../accounts/texts";
import { passwordChangedMail, resetPasswordMail } from "../../../mail/templates";
import { isCommonPassword } from "../../../accounts/common-passwords";
import { requestLocale, say } from "../../../i18n";
import { errorBody } from "../../../lib/api-error";
import { clearRateEventsByKeyPrefix, returnRateEvents, takeRateSlot } from "../../../lib/throttle";

/**
 * Login attempts are counted per account and source (stops guessing one account's password from one client, without
 * letting a stranger elsewhere lock the owner out) and per source (stops one client trying many accounts) in this
 * window; the counts come from config (LOGIN_RATE_LIMIT_ACCOUNT, default 5, and LOGIN_RATE_LIMIT_IP, default 20).
 * A source is the client's address as app.hashIp groups it (an IPv6 /64). A success gives its attempt back and clears
 * the account's counts from every source, and so does a password reset, so in effect failures are what is limited.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/**
 * The rate-limit bucket of attempts per account and source, keyed `<SHA-256 of the address>:<source>` (no address
 * stored), so one account's counts from every source can be cleared together.
 */
export const LOGIN_ACCOUNT_BUCKET = "login:account-source";
/** The account part of a login-attempt key. */
export const loginAccountKey = (email: string) => sha256(email);
export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Reset mails per account per hour; more are silently skipped so the form cannot be used to flood an inbox. */
const RESET_MAILS_PER_HOUR = 5;

/** Why a reset token cannot be used, as an error code, or the address it belongs to. */
type ResetProblem = "auth.reset_invalid" | "auth.reset_used" | "auth.reset_expired";

async function checkResetToken(db: Parameters<typeof resetTokenState>[0], token: string): Promise<{ problem: ResetProblem } | { email: string }> {
  const found = await resetTokenState(db, sha256(token));
  if (found.state === "valid") return { email: found.email };
  return { problem: found.state === "used" ? "auth.reset_used" : found.state === "expired" ? "auth.reset_expired" : "auth.reset_invalid" };
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before validation, so " Ann@Example.COM " is checked (and stored) as "ann@example.com".
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object") {
      if (typeof body.email === "string") body.email = body.email.trim().toLowerCase();
      if (typeof body.name === "string") body.name = body.name.trim();
    }
  });

  app.post(
    "/register",
    {
      preHandler: app.ipLimit("register"),
      schema: {
        tags: ["auth"],
        summary: "Create an account and log in",
        description: "Limited per IP (REGISTER_RATE_LIMIT): 429 with Retry-After.",
        body: RegisterBodySchema,
        response: { 201: AuthResponseSchema, ...errorResponses({ 400: ["auth.common_password"], 409: ["auth.email_taken"], 429: ["request.too_many"] }) },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      const locale = requestLocale(request, request.body.language);
      if (isCommonPassword(password)) return reply.sendError(400, "auth.common_password", { fields: ["password"], locale });
      const user = await createUser(app.db, { email, name, passwordHash: await hashPassword(password), locale });
      if (!user) return reply.sendError(409, "auth.email_taken", { locale });
      const token = await app.sessions.create(user.id);
      return reply.code(201).send({ user: publicUser(user), token });
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
          "address (an IPv6 /64 counts as one): 429 with Retry-After. A stranger's wrong passwords do not lock the owner out elsewhere.",
        body: LoginBodySchema,
        response: { 200: AuthResponseSchema, ...errorResponses({ 400: ["auth.invalid_credentials"], 429: ["auth.too_many_attempts"] }) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
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

      const user = await findUserByEmail(app.db, email);
      const ok = user ? await verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false);
      if (!user || !ok) return reply.sendError(400, "auth.invalid_credentials");
      await clearRateEventsByKeyPrefix(app.db, LOGIN_ACCOUNT_BUCKET, `${accountKey}:`);
      await returnRateEvents(app.db, attempt.events);
      const token = await app.sessions.create(user.id);
      return { user: publicUser(user), token };
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
      const header = request.headers.authorization;
      const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
      if (token) await app.sessions.revoke(token);
      return { success: true as const, message: say(requestLocale(request), authTexts.loggedOut) };
    },
  );

  app.post(
    "/forgot-password",
    {
      preHandler: app.ipLimit("forgot-password"),
      schema: {
        tags: ["auth"],
        summary: "Mail a password reset link",
        description:
          "Same answer, in about the same time, whether or not the account exists. Limited per IP (FORGOT_PASSWORD_RATE_LIMIT): 429 with Retry-After.",
        body: ForgotPasswordBodySchema,
        response: { 200: SuccessMessageResponseSchema, ...errorResponses({ 400: [], 429: ["request.too_many"] }) },
      },
    },
    async (request) => {
      const { email, basePath = "/" } = request.body;
      const locale = requestLocale(request, request.body.language);
      // Generated and hashed for every request, so both paths do the same work before answering.
      const token = randomToken();
      const tokenHash = sha256(token);
      const user = await resetCandidate(app.db, email);
      if (user && user.recent < RESET_MAILS_PER_HOUR) {
        await createPasswordReset(app.db, { tokenHash, userId: user.id, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
        const link = `${app.config.publicUrl}${basePath}reset-password?token=${token}`;
        // After the answer: SMTP latency would otherwise tell an attacker the account exists.
        app.background("reset mail", () =>
          app.mailer.send({ to: email, ...resetPasswordMail(locale, { name: user.name, link }) }, { logDetail: `reset link: ${link}` }),
        );
      } else if (user) {
        request.log.warn({ userId: user.id }, "reset mail skipped: hourly limit reached");
      }
      return { success: true as const, message: say(locale, authTexts.resetMailSent) };
    },
  );

  app.post(
    "/verify-reset-token",
    {
      preHandler: app.ipLimit("reset-token"),
      schema: {
        tags: ["auth"],
        summary: "Check a reset token before showing the new-password form",
        description: "Limited per IP together with reset-password (RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        body: VerifyResetTokenBodySchema,
        // Validation errors share the 400, so `valid` is optional there even though an unusable link always sets it.
        response: { 200: VerifyResetTokenValidSchema, 400: VerifyResetTokenInvalidSchema, ...errorResponses({ 429: ["request.too_many"] }) },
      },
    },
    async (request, reply) => {
      const checked = await checkResetToken(app.db, request.body.token);
      if ("problem" in checked) return reply.code(400).send({ valid: false as const, ...errorBody(requestLocale(request), checked.problem) });
      return { valid: true as const, email: checked.email };
    },
  );

  app.post(
    "/reset-password",
    {
      preHandler: app.ipLimit("reset-token"),
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a reset token",
        description: "Single use. Logs the account out everywhere and mails a notice. Limited per IP (RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        body: ResetPasswordBodySchema,
        response: {
          200: SuccessMessageResponseSchema,
          ...errorResponses({ 400: ["auth.reset_invalid", "auth.reset_used", "auth.reset_expired", "auth.common_password"], 429: ["request.too_many"] }),
        },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      // The token is checked before anything is hashed: a made-up token costs one lookup, not an Argon2 hash.
      const checked = await checkResetToken(app.db, token);
      if ("problem" in checked) return reply.sendError(400, checked.problem);
      // Before the token is used, so the visitor can pick another password with the same link.
      if (isCommonPassword(newPassword)) return reply.sendError(400, "auth.common_password", { fields: ["newPassword"] });
      const passwordHash = await hashPassword(newPassword);
      // Claimed in one UPDATE: of two resets with one link racing past the check above, one wins.
      const user = await app.db.transaction(async (tx) => {
        const userId = await claimPasswordReset(tx, sha256(token));
        if (!userId) return null;
        const updated = await setPassword(tx, userId, passwordHash);
        await useUpAllResets(tx, userId);
        await app.sessions.revokeAll(userId, tx);
        return updated;
      });
      if (!user) {
        const recheck = await checkResetToken(app.db, token);
        return reply.sendError(400, "problem" in recheck ? recheck.problem : "auth.reset_invalid");
      }
      // Whoever locked the account with wrong passwords, the owner just proved they hold its mailbox.
      await clearRateEventsByKeyPrefix(app.db, LOGIN_ACCOUNT_BUCKET, `${loginAccountKey(user.email)}:`);
      const locale = requestLocale(request, request.headers["accept-language"] ? undefined : user.locale);
      const loginUrl = `${app.config.publicUrl}/login`;
      app.background("password changed mail", () => app.mailer.send({ to: user.email, ...passwordChangedMail(locale, { name: user.name, loginUrl }) }));
      return { success: true as const, message: say(locale, authTexts.passwordReset) };
    },
  );
};

export default authRoutes;
