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
import { matchTotp, newTotpSecret, otpauthUrl } from "../../../auth-factors/totp";
import { newRecoveryCodes } from "../../../auth-factors/recovery-codes";
import { confirmPassword } from "../../../accounts/confirm-password";
import { CUSTOMER_TOTP_ISSUER, spendSecondFactor } from "../../../accounts/second-factor";
import { enableTotp, findTotp, recoveryCodesLeft, removeSecondFactor, replaceRecoveryCodes, startTotpSetup } from "../../../accounts/second-factor-repository";
import { ApiError } from "../../../lib/api-error";
import { returnRateEvents, takeRateSlot } from "../../../lib/throttle";
import { requestLocale, say } from "../../../i18n";

const texts = {
  disabled: /*i18n*/ { id: "account.two_factor_disabled", message: "Two-step verification is off. Signing in now takes only your password." },
};

/** Wrong codes in the settings per account in this window, as many as wrong passwords at the login. */
const CODE_WINDOW_SECONDS = 15 * 60;

/**
 * The customer's own second factor, their choice: an authenticator app set up from a QR code (or its key typed in)
 * and confirmed with a code, with ten recovery codes shown once. New recovery codes take a code or the password;
 * turning it off takes both the password and a code, so a borrowed session alone can do neither.
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
        description: "Nothing changes for signing in until POST /account/two-factor/enable confirms a code; starting again makes a new secret.",
        security: secured.security,
        response: { 200: TwoFactorSetupResponseSchema, ...errorResponses({ 401: [], 409: ["account.two_factor_on"] }) },
      },
    },
    async (request, reply) => {
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
        summary: "Turn two-step verification on with the authenticator's current code",
        description:
          `Answers ${RECOVERY_CODE_COUNT} recovery codes, shown once (stored only as hashes). From then on a login asks for a code after the ` +
          "password. Wrong codes are limited per account (LOGIN_RATE_LIMIT_ACCOUNT per 15 minutes, 429 account.too_many_attempts).",
        security: secured.security,
        body: TwoFactorEnableBodySchema,
        response: {
          200: RecoveryCodesResponseSchema,
          ...errorResponses({ 400: ["auth.code_invalid"], 401: [], 409: ["account.two_factor_on", "account.two_factor_not_started"], 429: ["account.too_many_attempts"] }),
        },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const totp = await findTotp(app.db, userId);
      if (!totp) return reply.sendError(409, "account.two_factor_not_started");
      if (totp.enabled) return reply.sendError(409, "account.two_factor_on");
      const slot = await takeRateSlot(app.db, [
        { bucket: "account:second-factor", key: userId, limit: app.config.limits.loginPerAccount, windowSeconds: CODE_WINDOW_SECONDS },
      ]);
      if (slot.wait > 0) return reply.sendError(429, "account.too_many_attempts", { retryAfter: slot.wait });
      const step = matchTotp(totp.secret, request.body.code);
      if (step === null) return reply.sendError(400, "auth.code_invalid", { fields: ["code"] });
      await returnRateEvents(app.db, slot.events);
      const { codes, hashes } = newRecoveryCodes(RECOVERY_CODE_COUNT);
      const enabled = await app.db.transaction(async (tx) => {
        if (!(await enableTotp(tx, userId, step))) return false;
        await replaceRecoveryCodes(tx, userId, hashes);
        return true;
      });
      if (!enabled) return reply.sendError(409, "account.two_factor_on");
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
          `Takes a code of the authenticator (or an unused recovery code), or the password. Answers ${RECOVERY_CODE_COUNT} new codes, shown once. ` +
          "Wrong codes and wrong passwords are limited per account (429 account.too_many_attempts).",
        security: secured.security,
        body: NewRecoveryCodesBodySchema,
        response: {
          200: RecoveryCodesResponseSchema,
          ...errorResponses({
            400: ["auth.code_invalid", "account.wrong_password", "account.code_or_password_required"],
            401: [],
            409: ["account.two_factor_off"],
            429: ["account.too_many_attempts"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { code, password } = request.body;
      await requireEnabled(request);
      if (code?.trim()) await checkCode(request, code);
      else if (password) await confirmPassword(app.db, { userId: request.user!.id, password, field: "password", limit: app.config.limits.loginPerAccount });
      else return reply.sendError(400, "account.code_or_password_required", { fields: ["code", "password"] });
      const { codes, hashes } = newRecoveryCodes(RECOVERY_CODE_COUNT);
      await app.db.transaction((tx) => replaceRecoveryCodes(tx, request.user!.id, hashes));
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
          "removed. Wrong passwords and wrong codes are limited per account (429 account.too_many_attempts).",
        security: secured.security,
        body: TwoFactorDisableBodySchema,
        response: {
          200: SuccessMessageResponseSchema,
          ...errorResponses({ 400: ["auth.code_invalid", "account.wrong_password"], 401: [], 409: ["account.two_factor_off"], 429: ["account.too_many_attempts"] }),
        },
      },
    },
    async (request) => {
      const { password, code } = request.body;
      await requireEnabled(request);
      await confirmPassword(app.db, { userId: request.user!.id, password, field: "password", limit: app.config.limits.loginPerAccount });
      await checkCode(request, code);
      await app.db.transaction((tx) => removeSecondFactor(tx, request.user!.id));
      return { success: true as const, message: say(requestLocale(request), texts.disabled) };
    },
  );
};

export default twoFactorRoutes;
