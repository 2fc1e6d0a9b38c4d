import {
  ForgotPasswordBodySchema,
  ResetPasswordBodySchema,
  SuccessMessageResponseSchema,
  VerifyResetTokenBodySchema,
  VerifyResetTokenInvalidSchema,
  VerifyResetTokenValidSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { hashPassword, randomToken, sha256 } from "../../../lib/crypto";
import { claimPasswordReset, createPasswordReset, resetCandidate, resetTokenState, setPassword, useUpAllResets } from "../../../accounts/repository";
import { proveMailbox } from "../../../accounts/mailbox-proof";
import { deleteSignInAttempts } from "../../../accounts/second-factor-repository";
import { retireSignInAlerts } from "../../../accounts/sign-in-alerts";
import { removedFactorsLine } from "../../../mail/removed-factors";
import { ACCOUNT_TOPICS, accountLink, queueAccountMail, queueLinkMail, RESET_TOKEN_TTL_MS } from "../../../accounts/mails";
import { authTexts } from "../../../accounts/texts";
import { retireEmailVerifications } from "../../../accounts/verifications";
import { passwordChangedMail, resetPasswordMail } from "../../../mail/templates";
import { mailItem } from "../../../outbox/mail-channel";
import { requestLocale, say } from "../../../i18n";
import { errorBody } from "../../../lib/api-error";
import { clearLoginFailures } from "./login-limits";

/** Reset mails per account per hour; more are silently skipped so the form cannot be used to flood an inbox. */
const RESET_MAILS_PER_HOUR = 5;

/** Ends a transaction that only did the work of a real one. */
class Rehearsal extends Error {}

/** Why a reset token cannot be used, as an error code, or the address it belongs to. */
type ResetProblem = "auth.reset_invalid" | "auth.reset_used" | "auth.reset_expired";

async function checkResetToken(db: Parameters<typeof resetTokenState>[0], token: string): Promise<{ problem: ResetProblem } | { email: string }> {
  const found = await resetTokenState(db, sha256(token));
  if (found.state === "valid") return { email: found.email };
  return { problem: found.state === "used" ? "auth.reset_used" : found.state === "expired" ? "auth.reset_expired" : "auth.reset_invalid" };
}

/** Forgotten passwords: a link by mail (through the outbox), checked, then used once to set a new password. */
const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/forgot-password",
    {
      preHandler: app.ipLimit("forgot-password"),
      schema: {
        tags: ["auth"],
        summary: "Mail a password reset link",
        description:
          "Same answer, in about the same time, whether or not the account exists. The mail is queued in the mail outbox (retried " +
          "with backoff while the mail server is down, given up when the link expires). Limited per IP (FORGOT_PASSWORD_RATE_LIMIT): " +
          "429 with Retry-After.",
        body: ForgotPasswordBodySchema,
        response: { 200: SuccessMessageResponseSchema, ...errorResponses({ 400: [], 429: ["request.too_many"] }) },
      },
    },
    async (request, reply) => {
      const { email, basePath = "/" } = request.body;
      const locale = requestLocale(request, request.body.language);
      // Generated and hashed for every request, so both paths do the same work before answering.
      const token = randomToken();
      const tokenHash = sha256(token);
      const user = await resetCandidate(app.db, email);
      const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
      const link = accountLink(app.config.publicUrl, basePath, "reset-password", token, locale);
      const content = resetPasswordMail(locale, { name: user?.name ?? undefined, link });
      if (user && user.recent < RESET_MAILS_PER_HOUR) {
        const queued = await app.db.transaction(async (tx) => {
          await createPasswordReset(tx, { tokenHash, userId: user.id, expiresAt });
          return queueLinkMail(app.outbox, tx, { userId: user.id, topic: ACCOUNT_TOPICS.reset, to: email, content, link, expiresAt });
        });
        // After the answer: SMTP latency would otherwise tell an attacker the account exists.
        app.outbox.deliverSoon(reply, [queued]);
      } else {
        if (user) request.log.warn({ userId: user.id }, "reset mail skipped: hourly limit reached");
        // As many statements as a real request, rolled back: an address without an account costs the time of one with.
        const item = mailItem({ topic: ACCOUNT_TOPICS.reset, secret: true, giveUpAt: expiresAt, message: { to: email, ...content } });
        await app.db
          .transaction(async (tx) => {
            await app.outbox.enqueue(tx, item);
            await app.outbox.enqueue(tx, item);
            throw new Rehearsal();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rehearsal)) throw error;
          });
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
        description:
          "Single use. Logs the account out everywhere (half-finished sign-ins too), ends every 'this wasn't me' link of a sign-in, " +
          "verifies its e-mail address (the link proves the mailbox: proven for the first time, the account loses every passkey and " +
          "authenticator app set up before, and the browsers it knew), clears the account's login throttling and mails a notice that " +
          "says what was removed. Limited per IP (RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        body: ResetPasswordBodySchema,
        response: {
          200: SuccessMessageResponseSchema,
          ...errorResponses({ 400: ["auth.reset_invalid", "auth.reset_used", "auth.reset_expired", "auth.common_password", "auth.breached_password"], 429: ["request.too_many"] }),
        },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      // The token is checked before anything is hashed: a made-up token costs one lookup, not an Argon2 hash.
      const checked = await checkResetToken(app.db, token);
      if ("problem" in checked) return reply.sendError(400, checked.problem);
      // Before the token is used, so the visitor can pick another password with the same link.
      const problem = await app.passwordProblem(newPassword, request.log);
      if (problem) return reply.sendError(400, problem, { fields: ["newPassword"] });
      const passwordHash = await hashPassword(newPassword);
      // Claimed in one UPDATE: of two resets with one link racing past the check above, one wins. The notice is
      // queued in the same transaction, so a changed password always gets its mail.
      const done = await app.db.transaction(async (tx) => {
        const userId = await claimPasswordReset(tx, sha256(token));
        if (!userId) return null;
        const user = await setPassword(tx, userId, passwordHash);
        if (!user) return null;
        await useUpAllResets(tx, userId);
        await retireEmailVerifications(tx, userId, "change");
        const proof = await proveMailbox(tx, userId);
        await app.sessions.revokeAll(userId, tx);
        await deleteSignInAttempts(tx, userId);
        await retireSignInAlerts(tx, userId);
        const locale = requestLocale(request, request.headers["accept-language"] ? undefined : user.locale);
        const removedLine = removedFactorsLine(locale, proof.removed);
        const name = proof.first ? undefined : user.name;
        const content = passwordChangedMail(locale, { name, site: { publicUrl: app.config.publicUrl, basePath: "/" }, removedLine });
        const queued = await queueAccountMail(app.outbox, tx, { userId, topic: ACCOUNT_TOPICS.passwordChanged, to: user.email, content });
        return { user, locale, queued };
      });
      if (!done) {
        const recheck = await checkResetToken(app.db, token);
        return reply.sendError(400, "problem" in recheck ? recheck.problem : "auth.reset_invalid");
      }
      // Whoever locked the account with wrong passwords, the owner just proved they hold its mailbox.
      await clearLoginFailures(app.db, done.user.email);
      app.outbox.deliverSoon(reply, [done.queued]);
      return { success: true as const, message: say(done.locale, authTexts.passwordReset) };
    },
  );
};

export default passwordResetRoutes;
