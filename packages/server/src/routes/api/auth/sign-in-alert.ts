import { SecureAccountResponseSchema, SignInAlertBodySchema, SignInAlertTokenResponseSchema, errorResponses } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { hashPassword, randomToken, sha256 } from "../../../lib/crypto";
import { claimSignInAlert, inspectSignInAlert, type AlertState } from "../../../accounts/sign-in-alerts";
import { secureAccount } from "../../../accounts/secure-account";
import { requestLocale, say } from "../../../i18n";

const texts = {
  secured: /*i18n*/ {
    id: "auth.account_secured",
    message: "Every device has been signed out of your account and its password no longer works. We have mailed you a link to choose a new one.",
  },
};

const problemOf = (state: AlertState | undefined) => (state === "used" ? "auth.alert_used" : state === "expired" ? "auth.alert_expired" : "auth.alert_invalid");

/**
 * The 'this wasn't me' link of a new-sign-in alert, or of the mail about a way in added to the account. Checking it
 * changes nothing (a mail scanner may open it); the page's one button secures the account (secure-account.ts): every
 * session ends, the password stops working, what was added from the link's moment on is removed, and a reset link
 * goes to the account's address. Nothing that grants access is answered to whoever holds the link. No session is
 * needed: the link is usually opened in another browser.
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
      return {
        valid: true as const,
        email: alert.email,
        kind: alert.kind,
        browser: alert.browser,
        os: alert.os,
        signedInAt: new Date(alert.signed_in_at).toISOString(),
      };
    },
  );

  app.post(
    "/secure-account",
    {
      preHandler: app.ipLimit("verify-email"),
      schema: {
        tags: ["auth"],
        summary: "Follow a 'this wasn't me' link: sign out everywhere, lock the password and mail a reset link",
        description:
          "Single use, valid 7 days, no session needed. Ends every session of the account and every half-finished sign-in, forgets " +
          "every browser it knew (the next sign-in from each mails an alert again), removes every passkey, authenticator app and " +
          "recovery code added from the link's moment on (the sign-in it reported, or the way in that was added), makes the password " +
          "stop working and earlier reset links unusable, verifies the address (the link proves the mailbox; a first proof removes " +
          "what was set up before it) and mails a new reset link (PUBLIC_URL + basePath + reset-password) to the account's address. " +
          "Sign-in links die when the password changes or is reset; links about a way in that was added do not. Limited per IP " +
          "together with verify-email (RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        body: SignInAlertBodySchema,
        response: {
          200: SecureAccountResponseSchema,
          ...errorResponses({ 400: ["auth.alert_invalid", "auth.alert_used", "auth.alert_expired"], 429: ["request.too_many"] }),
        },
      },
    },
    async (request, reply) => {
      const tokenHash = sha256(request.body.token);
      // Looked at first, so a made-up link costs a lookup, not an Argon2 hash.
      const found = await inspectSignInAlert(app.db, tokenHash);
      if (found?.state !== "valid") return reply.sendError(400, problemOf(found?.state));
      // A hash of a secret nobody keeps: until the owner chooses a new password, none signs in.
      const lockedHash = await hashPassword(randomToken());
      // Claimed in one UPDATE inside the transaction: the same link followed twice at once works once.
      const queued = await app.db.transaction(async (tx) => {
        const claimed = await claimSignInAlert(tx, tokenHash);
        if (!claimed) return null;
        return secureAccount(app, tx, { ...claimed, basePath: request.body.basePath ?? "/", lockedHash });
      });
      if (queued === null) return reply.sendError(400, problemOf((await inspectSignInAlert(app.db, tokenHash))?.state));
      app.outbox.deliverSoon(reply, [queued]);
      return { success: true as const, message: say(requestLocale(request), texts.secured) };
    },
  );
};

export default signInAlertRoutes;
