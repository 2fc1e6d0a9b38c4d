import { Type, type Static } from "@sinclair/typebox";
import { SINGLE_LINE_TEXT_PATTERN } from "../rules";
import { PASSKEY_NAME_MAX_LENGTH } from "../values";
import { BasePathSchema, CurrentPasswordSchema } from "./accounts";
import { DateTimeSchema } from "./common";

/**
 * Passkeys (WebAuthn): adding one to the signed-in account, listing, renaming and removing them, and signing in
 * with one. The WebAuthn options and answers are the JSON forms the WebAuthn Level 3 `toJSON()` methods and
 * SimpleWebAuthn use (binary values in base64url); they are passed through as they are, so only their outline is
 * described here.
 */

const Base64Url = (description: string) => Type.String({ minLength: 1, maxLength: 16_384, pattern: "^[A-Za-z0-9_-]+$", description });

export const PasskeySchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  name: Type.String({ description: "The name the owner gave it; at first the browser and system it was added on" }),
  created_at: DateTimeSchema("When it was added"),
  last_used_at: Type.Union([DateTimeSchema(), Type.Null()], { description: "When it last signed in; null when never" }),
});
export type Passkey = Static<typeof PasskeySchema>;

/**
 * What the settings tell the browser's passkey provider through the WebAuthn Signal API
 * (`PublicKeyCredential.signalAllAcceptedCredentials`, `signalCurrentUserDetails`), so a passkey removed here stops
 * being offered and a renamed account shows its new name and address.
 */
export const AcceptedPasskeysSchema = Type.Object(
  {
    rpId: Type.String({ description: "The relying party: the site's host name" }),
    userId: Base64Url("The account's WebAuthn user handle"),
    name: Type.String({ description: "The account's e-mail address, its passkeys' user name" }),
    displayName: Type.String({ description: "The account's name (its e-mail address when it has none), its passkeys' display name" }),
    credentialIds: Type.Array(Base64Url("A credential id"), { description: "The ids of every passkey the account still has" }),
  },
  { description: "For the WebAuthn Signal API" },
);
export type AcceptedPasskeys = Static<typeof AcceptedPasskeysSchema>;

export const PasskeysResponseSchema = Type.Object({ passkeys: Type.Array(PasskeySchema, { description: "Oldest first" }), accepted: AcceptedPasskeysSchema });
export type PasskeysResponse = Static<typeof PasskeysResponseSchema>;

export const PasskeyResponseSchema = Type.Object({ passkey: PasskeySchema });
export type PasskeyResponse = Static<typeof PasskeyResponseSchema>;

export const PasskeyParamsSchema = Type.Object({ id: Type.String({ format: "uuid" }) });

export const PasskeyNameSchema = Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX_LENGTH, pattern: SINGLE_LINE_TEXT_PATTERN });

/** The JSON form of a PublicKeyCredential (its `toJSON()`), the answer of the authenticator. */
const CredentialSchema = (description: string) =>
  Type.Object(
    {
      id: Base64Url("The credential id"),
      rawId: Base64Url("The credential id"),
      type: Type.Literal("public-key"),
      response: Type.Object({ clientDataJSON: Base64Url("The client data") }, { additionalProperties: true }),
      clientExtensionResults: Type.Object({}, { additionalProperties: true }),
      authenticatorAttachment: Type.Optional(Type.String()),
    },
    { additionalProperties: true, description },
  );

/**
 * The owner's confirmation that adding a way in takes, every time, however fresh the session: the current password,
 * or in its place an answer from one of the account's own passkeys (403 account.password_required without either).
 */
export const OwnerConfirmationSchema = Type.Object({
  password: Type.Optional(
    Type.Unsafe<string>({ ...CurrentPasswordSchema, description: "The account's current password: needed every time, however fresh the session" }),
  ),
  passkey: Type.Optional(
    CredentialSchema("AuthenticationResponseJSON, answering the options of POST /account/passkeys/confirmation-options, in place of the password"),
  ),
});

export const PasskeyRegistrationOptionsBodySchema = OwnerConfirmationSchema;
export type PasskeyRegistrationOptionsPayload = Static<typeof PasskeyRegistrationOptionsBodySchema>;

/** The JSON form of WebAuthn options, for `navigator.credentials.create()` or `.get()` (PublicKeyCredential.parse…FromJSON). */
const OptionsSchema = (description: string) =>
  Type.Object({ challenge: Base64Url("Single use; expires after 5 minutes"), rpId: Type.Optional(Type.String()) }, { additionalProperties: true, description });

export const PasskeyRegistrationOptionsResponseSchema = Type.Object({
  options: OptionsSchema("PublicKeyCredentialCreationOptionsJSON: the site as relying party, the account as user, its passkeys excluded"),
});
export type PasskeyRegistrationOptionsResponse = Static<typeof PasskeyRegistrationOptionsResponseSchema>;

export const PasskeyAuthenticationOptionsResponseSchema = Type.Object({
  options: OptionsSchema("PublicKeyCredentialRequestOptionsJSON: any passkey of this site (discoverable credentials)"),
});
export type PasskeyAuthenticationOptionsResponse = Static<typeof PasskeyAuthenticationOptionsResponseSchema>;

export const AddPasskeyBodySchema = Type.Object({
  credential: CredentialSchema("RegistrationResponseJSON, answering the options of POST /account/passkeys/options"),
  name: Type.Optional(PasskeyNameSchema),
  /** Where the site is served, for the link in the mail to the owner about the new passkey. */
  basePath: Type.Optional(BasePathSchema),
});
export type AddPasskeyPayload = Static<typeof AddPasskeyBodySchema>;

export const RenamePasskeyBodySchema = Type.Object({ name: PasskeyNameSchema });
export type RenamePasskeyPayload = Static<typeof RenamePasskeyBodySchema>;

export const PasskeySignInBodySchema = Type.Object({
  credential: CredentialSchema("AuthenticationResponseJSON, answering the options of POST /auth/passkey/options"),
  /** Where the site is served, for the link in a new-sign-in alert, as a password login sends it. */
  basePath: Type.Optional(BasePathSchema),
});
export type PasskeySignInPayload = Static<typeof PasskeySignInBodySchema>;

export const PasskeyAvailabilityResponseSchema = Type.Object({
  available: Type.Boolean({ description: "Whether the site's passkeys can sign in on the page of the request's Origin" }),
});
export type PasskeyAvailabilityResponse = Static<typeof PasskeyAvailabilityResponseSchema>;

/** What /.well-known/webauthn lists: the origins that may use this site's passkeys (WebAuthn related origin requests). */
export const WebauthnOriginsSchema = Type.Object({
  origins: Type.Array(Type.String(), { description: "The site's own origin, then ALLOWED_ORIGINS" }),
});
