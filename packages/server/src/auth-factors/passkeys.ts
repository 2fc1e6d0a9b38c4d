import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { MAX_PASSKEYS_PER_ACCOUNT } from "@agency/contract";
import type { Config } from "../config";
import { siteOrigin } from "../config";
import type { Db } from "../db/db";
import { ApiError } from "../lib/api-error";
import {
  countPasskeys,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  storeChallenge,
  takeChallenge,
  type PasskeyRow,
} from "./passkey-repository";

/**
 * Passkeys (WebAuthn), through SimpleWebAuthn: the relying party is the agency's own domain, the host name of
 * PUBLIC_URL, so a passkey made on the site works on every page of it. Partner sites in ALLOWED_ORIGINS sign in with
 * the same passkeys through related origin requests: the browser finds them listed at /.well-known/webauthn, and the
 * server accepts an answer made on any origin of that same list.
 */

/** How long a ceremony's challenge can be answered: a person needs a moment to pick a passkey, not more. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

export interface RelyingParty {
  /** The RP ID: the site's host name. */
  id: string;
  /** The origins whose answers are accepted, the site's own first. */
  origins: string[];
}

export function relyingParty(config: Pick<Config, "publicUrl" | "allowedOrigins">): RelyingParty {
  const own = siteOrigin(config as Config);
  return { id: new URL(config.publicUrl).hostname, origins: [own, ...config.allowedOrigins.filter((origin) => origin !== own)] };
}

/** The challenge an answer was made for, read from its client data; null when that is not readable. */
function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof clientData.challenge === "string" ? clientData.challenge : null;
  } catch {
    return null;
  }
}

/** The user handle of a passkey: the account's id, so one authenticator keeps one passkey per account. */
const userHandle = (userId: string) => new TextEncoder().encode(userId);

/** The user handle as WebAuthn's JSON forms write it (base64url), as the Signal API takes it. */
export const userHandleId = (userId: string) => Buffer.from(userHandle(userId)).toString("base64url");

/** The WebAuthn library, loaded at the first ceremony: a quarter of a second of the server's start otherwise. */
const webauthn = () => import("@simplewebauthn/server");

export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, user.id);
  if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw new ApiError(409, "account.too_many_passkeys", "passkey limit reached");
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: rp.id,
    rpID: rp.id,
    userID: userHandle(user.id),
    userName: user.email,
    userDisplayName: user.name || user.email,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: "none",
    // The authenticators that hold one of the account's passkeys already say so instead of making a second one.
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports as never })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: "register",
    userId: user.id,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000),
  });
  return options;
}

/**
 * Verifies a new passkey's answer and keeps it under `name`. The challenge must be one this account asked for, not
 * used or expired (400 `account.passkey_failed`); a credential registered already, to this account or another, is
 * refused (409 `account.passkey_exists`). `saved` runs in the transaction that stores it (the mail to the owner).
 */
export async function finishRegistration(
  db: Db,
  rp: RelyingParty,
  userId: string,
  response: RegistrationResponseJSON,
  name: string,
  saved: (tx: Db, passkey: PasskeyRow) => Promise<void> = async () => {},
): Promise<PasskeyRow> {
  const challenge = answeredChallenge(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, "register", userId))) {
    throw new ApiError(400, "account.passkey_failed", "unknown, used or expired registration challenge");
  }
  const { verifyRegistrationResponse } = await webauthn();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw new ApiError(400, "account.passkey_failed", `registration not verified: ${(error as Error).message}`);
  }
  if (!verification.verified || !verification.registrationInfo) throw new ApiError(400, "account.passkey_failed", "registration not verified");
  if ((await countPasskeys(db, userId)) >= MAX_PASSKEYS_PER_ACCOUNT) throw new ApiError(409, "account.too_many_passkeys", "passkey limit reached");
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const passkey = await db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      signCount: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name,
    });
    if (row) await saved(tx, row);
    return row;
  });
  if (!passkey) throw new ApiError(409, "account.passkey_exists", "credential registered already");
  return passkey;
}

/** Options for a sign-in with any passkey of this site: the browser offers the ones it has (discoverable credentials). */
export async function authenticationOptions(db: Db, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID: rp.id, userVerification: "required", timeout: PASSKEY_CHALLENGE_SECONDS * 1000 });
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: "authenticate",
    userId: null,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000),
  });
  return options;
}

/**
 * Options for the owner to confirm it is them with one of the account's own passkeys, where the password is asked
 * otherwise (before a way in is added). The challenge is the account's, so no other account's answer can use it.
 * An account without passkeys has nothing to confirm with (409 `account.no_passkeys`).
 */
export async function confirmationOptions(db: Db, rp: RelyingParty, userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await listPasskeys(db, userId);
  if (passkeys.length === 0) throw new ApiError(409, "account.no_passkeys", "the account has no passkeys");
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports as never })),
  });
  await storeChallenge(db, { challenge: options.challenge, purpose: "confirm", userId, expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000) });
  return options;
}

/**
 * Checks an answer with one of the passkeys: the signature over the challenge, from an origin on the list, with the
 * user verified, and a counter that did not go back; then records the use. Returns why it was refused, or null.
 */
async function verifyAnswer(rp: RelyingParty, db: Db, response: AuthenticationResponseJSON, challenge: string, passkey: PasskeyRow): Promise<string | null> {
  const previousCount = Number(passkey.sign_count);
  const { verifyAuthenticationResponse } = await webauthn();
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")), counter: previousCount, transports: passkey.transports as never },
      requireUserVerification: true,
    });
  } catch (error) {
    return `not verified: ${(error as Error).message}`;
  }
  if (!verification.verified) return "not verified";
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  if (!(await recordPasskeyUse(db, passkey.id, previousCount, newCounter, credentialBackedUp))) return "the passkey was used meanwhile";
  return null;
}

/**
 * Verifies a sign-in answer and returns the account it signs in. Refused alike (400 `auth.passkey_failed`, saying
 * nothing about which account or why): an unknown or removed passkey, a challenge not issued, used before or expired
 * (a replayed answer), a signature that does not verify, an origin outside the list, a counter that went back.
 */
export async function finishAuthentication(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<string> {
  const refuse = (why: string) => new ApiError(400, "auth.passkey_failed", why);
  const challenge = answeredChallenge(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, "authenticate", null))) throw refuse("unknown, used or expired sign-in challenge");
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) throw refuse("unknown passkey");
  if (response.response.userHandle && response.response.userHandle !== userHandleId(passkey.user_id)) {
    throw refuse("the passkey's user handle is another account's");
  }
  const refused = await verifyAnswer(rp, db, response, challenge, passkey);
  if (refused) throw refuse(`sign-in ${refused}`);
  return passkey.user_id;
}

/**
 * Verifies the owner's confirmation with a passkey: an answer to a challenge of `confirmationOptions` for this same
 * account, made with one of its own passkeys. Refused alike (400 `account.passkey_not_confirmed`): a challenge another
 * account or a sign-in asked for, one used before or expired, another account's passkey, a signature that does not
 * verify.
 */
export async function confirmWithPasskey(db: Db, rp: RelyingParty, userId: string, response: AuthenticationResponseJSON): Promise<void> {
  const refuse = (why: string) => new ApiError(400, "account.passkey_not_confirmed", why, { fields: ["passkey"] });
  const challenge = answeredChallenge(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, "confirm", userId))) throw refuse("unknown, used or expired confirmation challenge");
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey || passkey.user_id !== userId) throw refuse("not one of the account's passkeys");
  const refused = await verifyAnswer(rp, db, response, challenge, passkey);
  if (refused) throw refuse(`confirmation ${refused}`);
}
