import { RECOVERY_CODE_COUNT } from "@agency/contract";
import {
  NewRecoveryCodesBodySchema,
  RecoveryCodesResponseSchema,
  SuccessMessageResponseSchema,
  TwoFactorDisableBodySchema,
  TwoFactorEnableBodySchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import type { FastifyRequest } from "fastify";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { matchTotp, newTotpSecret, otpauthUrl } from "../../../auth-factors/totp";
import { relyingParty } from "../../../auth-factors/passkeys";
import { newRecoveryCodes } from "../../../auth-factors/recovery-codes";
import { confirmOwner, confirmPassword } from "../../../accounts/confirm-password";
import { CUSTOMER_TOTP_ISSUER, spendSecondFactor } from "../../../accounts/second-factor";
import { enableTotp, findTotp, recoveryCodesLeft, removeSecondFactor, replaceRecoveryCodes, startTotpSetup } from "../../../accounts/second-factor-repository";
import { queueFactorAlert } from "../../../accounts/factor-alerts";
import { ACCOUNT_TOPICS, greetedName, queueAccountMail } from "../../../accounts/mails";
import { findUserById, type UserRow } from "../../../accounts/repository";
import { ApiError } from "../../../lib/api-error";
import { factorRemovedMail } from "../../../mail/factor-templates";
import { deviceOf } from "../../../sessions/device";
import { returnRateEvents, takeRateSlot } from "../../../lib/throttle";
import { requestLocale, say } from "../../../i18n";

const texts = {
  disabled: /*i18n*/ { id: "account.two_factor_disabled", message: "Two-step verification is off. Signing in now takes only your password." },
};

/** Wrong codes in the settings per account in this window, as many as wrong passwords at the login. */
const CODE_WINDOW_SECONDS = 15 * 60;

/**
 * The customer's own second factor, their choice: an authenticator app set up from a QR code (or its key typed in)
 * and confirmed with a code, with ten recovery codes shown once. Turning it on and making new recovery codes each add a
 * way in, so each takes the current password (or one of the account's passkeys), every time, and an address its
 * owner has proven, and mails the owner at once with a link that removes it again; a stolen session alone can neither lock the owner out nor keep a way in.
 * Turning it off takes both the password and a code, and mails the owner too.
 */
const twoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** A code checked in the settings counts like a login's: a right one gives its attempt back. Throws 429. */
  async function checkCode(request: FastifyRequest, code: string): Promise<void> {
    const userId = request.user!.id;
    const slot = await takeRateSlot(app.db, [
      { bucket: "account:second-factor", key: userId, limit: app.config.limits.loginPerAccount, windowSeconds: CODE_WINDOW_SECONDS },
    ]);
    if (slot.wait > 0) throw new ApiError(429, "account.too_many_attempts", "too many wrong codes", { retryAfter: slot.wait });
    if (!(await spendSecondFactor(app.db, userId, code))) throw new ApiError(400, "auth.code_invalid", "wrong code", { fields: ["code"] });
    await returnRateEvents(app.db, slot.events);
  }

  async function requireEnabled(request: FastifyRequest): Promise<void> {
    if (!(await findTotp(app.db, request.user!.id))?.enabled) throw new ApiError(409, "account.two_factor_off", "two-step verification is off");
  }

  const rp = relyingParty(app.config);

  /**
   * What adding a way in takes: the current password or one of the account's passkeys in the request (403 without,
   * 400 wrong) and a proven address.
   */
  async function confirmAdding(request: FastifyRequest, { password, passkey }: { password?: string; passkey?: unknown }): Promise<UserRow> {
    const answer = passkey as AuthenticationResponseJSON | undefined;
    const user = await confirmOwner(app.db, rp, { userId: request.user!.id, password, passkey: answer, limit: app.config.limits.loginPerAccount });
    if (!user.email_verified_at) throw new ApiError(403, "account.email_unverified", "the address is not verified");
    return user;
  }

  const alertFor = (request: FastifyRequest, user: UserRow, kind: "authenticator" | "recovery_codes", basePath = "/") => ({
    publicUrl: app.config.publicUrl,
    basePath,
    user,
    kind,
    device: deviceOf(request.headers["user-agent"]),
  });

  const secured = { preHandler: app.authenticate, security: [{ bearer: [] }] };

  app.get(
    "/two-factor",
    {
      preHandler: secured.preHandler,
      schema: {
        tags: ["account"],
        summary: "Whether signing in asks for a second factor, and how many recovery codes are left",
        security: secured.security,
        response: { 200: TwoFactorStatusResponseSchema, ...errorResponses({ 401: [] }) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const totp = await findTotp(app.db, userId);
      return { enabled: totp?.enabled ?? false, recoveryCodesLeft: totp?.enabled ? await recoveryCodesLeft(app.db, userId) : 0 };
    },
  );

  app.post(
    "/two-factor/setup",
    {
      preHandler: secured.preHandler,
      schema: {
        tags: ["account"],
        summary: "Start setting up an authenticator app: a new secret and its QR code address",
        description:
          "Nothing changes for signing in until POST /account/two-factor/enable confirms a code; starting again makes a new secret. Only " +
          "for an address its owner has verified (403 account.email_unverified).",
        security: secured.security,
        response: { 200: TwoFactorSetupResponseSchema, ...errorResponses({ 401: [], 403: ["account.email_unverified"], 409: ["account.two_factor_on"] }) },
      },
    },
    async (request, reply) => {
      if (!(await findUserById(app.db, request.user!.id))?.email_verified_at) return reply.sendError(403, "account.email_unverified");
      const secret = newTotpSecret();
      if (!(await startTotpSetup(app.db, request.user!.id, secret))) return reply.sendError(409, "account.two_factor_on");
      reply.header("cache-control", "no-store");
      return { secret, otpauthUrl: otpauthUrl({ issuer: CUSTOMER_TOTP_ISSUER, account: request.user!.email, secret }) };
    },
  );

  app.post(
    "/two-factor/enable",
    {
      preHandler: secured.preHandler,
      schema: {
        tags: ["account"],
        summary: "Turn two-step verification on with the authenticator's current code and the password",
        description:
          `Answers ${RECOVERY_CODE_COUNT} recovery codes, shown once (stored only as hashes). From then on a login asks for a code after the ` +
          "password. Takes the current password every time, however fresh the session, or in its place `passkey`, an answer to POST " +
          "/account/passkeys/confirmation-options (403 account.password_required without either, 400 account.wrong_password or " +
          "account.passkey_not_confirmed), and a verified address (403 account.email_unverified). The account's address is mailed at once, with " +
          "a link (PUBLIC_URL + basePath + secure-account) that turns it off again, signs the account out everywhere and mails a reset " +
          "link. Wrong codes and wrong passwords are limited per account (LOGIN_RATE_LIMIT_ACCOUNT per 15 minutes, 429 account.too_many_attempts).",
        security: secured.security,
        body: TwoFactorEnableBodySchema,
        response: {
          200: RecoveryCodesResponseSchema,
          ...errorResponses({
            400: ["auth.code_invalid", "account.wrong_password", "account.passkey_not_confirmed"],
            401: [],
            403: ["account.password_required", "account.email_unverified"],
            409: ["account.two_factor_on", "account.two_factor_not_started"],
            429: ["account.too_many_attempts"],
          }),
        },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const totp = await findTotp(app.db, userId);
      if (!totp) return reply.sendError(409, "account.two_factor_not_started");
      if (totp.enabled) return reply.sendError(409, "account.two_factor_on");
      const user = await confirmAdding(request, request.body);
      const slot = await takeRateSlot(app.db, [
        { bucket: "account:second-factor", key: userId, limit: app.config.limits.loginPerAccount, windowSeconds: CODE_WINDOW_SECONDS },
      ]);
      if (slot.wait > 0) return reply.sendError(429, "account.too_many_attempts", { retryAfter: slot.wait });
      const step = matchTotp(totp.secret, request.body.code);
      if (step === null) return reply.sendError(400, "auth.code_invalid", { fields: ["code"] });
      await returnRateEvents(app.db, slot.events);
      const { codes, hashes } = newRecoveryCodes(RECOVERY_CODE_COUNT);
      const queued = await app.db.transaction(async (tx) => {
        if (!(await enableTotp(tx, userId, step))) return null;
        await replaceRecoveryCodes(tx, userId, hashes);
        return queueFactorAlert(app.outbox, tx, alertFor(request, user, "authenticator", request.body.basePath));
      });
      if (queued === null) return reply.sendError(409, "account.two_factor_on");
      app.outbox.deliverSoon(reply, [queued]);
      reply.header("cache-control", "no-store");
      return { recoveryCodes: codes };
    },
  );

  app.post(
    "/two-factor/recovery-codes",
    {
      preHandler: secured.preHandler,
      schema: {
        tags: ["account"],
        summary: "Make new recovery codes (every earlier one stops working)",
        description:
          `Takes the current password, or one of the account's passkeys (\`passkey\`, as for POST /account/two-factor/enable), every ` +
          `time (403 account.password_required without either; a code is not enough: whoever holds the ` +
          `phone could). Answers ${RECOVERY_CODE_COUNT} new codes, shown once, and mails the account's address at once with a link ` +
          "(PUBLIC_URL + basePath + secure-account) that removes them again, signs the account out everywhere and mails a reset link. " +
          "Wrong passwords are limited per account (429 account.too_many_attempts).",
        security: secured.security,
        body: NewRecoveryCodesBodySchema,
        response: {
          200: RecoveryCodesResponseSchema,
          ...errorResponses({
            400: ["account.wrong_password", "account.passkey_not_confirmed"],
            401: [],
            403: ["account.password_required", "account.email_unverified"],
            409: ["account.two_factor_off"],
            429: ["account.too_many_attempts"],
          }),
        },
      },
    },
    async (request, reply) => {
      await requireEnabled(request);
      const user = await confirmAdding(request, request.body);
      const { codes, hashes } = newRecoveryCodes(RECOVERY_CODE_COUNT);
      const queued = await app.db.transaction(async (tx) => {
        await replaceRecoveryCodes(tx, user.id, hashes);
        return queueFactorAlert(app.outbox, tx, alertFor(request, user, "recovery_codes", request.body.basePath));
      });
      app.outbox.deliverSoon(reply, [queued]);
      reply.header("cache-control", "no-store");
      return { recoveryCodes: codes };
    },
  );

  app.post(
    "/two-factor/disable",
    {
      preHandler: secured.preHandler,
      schema: {
        tags: ["account"],
        summary: "Turn two-step verification off: takes the password and a code",
        description:
          "The code is the authenticator's, or an unused recovery code (for a lost phone). The authenticator and every recovery code are " +
          "removed, and the account's address gets a mail saying so (once, also for two requests at once: the other answers 409 or 400). " +
          "Wrong passwords and wrong codes are limited per account (429 account.too_many_attempts).",
        security: secured.security,
        body: TwoFactorDisableBodySchema,
        response: {
          200: SuccessMessageResponseSchema,
          ...errorResponses({ 400: ["auth.code_invalid", "account.wrong_password"], 401: [], 409: ["account.two_factor_off"], 429: ["account.too_many_attempts"] }),
        },
      },
    },
    async (request, reply) => {
      const { password, code } = request.body;
      await requireEnabled(request);
      const user = await confirmPassword(app.db, { userId: request.user!.id, password, field: "password", limit: app.config.limits.loginPerAccount });
      await checkCode(request, code);
      const queued = await app.db.transaction(async (tx) => {
        // Two requests at once both get here; only the one that turned it off mails the owner.
        if (!(await removeSecondFactor(tx, user.id))) return null;
        const content = factorRemovedMail(user.locale, { name: greetedName(user), kind: "authenticator" });
        return queueAccountMail(app.outbox, tx, { userId: user.id, topic: ACCOUNT_TOPICS.twoFactorOff, to: user.email, content });
      });
      if (queued === null) return reply.sendError(409, "account.two_factor_off");
      app.outbox.deliverSoon(reply, [queued]);
      return { success: true as const, message: say(requestLocale(request), texts.disabled) };
    },
  );
};

export default twoFactorRoutes;
