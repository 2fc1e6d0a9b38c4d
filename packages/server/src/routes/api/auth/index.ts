import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import type { FastifyReply, FastifyRequest } from "fastify";
import { burnPasswordCheck, hashPassword, randomToken, sha256, verifyPassword } from "../../../lib/crypto";
import { throttleWait } from "../../../lib/throttle";
import { templates } from "../../../mail/templates";
import { publicUser, type UserRow } from "../../../plugins/auth";
import { errors, LocaleSchema, minutesText, requestLocale } from "../../schemas";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Locale } from "../../../types";

/**
 * Failed logins are counted per account (stops guessing one account's password) and per IP (stops one client
 * trying many accounts) in this window; the counts come from config (LOGIN_RATE_LIMIT_ACCOUNT, default 5, and
 * LOGIN_RATE_LIMIT_IP, default 20).
 */
export const LOGIN_LIMITS = { windowSeconds: 15 * 60 };
export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Reset mails per account per hour; more are silently skipped so the form cannot be used to flood an inbox. */
const RESET_MAILS_PER_HOUR = 5;

const Email = Type.String({ format: "email", maxLength: 254, description: "Trimmed and lower-cased by the server" });
const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
const UserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  created_at: Type.String({ format: "date-time" }),
});
const AuthResponse = Type.Object({ user: UserSchema, token: Type.String() });
const SuccessMessage = Type.Object({ success: Type.Literal(true), message: Type.String() });
const ResetToken = Type.String({ minLength: 1, maxLength: 200 });
const BasePath = Type.String({
  pattern: "^/(preview/[A-Za-z0-9._~-]+/[A-Za-z0-9._~-]+/)?$",
  maxLength: 200,
  description: "`/` or `/preview/{first}/{second}/`: where the site runs, for the link in the mail",
});

const text = {
  en: {
    invalidCredentials: "Invalid email or password",
    duplicate: "An account with this email already exists. Log in or reset your password.",
    tooMany: (wait: string) => `Too many login attempts. Try again in ${wait}.`,
  },
  nl: {
    invalidCredentials: "Onjuist e-mailadres of wachtwoord",
    duplicate: "Er bestaat al een account met dit e-mailadres. Log in of stel je wachtwoord opnieuw in.",
    tooMany: (wait: string) => `Te veel inlogpogingen. Probeer het over ${wait} opnieuw.`,
  },
} satisfies Record<Locale, unknown>;

const INVALID_RESET = "Invalid or expired reset link";
const USED_RESET = "This reset link has already been used. Request a new one.";
const EXPIRED_RESET = "This reset link has expired. Request a new one.";

/** Why a reset token cannot be used, or null when it can. */
async function resetTokenProblem(request: FastifyRequest, token: string): Promise<{ problem: string | null; email?: string }> {
  const { rows } = await request.server.db.query<{ email: string; expired: boolean; used: boolean }>(
    `SELECT u.email, r.expires_at <= now() AS expired, r.used_at IS NOT NULL AS used
       FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row) return { problem: INVALID_RESET };
  if (row.used) return { problem: USED_RESET };
  if (row.expired) return { problem: EXPIRED_RESET };
  return { problem: null, email: row.email };
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
      schema: {
        tags: ["auth"],
        summary: "Create an account and log in",
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 100 }),
          email: Email,
          password: Password,
          language: Type.Optional(LocaleSchema),
        }),
        response: { 201: AuthResponse, ...errors(400, 409) },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      const locale = requestLocale(request, request.body.language);
      const passwordHash = await hashPassword(password);
      const { rows } = await app.db.query<UserRow>(
        `INSERT INTO users (email, name, password_hash, locale) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO NOTHING RETURNING id, email, name, locale, created_at`,
        [email, name, passwordHash, locale],
      );
      const user = rows[0];
      if (!user) return reply.code(409).send({ error: text[locale].duplicate });
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
        description: "Wrong credentials answer 400 (never 401, which means 'session gone'). Throttled per account and per IP: 429 with Retry-After.",
        body: Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }) }),
        response: { 200: AuthResponse, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const locale = requestLocale(request);
      const ipHash = app.hashIp(request.ip);
      const { windowSeconds } = LOGIN_LIMITS;
      const { loginPerAccount: perAccount, loginPerIp: perIp } = app.config.limits;
      const wait = Math.max(
        await throttleWait(app.db, "login_failures", "email", email, perAccount, windowSeconds),
        await throttleWait(app.db, "login_failures", "ip_hash", ipHash, perIp, windowSeconds),
      );
      if (wait > 0) return tooMany(reply, wait, text[locale].tooMany(minutesText(wait, locale)));

      const { rows } = await app.db.query<UserRow>(
        "SELECT id, email, name, locale, created_at, password_hash FROM users WHERE email = $1",
        [email],
      );
      const user = rows[0];
      const ok = user ? await verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false);
      if (!user || !ok) {
        await app.db.query("INSERT INTO login_failures (email, ip_hash) VALUES ($1, $2)", [email, ipHash]);
        return reply.code(400).send({ error: text[locale].invalidCredentials });
      }
      await app.db.query("DELETE FROM login_failures WHERE email = $1", [email]);
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
        response: { 200: Type.Object({ user: UserSchema }), ...errors(401) },
      },
    },
    async (request, reply) => {
      const { rows } = await app.db.query<UserRow>("SELECT id, email, name, created_at FROM users WHERE id = $1", [
        request.user!.id,
      ]);
      // The session lookup just found the user; a concurrent account deletion is the only way to get here.
      if (!rows[0]) return reply.code(401).send({ error: "Authentication required" });
      return { user: publicUser(rows[0]) };
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
        response: { 200: SuccessMessage },
      },
    },
    async (request) => {
      const header = request.headers.authorization;
      const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
      if (token) await app.sessions.revoke(token);
      return { success: true as const, message: "Logged out successfully" };
    },
  );

  app.post(
    "/forgot-password",
    {
      schema: {
        tags: ["auth"],
        summary: "Mail a password reset link",
        description: "Same answer, in about the same time, whether or not the account exists.",
        body: Type.Object({ email: Email, language: Type.Optional(LocaleSchema), basePath: Type.Optional(BasePath) }),
        response: { 200: SuccessMessage, ...errors(400) },
      },
    },
    async (request) => {
      const { email, basePath = "/" } = request.body;
      const locale = requestLocale(request, request.body.language);
      // Generated and hashed for every request, so both paths do the same work before answering.
      const token = randomToken();
      const tokenHash = sha256(token);
      const { rows } = await app.db.query<{ id: string; name: string; recent: number }>(
        `SELECT u.id, u.name,
                (SELECT count(*)::int FROM password_resets r WHERE r.user_id = u.id AND r.created_at > now() - interval '1 hour') AS recent
           FROM users u WHERE u.email = $1`,
        [email],
      );
      const user = rows[0];
      if (user && user.recent < RESET_MAILS_PER_HOUR) {
        await app.db.query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
          tokenHash,
          user.id,
          new Date(Date.now() + RESET_TOKEN_TTL_MS),
        ]);
        const link = `${app.config.publicUrl}${basePath}reset-password?token=${token}`;
        // After the answer: SMTP latency would otherwise tell an attacker the account exists.
        app.background("reset mail", () =>
          app.mailer.send({ to: email, ...templates[locale].resetPassword({ name: user.name, link }) }, { logDetail: `reset link: ${link}` }),
        );
      } else if (user) {
        request.log.warn({ userId: user.id }, "reset mail skipped: hourly limit reached");
      }
      return { success: true as const, message: "Check your email for reset instructions" };
    },
  );

  app.post(
    "/verify-reset-token",
    {
      schema: {
        tags: ["auth"],
        summary: "Check a reset token before showing the new-password form",
        body: Type.Object({ token: ResetToken }),
        response: {
          200: Type.Object({ valid: Type.Literal(true), email: Type.String() }),
          // Validation errors share this status, so `valid` is optional here even though the handler always sets it.
          400: Type.Object({
            valid: Type.Optional(Type.Literal(false)),
            error: Type.String(),
            fields: Type.Optional(Type.Array(Type.String())),
          }),
        },
      },
    },
    async (request, reply) => {
      const { problem, email } = await resetTokenProblem(request, request.body.token);
      if (problem) return reply.code(400).send({ valid: false as const, error: problem });
      return { valid: true as const, email: email! };
    },
  );

  app.post(
    "/reset-password",
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a reset token",
        description: "Single use. Logs the account out everywhere and mails a notice.",
        body: Type.Object({ token: ResetToken, newPassword: Password }),
        response: { 200: SuccessMessage, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      const passwordHash = await hashPassword(newPassword);
      const user = await app.db.transaction(async (tx) => {
        // One UPDATE claims the token, so two simultaneous resets with one link cannot both succeed.
        const claimed = await tx.query<{ user_id: string }>(
          `UPDATE password_resets SET used_at = now()
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
          [sha256(token)],
        );
        const userId = claimed.rows[0]?.user_id;
        if (!userId) return null;
        const updated = await tx.query<{ email: string; name: string; locale: Locale }>(
          "UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING email, name, locale",
          [userId, passwordHash],
        );
        // Other links mailed earlier must not work after the password changed.
        await tx.query("UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [userId]);
        await app.sessions.revokeAll(userId, tx);
        return updated.rows[0] ?? null;
      });
      if (!user) {
        const { problem } = await resetTokenProblem(request, token);
        return reply.code(400).send({ error: problem ?? INVALID_RESET });
      }
      const locale = requestLocale(request, request.headers["accept-language"] ? undefined : user.locale);
      const loginUrl = `${app.config.publicUrl}/login`;
      app.background("password changed mail", () =>
        app.mailer.send({ to: user.email, ...templates[locale].passwordChanged({ name: user.name, loginUrl }) }),
      );
      return { success: true as const, message: "Password reset successfully!" };
    },
  );
};

function tooMany(reply: FastifyReply, seconds: number, message: string) {
  return reply.code(429).header("retry-after", String(seconds)).send({ error: message, retryAfter: seconds });
}

export default authRoutes;
