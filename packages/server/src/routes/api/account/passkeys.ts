import { MAX_PASSKEYS_PER_ACCOUNT } from "@agency/contract";
import {
  AddPasskeyBodySchema,
  PasskeyParamsSchema,
  PasskeyAuthenticationOptionsResponseSchema,
  PasskeyRegistrationOptionsBodySchema,
  PasskeyRegistrationOptionsResponseSchema,
  PasskeyResponseSchema,
  PasskeysResponseSchema,
  RenamePasskeyBodySchema,
  SuccessMessageResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { confirmOwner } from "../../../accounts/confirm-password";
import { queueFactorAlert } from "../../../accounts/factor-alerts";
import { ACCOUNT_TOPICS, greetedName, queueAccountMail } from "../../../accounts/mails";
import { findUserById } from "../../../accounts/repository";
import { deletePasskey, listPasskeys, renamePasskey, type PasskeyRow } from "../../../auth-factors/passkey-repository";
import { passkeyTexts } from "../../../auth-factors/passkey-texts";
import { confirmationOptions, finishRegistration, registrationOptions, relyingParty, userHandleId } from "../../../auth-factors/passkeys";
import { factorRemovedMail } from "../../../mail/factor-templates";
import { deviceOf } from "../../../sessions/device";
import { requestLocale, say } from "../../../i18n";

const passkeyJson = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
  last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
});

/**
 * The signed-in account's passkeys, as Clerk's user profile keeps them: added, listed with when they were added and
 * last used, renamed and removed. Adding one takes the current password (or another of the account's passkeys) every
 * time, however fresh the session (a borrowed or stolen session must not add a way in of its own), and an address its
 * owner has proven (before that,
 * the account may be a stranger's claim on someone else's address); the owner is mailed at once, with a link that
 * removes it again. Removing one mails the owner too. Only the account's own passkeys can be renamed or removed;
 * another account's answer 404 as if they did not exist.
 */
const passkeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rp = relyingParty(app.config);

  app.get(
    "/passkeys",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "The account's passkeys",
        description:
          "With what the WebAuthn Signal API tells the browser (`accepted`: the RP ID, the account's user handle, its user name and " +
          "display name, and the ids of every passkey it has), so a passkey removed here stops being offered by the device that holds " +
          "it, and a changed name or address shows on the devices.",
        security: [{ bearer: [] }],
        response: { 200: PasskeysResponseSchema, ...errorResponses({ 401: [] }) },
      },
    },
    async (request) => {
      const { id, email, name } = request.user!;
      const rows = await listPasskeys(app.db, id);
      // The user name and display name a passkey is made with (registrationOptions), as they are now.
      const accepted = { rpId: rp.id, userId: userHandleId(id), name: email, displayName: name || email, credentialIds: rows.map((row) => row.credential_id) };
      return { passkeys: rows.map(passkeyJson), accepted };
    },
  );

  app.post(
    "/passkeys/confirmation-options",
    {
      preHandler: [app.authenticate, app.ipLimit("passkey")],
      schema: {
        tags: ["account"],
        summary: "Options to confirm it is the owner with one of the account's passkeys",
        description:
          "WebAuthn request options that only this account's own passkeys can answer, with a challenge stored server-side for this " +
          "account, usable once, for 5 minutes. The answer goes as `passkey` in place of the password where adding a way in asks for it " +
          "(POST /account/passkeys/options, /account/two-factor/enable, /account/two-factor/recovery-codes). An account without " +
          "passkeys answers 409 account.no_passkeys.",
        security: [{ bearer: [] }],
        response: {
          200: PasskeyAuthenticationOptionsResponseSchema,
          ...errorResponses({ 401: [], 409: ["account.no_passkeys"], 429: ["request.too_many"] }),
        },
      },
    },
    async (request) => ({ options: await confirmationOptions(app.db, rp, request.user!.id) }),
  );

  app.post(
    "/passkeys/options",
    {
      preHandler: [app.authenticate, app.ipLimit("passkey")],
      schema: {
        tags: ["account"],
        summary: "Options to add a passkey",
        description:
          `WebAuthn creation options (the site as relying party, the account's passkeys excluded), with a challenge stored server-side, ` +
          `usable once, for 5 minutes. Takes the current password every time, however fresh the session, or in its place \`passkey\`: ` +
          `an answer to POST /account/passkeys/confirmation-options (403 account.password_required without either; 400 ` +
          `account.wrong_password or account.passkey_not_confirmed, limited like other password confirmations), and an address its owner has verified ` +
          `(403 account.email_unverified). An account keeps at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys (409 account.too_many_passkeys).`,
        security: [{ bearer: [] }],
        body: PasskeyRegistrationOptionsBodySchema,
        response: {
          200: PasskeyRegistrationOptionsResponseSchema,
          ...errorResponses({
            400: ["account.wrong_password", "account.passkey_not_confirmed"],
            401: [],
            403: ["account.password_required", "account.email_unverified"],
            409: ["account.too_many_passkeys"],
            429: ["account.too_many_attempts", "request.too_many"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { password, passkey } = request.body;
      const user = await confirmOwner(app.db, rp, {
        userId: request.user!.id,
        password,
        passkey: passkey as unknown as AuthenticationResponseJSON | undefined,
        limit: app.config.limits.loginPerAccount,
      });
      if (!user.email_verified_at) return reply.sendError(403, "account.email_unverified");
      return { options: await registrationOptions(app.db, rp, user) };
    },
  );

  app.post(
    "/passkeys",
    {
      preHandler: [app.authenticate, app.ipLimit("passkey")],
      schema: {
        tags: ["account"],
        summary: "Add a passkey",
        description:
          "Checks the authenticator's answer to the options of POST /account/passkeys/options (a challenge this account asked for, " +
          "unused and unexpired, which took the password; origin: the site or one of ALLOWED_ORIGINS) and keeps the passkey, named `name` " +
          "or after this device's browser and system. A credential registered already, here or to another account, answers 409 " +
          "account.passkey_exists. The account's address is mailed at once, with a link (PUBLIC_URL + basePath + secure-account) that " +
          "removes it again, signs the account out everywhere and mails a reset link.",
        security: [{ bearer: [] }],
        body: AddPasskeyBodySchema,
        response: {
          201: PasskeyResponseSchema,
          ...errorResponses({
            400: ["account.passkey_failed"],
            401: [],
            409: ["account.passkey_exists", "account.too_many_passkeys"],
            429: ["request.too_many"],
          }),
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const device = deviceOf(request.headers["user-agent"]);
      const { browser, os } = device;
      const name =
        request.body.name?.trim() ||
        (browser && os ? say(locale, passkeyTexts.deviceName, { browser, os }) : (browser ?? os ?? say(locale, passkeyTexts.defaultName)));
      const user = await findUserById(app.db, request.user!.id);
      if (!user) return reply.sendError(401, "auth.required");
      const credential = request.body.credential as unknown as RegistrationResponseJSON;
      let alert: number | null = null;
      const saved = await finishRegistration(app.db, rp, user.id, credential, name, async (tx) => {
        const mail = { publicUrl: app.config.publicUrl, basePath: request.body.basePath ?? "/", user, kind: "passkey" as const, device };
        alert = await queueFactorAlert(app.outbox, tx, mail);
      });
      if (alert !== null) app.outbox.deliverSoon(reply, [alert]);
      request.log.info({ userId: user.id, passkey: saved.id }, "passkey added");
      return reply.code(201).send({ passkey: passkeyJson(saved) });
    },
  );

  app.patch(
    "/passkeys/:id",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Rename a passkey",
        description: "Only the account's own passkeys (404 otherwise).",
        security: [{ bearer: [] }],
        params: PasskeyParamsSchema,
        body: RenamePasskeyBodySchema,
        response: { 200: PasskeyResponseSchema, ...errorResponses({ 400: [], 401: [], 404: ["account.passkey_not_found"] }) },
      },
    },
    async (request, reply) => {
      const renamed = await renamePasskey(app.db, request.user!.id, request.params.id, request.body.name.trim());
      if (!renamed) return reply.sendError(404, "account.passkey_not_found");
      return { passkey: passkeyJson(renamed) };
    },
  );

  app.delete(
    "/passkeys/:id",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["account"],
        summary: "Remove a passkey",
        description:
          "Only the account's own passkeys (404 otherwise). The passkey signs in no more; the authenticator may still list it. The " +
          "account's address is mailed that it was removed.",
        security: [{ bearer: [] }],
        params: PasskeyParamsSchema,
        response: { 200: SuccessMessageResponseSchema, ...errorResponses({ 400: [], 401: [], 404: ["account.passkey_not_found"] }) },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.user!.id);
      if (!user) return reply.sendError(401, "auth.required");
      const queued = await app.db.transaction(async (tx) => {
        if (!(await deletePasskey(tx, user.id, request.params.id))) return null;
        const content = factorRemovedMail(user.locale, { name: greetedName(user), kind: "passkey" });
        return queueAccountMail(app.outbox, tx, { userId: user.id, topic: ACCOUNT_TOPICS.passkeyRemoved, to: user.email, content });
      });
      if (queued === null) return reply.sendError(404, "account.passkey_not_found");
      app.outbox.deliverSoon(reply, [queued]);
      request.log.info({ userId: user.id, passkey: request.params.id }, "passkey removed");
      return { success: true as const, message: say(requestLocale(request), passkeyTexts.removed) };
    },
  );
};

export default passkeyRoutes;
