import {
  ResendVerificationBodySchema,
  SuccessMessageResponseSchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
  VerifyEmailTokenResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { sha256 } from "../../../lib/crypto";
import { takeRateSlot } from "../../../lib/throttle";
import { findUserById, isUniqueViolation, setVerifiedEmail, useUpAllResets } from "../../../accounts/repository";
import { ACCOUNT_TOPICS, greetedName, queueAccountMail, queueVerification } from "../../../accounts/mails";
import { removedAnything } from "../../../accounts/factors-repository";
import { proveMailbox } from "../../../accounts/mailbox-proof";
import { rememberDevice } from "../../../accounts/sign-in-alerts";
import { addressProvenMail } from "../../../mail/factor-templates";
import { deviceOf } from "../../../sessions/device";
import { readDeviceId } from "../../../sessions/device-cookie";
import { authTexts } from "../../../accounts/texts";
import { claimEmailVerification, emailVerificationState, inspectEmailVerification, retireEmailVerifications } from "../../../accounts/verifications";
import { emailChangedMail } from "../../../mail/account-templates";
import { requestLocale, say } from "../../../i18n";

/** Verification mails per account per hour; the settings page's 'Resend' cannot flood an inbox. */
export const VERIFICATION_MAILS_PER_HOUR = 3;

/** Another account got the address between the request for a change and the click on its link. */
class AddressTaken extends Error {}

/** Following a mailed link proves the mailbox: it verifies the account's address, or completes a change of it. */
const emailVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/verify-email-token",
    {
      preHandler: app.ipLimit("verify-email"),
      schema: {
        tags: ["auth"],
        summary: "Check a verification link before confirming it",
        description:
          "Says which address the link proves and what confirming it does, and changes nothing: the page a link opens shows this and " +
          "waits for a click, so a mail scanner or a prefetch that loads it uses nothing up. Limited per IP together with verify-email " +
          "(RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        body: VerifyEmailBodySchema,
        response: {
          200: VerifyEmailTokenResponseSchema,
          ...errorResponses({ 400: ["auth.verify_invalid", "auth.verify_used", "auth.verify_expired"], 429: ["request.too_many"] }),
        },
      },
    },
    async (request, reply) => {
      const link = await inspectEmailVerification(app.db, sha256(request.body.token));
      // A sign-up link for an address the account no longer has proves nothing, as verify-email says too.
      if (!link || (link.purpose === "verify" && link.email !== link.account_email)) return reply.sendError(400, "auth.verify_invalid");
      if (link.state !== "valid") return reply.sendError(400, link.state === "used" ? "auth.verify_used" : "auth.verify_expired");
      return { valid: true as const, email: link.email, purpose: link.purpose };
    },
  );

  app.post(
    "/verify-email",
    {
      preHandler: app.ipLimit("verify-email"),
      schema: {
        tags: ["auth"],
        summary: "Follow a verification link",
        description:
          "Single use, valid 24 hours, no session needed (the link may be opened in another browser). A link sent after sign-up verifies " +
          "the account's address (unless the address changed since): a first proof of the mailbox removes every passkey and " +
          "authenticator app set up before it and forgets the browsers the account knew (then mails the owner what was removed), and " +
          "the browser that followed the link is remembered as the owner's. A link sent for a change makes the new address the account's, " +
          "verified, and mails a notice to the old one (409 `auth.email_taken` when another account has the address by now). " +
          "Limited per IP (RESET_TOKEN_RATE_LIMIT): 429 with Retry-After.",
        body: VerifyEmailBodySchema,
        response: {
          200: VerifyEmailResponseSchema,
          ...errorResponses({
            400: ["auth.verify_invalid", "auth.verify_used", "auth.verify_expired"],
            409: ["auth.email_taken"],
            429: ["request.too_many"],
          }),
        },
      },
    },
    async (request, reply) => {
      const tokenHash = sha256(request.body.token);
      let done: { email: string; queued: number[] } | "stale" | null;
      try {
        done = await app.db.transaction(async (tx) => {
          const link = await claimEmailVerification(tx, tokenHash);
          if (!link) return null;
          // A sign-up link for an address the account no longer has proves nothing about the account.
          if (link.purpose === "verify") {
            if (link.email !== link.account_email) return "stale";
            const { removed } = await proveMailbox(tx, link.user_id);
            // Whoever followed the link holds the mailbox: the browser they followed it in is the owner's.
            const deviceId = readDeviceId(request);
            if (deviceId) await rememberDevice(tx, link.user_id, deviceId, deviceOf(request.headers["user-agent"]));
            const user = removedAnything(removed) ? await findUserById(tx, link.user_id) : null;
            if (!user) return { email: link.email, queued: [] };
            const content = addressProvenMail(user.locale, { removed });
            const notice = await queueAccountMail(app.outbox, tx, { userId: user.id, topic: ACCOUNT_TOPICS.addressProven, to: user.email, content });
            return { email: link.email, queued: [notice] };
          }
          const user = await findUserById(tx, link.user_id);
          if (!user || !(await setVerifiedEmail(tx, link.user_id, link.email))) throw new AddressTaken();
          // Links mailed to the old address stop working with it.
          await useUpAllResets(tx, link.user_id);
          await retireEmailVerifications(tx, link.user_id);
          const content = emailChangedMail(user.locale, { name: greetedName(user), email: link.email });
          const notice = await queueAccountMail(app.outbox, tx, { userId: user.id, topic: ACCOUNT_TOPICS.emailChanged, to: user.email, content });
          return { email: link.email, queued: [notice] };
        });
      } catch (error) {
        if (error instanceof AddressTaken || isUniqueViolation(error)) return reply.sendError(409, "auth.email_taken");
        throw error;
      }
      if (done === "stale") return reply.sendError(400, "auth.verify_invalid");
      if (!done) {
        const state = await emailVerificationState(app.db, tokenHash);
        return reply.sendError(400, state === "used" ? "auth.verify_used" : state === "expired" ? "auth.verify_expired" : "auth.verify_invalid");
      }
      app.outbox.deliverSoon(reply, done.queued);
      return { success: true as const, message: say(requestLocale(request), authTexts.emailVerified, { email: done.email }), email: done.email };
    },
  );

  app.post(
    "/resend-verification",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["auth"],
        summary: "Mail a new verification link to the signed-in user's address",
        description:
          `At most ${VERIFICATION_MAILS_PER_HOUR} per account per hour (429 \`account.too_many_mails\`); 409 when the address is already verified. ` +
          "The link is PUBLIC_URL + basePath + `verify-email?token=…`; earlier links keep working until they expire.",
        security: [{ bearer: [] }],
        body: ResendVerificationBodySchema,
        response: {
          200: SuccessMessageResponseSchema,
          ...errorResponses({ 400: [], 401: [], 409: ["auth.already_verified"], 429: ["account.too_many_mails"] }),
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request, request.body.language);
      const user = await findUserById(app.db, request.user!.id);
      if (!user) return reply.sendError(401, "auth.required");
      if (user.email_verified_at) return reply.sendError(409, "auth.already_verified", { locale });
      const slot = await takeRateSlot(app.db, [{ bucket: "mail:verify", key: user.id, limit: VERIFICATION_MAILS_PER_HOUR, windowSeconds: 60 * 60 }]);
      if (slot.wait > 0) return reply.sendError(429, "account.too_many_mails", { retryAfter: slot.wait, locale });
      const queued = await app.db.transaction((tx) =>
        queueVerification(app.outbox, tx, {
          publicUrl: app.config.publicUrl,
          basePath: request.body.basePath ?? "/",
          purpose: "verify",
          user,
          email: user.email,
          locale,
        }),
      );
      app.outbox.deliverSoon(reply, [queued]);
      return { success: true as const, message: say(locale, authTexts.verificationSent, { email: user.email }) };
    },
  );
};

export default emailVerificationRoutes;
