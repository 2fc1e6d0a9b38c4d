import {
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ProfileResponseSchema,
  SuccessMessageResponseSchema,
  UpdateProfileBodySchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { hashPassword } from "../../../lib/crypto";
import { takeRateSlot } from "../../../lib/throttle";
import { confirmPassword } from "../../../accounts/confirm-password";
import { ACCOUNT_TOPICS, greetedName, queueAccountMail, queueVerification } from "../../../accounts/mails";
import { retireSignInAlerts } from "../../../accounts/sign-in-alerts";
import { emailInUse, publicUser, setName, setPassword, useUpAllResets } from "../../../accounts/repository";
import { authTexts } from "../../../accounts/texts";
import { retireEmailVerifications } from "../../../accounts/verifications";
import { emailInUseMail, passwordChangedInSettingsMail } from "../../../mail/account-templates";
import { bearerToken } from "../../../plugins/auth";
import { requestLocale, say } from "../../../i18n";

/** Requests to change the e-mail address per account per hour: each one mails an address the user typed. */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** The account's name, password and e-mail address, changed by its signed-in owner. */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    "/profile",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Change the signed-in user's name",
        security: [{ bearer: [] }],
        body: UpdateProfileBodySchema,
        response: { 200: ProfileResponseSchema, ...errorResponses({ 400: [], 401: [] }) },
      },
    },
    async (request, reply) => {
      const user = await setName(app.db, request.user!.id, request.body.name);
      if (!user) return reply.sendError(401, "auth.required");
      return { user: publicUser(user) };
    },
  );

  app.post(
    "/password",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Change the signed-in user's password",
        description:
          "Needs the current password (400 `account.wrong_password`; wrong ones limited per account like logins, 429). This device stays " +
          "signed in, every other session ends, earlier reset and e-mail-change links and every 'this wasn't me' link of a sign-in stop " +
          "working, and a notice is mailed (outbox).",
        security: [{ bearer: [] }],
        body: ChangePasswordBodySchema,
        response: {
          200: SuccessMessageResponseSchema,
          ...errorResponses({ 400: ["account.wrong_password", "auth.common_password", "auth.breached_password"], 401: [], 429: ["account.too_many_attempts"] }),
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const { currentPassword, newPassword } = request.body;
      const user = await confirmPassword(app.db, {
        userId: request.user!.id,
        password: currentPassword,
        field: "currentPassword",
        limit: app.config.limits.loginPerAccount,
      });
      const problem = await app.passwordProblem(newPassword, request.log);
      if (problem) return reply.sendError(400, problem, { fields: ["newPassword"], locale });
      const passwordHash = await hashPassword(newPassword);
      const queued = await app.db.transaction(async (tx) => {
        await setPassword(tx, user.id, passwordHash);
        await useUpAllResets(tx, user.id);
        await retireEmailVerifications(tx, user.id, "change");
        await app.sessions.revokeOthers(user.id, bearerToken(request)!, tx);
        await retireSignInAlerts(tx, user.id);
        const content = passwordChangedInSettingsMail(user.locale, { name: greetedName(user) });
        return queueAccountMail(app.outbox, tx, { userId: user.id, topic: ACCOUNT_TOPICS.passwordChanged, to: user.email, content });
      });
      app.outbox.deliverSoon(reply, [queued]);
      return { success: true as const, message: say(locale, authTexts.passwordChanged) };
    },
  );

  app.post(
    "/email",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Ask to change the signed-in user's e-mail address",
        description:
          "Needs the current password (400 `account.wrong_password`, 429 `account.too_many_attempts`). Mails a link to the new address " +
          "(PUBLIC_URL + basePath + `verify-email?token=…`, single use, 24 hours); the account keeps its address until the link is followed, " +
          "then the new one is its address, verified, and the old one gets a notice. The answer is the same whether or not another account " +
          `has the new address (that address then gets a notice instead of a link), so it tells nobody who has an account. At most ${EMAIL_CHANGES_PER_HOUR} ` +
          "per account per hour (429 `account.too_many_mails`).",
        security: [{ bearer: [] }],
        body: ChangeEmailBodySchema,
        response: {
          200: SuccessMessageResponseSchema,
          ...errorResponses({
            400: ["account.wrong_password", "account.same_email"],
            401: [],
            429: ["account.too_many_attempts", "account.too_many_mails"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { newEmail, password, basePath = "/" } = request.body;
      const locale = requestLocale(request, request.body.language);
      const user = await confirmPassword(app.db, { userId: request.user!.id, password, field: "password", limit: app.config.limits.loginPerAccount });
      if (newEmail === user.email) return reply.sendError(400, "account.same_email", { fields: ["newEmail"], locale });
      const slot = await takeRateSlot(app.db, [{ bucket: "mail:email-change", key: user.id, limit: EMAIL_CHANGES_PER_HOUR, windowSeconds: 60 * 60 }]);
      if (slot.wait > 0) return reply.sendError(429, "account.too_many_mails", { retryAfter: slot.wait, locale });

      const queued = await app.db.transaction(async (tx) => {
        if (await emailInUse(tx, newEmail)) {
          // No link: the address is someone's account. Its owner hears of the attempt; the asker's answer is the same.
          await retireEmailVerifications(tx, user.id, "change");
          const content = emailInUseMail(locale, { site: { publicUrl: app.config.publicUrl, basePath } });
          return queueAccountMail(app.outbox, tx, { userId: user.id, topic: ACCOUNT_TOPICS.emailInUse, to: newEmail, content });
        }
        return queueVerification(app.outbox, tx, { publicUrl: app.config.publicUrl, basePath, purpose: "change", user, email: newEmail, locale });
      });
      app.outbox.deliverSoon(reply, [queued]);
      return { success: true as const, message: say(locale, authTexts.emailChangeSent, { email: newEmail }) };
    },
  );
};

export default profileRoutes;
