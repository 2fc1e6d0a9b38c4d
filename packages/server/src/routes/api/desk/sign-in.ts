import { RECOVERY_CODE_COUNT } from "@agency/contract";
import {
  DeskEnrolBodySchema,
  DeskEnrolResponseSchema,
  DeskEnrolmentQuerySchema,
  DeskEnrolmentResponseSchema,
  DeskLoginBodySchema,
  DeskLoginResponseSchema,
  DeskMeResponseSchema,
  DeskOkResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { matchTotp, otpauthUrl } from "../../../auth-factors/totp";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from "../../../auth-factors/recovery-codes";
import { TOTP_ISSUER } from "../../../desk/enrolment";
import {
  acceptTotpStep,
  completeEnrolment,
  findEnrolment,
  findStaffByEmail,
  findStaffById,
  markSignedIn,
  publicStaff,
  useEnrolment,
  useRecoveryCode,
} from "../../../desk/staff-repository";
import { burnPasswordCheck, hashPassword, sha256, verifyPassword } from "../../../lib/crypto";
import { clearRateEventsByKeyPrefix, returnRateEvents, takeRateSlot } from "../../../lib/throttle";
import { admitGuess, knownBrowserBucket, STAFF_GUESSES } from "../../../accounts/guesses";
import { knownStaffDevice, rememberStaffDevice } from "../../../desk/staff-devices-repository";
import { recordDeskFailure, STAFF_FAILURES_MAILED_AFTER } from "../../../desk/sign-in-failures";
import { bearerToken } from "../../../plugins/auth";
import { deviceIdFor, readDeviceId } from "../../../sessions/device-cookie";
import { LOGIN_WINDOW_SECONDS, loginAccountKey } from "../auth/login-limits";

/** Wrong passwords and wrong codes at the desk are counted like customers' wrong passwords, in buckets of their own. */
const DESK_LOGIN_ACCOUNT_BUCKET = "desk-login:account-source";

/** Enrolment from the link, sign-in with the password and a second factor, sign-out, and who is signed in. */
const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/enrolment",
    {
      schema: {
        tags: ["desk"],
        summary: "What an enrolment link is for: the address and the authenticator secret to set up",
        description: "Answers the same secret on every call until the link is used (single use, 24 hours).",
        querystring: DeskEnrolmentQuerySchema,
        response: { 200: DeskEnrolmentResponseSchema, ...errorResponses({ 400: ["desk.enrolment_invalid", "desk.enrolment_used", "desk.enrolment_expired"] }) },
      },
    },
    async (request, reply) => {
      const enrolment = await findEnrolment(app.db, sha256(request.query.token));
      if (!enrolment) return reply.sendError(400, "desk.enrolment_invalid");
      if (enrolment.used_at) return reply.sendError(400, "desk.enrolment_used");
      if (enrolment.expired) return reply.sendError(400, "desk.enrolment_expired");
      reply.header("cache-control", "no-store");
      return {
        email: enrolment.email,
        totpSecret: enrolment.totp_secret,
        otpauthUrl: otpauthUrl({ issuer: TOTP_ISSUER, account: enrolment.email, secret: enrolment.totp_secret }),
      };
    },
  );

  app.post(
    "/enrolment",
    {
      preHandler: app.ipLimit("register"),
      schema: {
        tags: ["desk"],
        summary: "Enrol: set the password and confirm the authenticator with its current code",
        description:
          `Answers ${RECOVERY_CODE_COUNT} recovery codes, shown once. The link then no longer works, also when it is sent twice at once ` +
          "(one of the two gets 400 desk.enrolment_used). The password follows the customers' rules. Does not sign in.",
        body: DeskEnrolBodySchema,
        response: {
          200: DeskEnrolResponseSchema,
          ...errorResponses({
            400: ["desk.enrolment_invalid", "desk.enrolment_used", "desk.enrolment_expired", "desk.code_invalid", "auth.common_password", "auth.breached_password"],
            429: ["request.too_many"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { token, password, code } = request.body;
      const tokenHash = sha256(token);
      const enrolment = await findEnrolment(app.db, tokenHash);
      if (!enrolment) return reply.sendError(400, "desk.enrolment_invalid");
      if (enrolment.used_at) return reply.sendError(400, "desk.enrolment_used");
      if (enrolment.expired) return reply.sendError(400, "desk.enrolment_expired");
      const problem = await app.passwordProblem(password, request.log);
      if (problem) return reply.sendError(400, problem, { fields: ["password"] });
      const step = matchTotp(enrolment.totp_secret, code);
      if (step === null) return reply.sendError(400, "desk.code_invalid", { fields: ["code"] });
      const passwordHash = await hashPassword(password);
      const { codes, hashes } = newRecoveryCodes(RECOVERY_CODE_COUNT);
      const done = await app.db.transaction(async (tx) => {
        const used = await useEnrolment(tx, tokenHash);
        if (!used) return false;
        await completeEnrolment(tx, { staffId: used.staff_id, passwordHash, totpSecret: used.totp_secret, totpStep: step, recoveryHashes: hashes });
        await app.audit(request, { actor: enrolment.email, action: "staff.enrol", target: `staff:${enrolment.email}` }, tx);
        return true;
      });
      if (!done) return reply.sendError(400, "desk.enrolment_used");
      reply.header("cache-control", "no-store");
      return { recoveryCodes: codes };
    },
  );

  app.post(
    "/login",
    {
      schema: {
        tags: ["desk"],
        summary: "Staff sign-in: e-mail, password and the authenticator's code (or an unused recovery code)",
        description:
          "A wrong password, a wrong, used or missing code and an unknown address all answer the same 400 desk.sign_in_failed: " +
          "nobody learns that a password was right before the code. Every failure is written to the audit log " +
          "(desk.sign_in_failed, with the address it came from). Limited like customers' logins per account and address and per " +
          `address, and per account from every source together: after ${STAFF_GUESSES.cap} failures in an hour none is checked ` +
          "(429 with Retry-After) but from a browser that signed in to the account before, which is not slowed down. After " +
          `${STAFF_FAILURES_MAILED_AFTER} failures in an hour the staff member is mailed (at most once an hour). The session ends 12 ` +
          "hours after sign-in, or after 30 minutes without a request.",
        body: DeskLoginBodySchema,
        response: {
          200: DeskLoginResponseSchema,
          ...errorResponses({ 400: ["desk.sign_in_failed"], 429: ["auth.too_many_attempts"] }),
        },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const { password, code = "" } = request.body;
      const { loginPerAccount, loginPerIp } = app.config.limits;
      const accountKey = loginAccountKey(email);
      const source = app.hashIp(request.ip);
      const staff = await findStaffByEmail(app.db, email);
      const failed = async (reason: "password" | "code" | "too_many", retryAfter?: number) => {
        await recordDeskFailure(app, request, reply, { email, staff, accountKey, reason });
        if (retryAfter !== undefined) return reply.sendError(429, "auth.too_many_attempts", { retryAfter });
        return reply.sendError(400, "desk.sign_in_failed", { fields: ["email", "password", "code"] });
      };
      const attempt = await takeRateSlot(app.db, [
        { bucket: DESK_LOGIN_ACCOUNT_BUCKET, key: `${accountKey}:${source}`, limit: loginPerAccount, windowSeconds: LOGIN_WINDOW_SECONDS },
        { bucket: "desk-login:ip", key: source, limit: loginPerIp, windowSeconds: LOGIN_WINDOW_SECONDS },
      ]);
      if (attempt.wait > 0) return failed("too_many", attempt.wait);
      // Spread over many networks, guesses meet the account's count from every source; its own browsers do not.
      const knownBrowser = staff ? await knownStaffDevice(app.db, staff.id, readDeviceId(request)) : null;
      const guess = await admitGuess(app.db, STAFF_GUESSES, { accountKey, knownBrowser, proof: 0 });
      if (!guess.pass) return failed("too_many", guess.wait);

      const usable = staff?.password_hash && staff.totp_secret ? staff : null;
      const ok = usable ? await verifyPassword(usable.password_hash!, password) : (await burnPasswordCheck(password), false);
      if (!usable || !ok) return failed("password");
      let factor: "totp" | "recovery" | null = null;
      if (looksLikeRecoveryCode(code)) {
        if (await useRecoveryCode(app.db, usable.id, hashRecoveryCode(code))) factor = "recovery";
      } else if (code.trim() !== "") {
        const last = usable.totp_last_step === null ? null : Number(usable.totp_last_step);
        const step = matchTotp(usable.totp_secret!, code, { after: last });
        if (step !== null && (await acceptTotpStep(app.db, usable.id, step))) factor = "totp";
      }
      if (!factor) return failed("code");

      await clearRateEventsByKeyPrefix(app.db, DESK_LOGIN_ACCOUNT_BUCKET, `${accountKey}:`);
      await clearRateEventsByKeyPrefix(app.db, STAFF_GUESSES.bucket, accountKey);
      await clearRateEventsByKeyPrefix(app.db, knownBrowserBucket(STAFF_GUESSES), `${accountKey}:`);
      await returnRateEvents(app.db, [...attempt.events, ...guess.events]);
      const deviceId = deviceIdFor(request, reply, app.config.publicUrl.startsWith("https:"));
      const token = await app.db.transaction(async (tx) => {
        await markSignedIn(tx, usable.id);
        await rememberStaffDevice(tx, usable.id, deviceId);
        await app.audit(request, { actor: usable.email, action: "desk.sign_in", target: `staff:${usable.email}`, detail: { factor } }, tx);
        return app.deskSessions.create(usable.id, tx);
      });
      reply.header("cache-control", "no-store");
      return { token };
    },
  );

  app.get(
    "/me",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "The signed-in staff member and their role",
        security: [{ bearer: [] }],
        response: { 200: DeskMeResponseSchema, ...errorResponses({ 401: [], 403: ["desk.forbidden"] }) },
      },
    },
    async (request, reply) => {
      const staff = await findStaffById(app.db, request.staff!.id);
      if (!staff) return reply.sendError(401, "auth.required");
      return { staff: publicStaff(staff), sessionExpiresAt: new Date(request.staff!.expires_at).toISOString() };
    },
  );

  app.post(
    "/logout",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "End the staff session of the token sent in Authorization",
        security: [{ bearer: [] }],
        response: { 200: DeskOkResponseSchema, ...errorResponses({ 401: [], 403: ["desk.forbidden"] }) },
      },
    },
    async (request) => {
      await app.deskSessions.revoke(bearerToken(request)!);
      return { success: true as const };
    },
  );
};

export default signInRoutes;
