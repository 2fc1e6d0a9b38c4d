import { SecureAccountResponseSchema, SignInAlertBodySchema, SignInAlertTokenResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { randomToken, sha256 } from "../../../lib/crypto";
import { createPasswordReset, useUpAllResets } from "../../../accounts/repository";
import { claimSignInAlert, forgetDevices, inspectSignInAlert, type AlertState } from "../../../accounts/sign-in-alerts";
import { deleteSignInAttempts } from "../../../accounts/second-factor-repository";
import { requestLocale, say } from "../../../i18n";
import { RESET_TOKEN_TTL_MS } from "./password-reset";

const texts = {
  secured: /*i18n*/ {
    id: "auth.account_secured",
    message: "Every device has been signed out of your account. Choose a new password now.",
  },
};

const problemOf = (state: AlertState | undefined) => (state === "used" ? "auth.alert_used" : state === "expired" ? "auth.alert_expired" : "auth.alert_invalid");

/**
 * The 'this wasn't me' link of a new-sign-in alert. Checking it changes nothing (a mail scanner may open it); the
 * page's one button signs out every session of the account and hands over a password reset, so the owner goes
 * straight on to choosing a new password. No session is needed: the link is usually opened in another browser.
 */
const signInAlertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/sign-in-alert-token",
    {
      preHandler: app.ipLimit("verify-email"),
      schema: {
        tags: ["auth"],
        summary: "Check a 'this wasn't me' link before confirming it",
        description:
          "Says which account and which sign-in the link is about and changes nothing. Limited per IP together with verify-email " +
          "(RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        body: SignInAlertBodySchema,
        response: {
          200: SignInAlertTokenResponseSchema,
          ...errorResponses({ 400: ["auth.alert_invalid", "auth.alert_used", "auth.alert_expired"], 429: ["request.too_many"] }),
        },
      },
    },
    async (request, reply) => {
      const alert = await inspectSignInAlert(app.db, sha256(request.body.token));
      if (!alert || alert.state !== "valid") return reply.sendError(400, problemOf(alert?.state));
      return { valid: true as const, email: alert.email, browser: alert.browser, os: alert.os, signedInAt: new Date(alert.signed_in_at).toISOString() };
    },
  );

  app.post(
    "/secure-account",
    {
      preHandler: app.ipLimit("verify-email"),
      schema: {
        tags: ["auth"],
        summary: "Follow a 'this wasn't me' link: sign out everywhere and start choosing a new password",
        description:
          "Single use, valid 7 days, no session needed. Ends every session of the account and every half-finished sign-in, forgets " +
          "every browser it knew (the next sign-in from each mails an alert again), makes earlier reset links unusable and answers a " +
          "new reset token for /reset-password. Limited per IP together with verify-email (RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        body: SignInAlertBodySchema,
        response: {
          200: SecureAccountResponseSchema,
          ...errorResponses({ 400: ["auth.alert_invalid", "auth.alert_used", "auth.alert_expired"], 429: ["request.too_many"] }),
        },
      },
    },
    async (request, reply) => {
      const tokenHash = sha256(request.body.token);
      const resetToken = randomToken();
      // Claimed in one UPDATE inside the transaction: the same link followed twice at once works once.
      const userId = await app.db.transaction(async (tx) => {
        const claimed = await claimSignInAlert(tx, tokenHash);
        if (!claimed) return null;
        await app.sessions.revokeAll(claimed, tx);
        await deleteSignInAttempts(tx, claimed);
        await forgetDevices(tx, claimed);
        await useUpAllResets(tx, claimed);
        await createPasswordReset(tx, { tokenHash: sha256(resetToken), userId: claimed, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
        return claimed;
      });
      if (!userId) return reply.sendError(400, problemOf((await inspectSignInAlert(app.db, tokenHash))?.state));
      reply.header("cache-control", "no-store");
      return { success: true as const, message: say(requestLocale(request), texts.secured), resetToken };
    },
  );
};

export default signInAlertRoutes;
