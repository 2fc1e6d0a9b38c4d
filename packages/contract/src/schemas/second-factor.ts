import { Type, type Static } from "@sinclair/typebox";
import { ACCOUNT_ALERT_KINDS, RECOVERY_CODE_COUNT } from "../values";
import { AuthResponseSchema, BasePathSchema, CurrentPasswordSchema, GuessChallengeSchema } from "./accounts";
import { DateTimeSchema, StringEnum } from "./common";
import { SecondFactorSchema } from "./desk";
import { OwnerConfirmationSchema } from "./passkeys";

/**
 * A customer's second factor (an authenticator app with recovery codes, their choice, under /api/account/two-factor),
 * the sign-in's second step (/api/auth/login/second-factor) and the 'this wasn't me' link of a new-sign-in alert.
 */

const SignInTokenSchema = Type.String({ minLength: 1, maxLength: 200, description: "The `signInToken` of the login's answer" });

/** POST /auth/login when the password was right and the account has a second factor: no session yet. */
export const SecondFactorRequiredSchema = Type.Object({
  secondFactorRequired: Type.Literal(true),
  signInToken: Type.String({
    description: "Good for the second step only, for 5 minutes and 5 codes; no other call accepts it (it is no session)",
  }),
  expiresAt: DateTimeSchema(),
});
export type SecondFactorRequired = Static<typeof SecondFactorRequiredSchema>;

/** What POST /auth/login answers: a session, or the request for the second factor. */
export const LoginResponseSchema = Type.Union([AuthResponseSchema, SecondFactorRequiredSchema]);
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const SecondFactorLoginBodySchema = Type.Object({
  signInToken: SignInTokenSchema,
  code: SecondFactorSchema,
  basePath: Type.Optional(BasePathSchema),
  challenge: Type.Optional(GuessChallengeSchema),
});
/** Body of POST /auth/login/second-factor; `basePath` is where a new-sign-in alert's link points (default `/`). */
export type SecondFactorLoginPayload = Static<typeof SecondFactorLoginBodySchema>;

export const TwoFactorStatusResponseSchema = Type.Object({
  enabled: Type.Boolean({ description: "Whether signing in asks for a code after the password" }),
  recoveryCodesLeft: Type.Integer({ minimum: 0, description: "Unused recovery codes" }),
});
export type TwoFactorStatusResponse = Static<typeof TwoFactorStatusResponseSchema>;

export const TwoFactorSetupResponseSchema = Type.Object({
  secret: Type.String({ description: "Base32, for typing into the authenticator app" }),
  otpauthUrl: Type.String({ description: "otpauth://totp/… (SHA1, 6 digits, 30 s), for the QR code" }),
});
export type TwoFactorSetupResponse = Static<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorEnableBodySchema = Type.Object({
  code: Type.String({ pattern: "^[0-9]{6}$", description: "The authenticator's current code, which proves it is set up" }),
  ...OwnerConfirmationSchema.properties,
  /** Where the site is served, for the link in the mail to the owner. */
  basePath: Type.Optional(BasePathSchema),
});
export type TwoFactorEnablePayload = Static<typeof TwoFactorEnableBodySchema>;

export const RecoveryCodesResponseSchema = Type.Object({
  recoveryCodes: Type.Array(Type.String(), {
    minItems: RECOVERY_CODE_COUNT,
    maxItems: RECOVERY_CODE_COUNT,
    description: "Shown once: each signs in once in place of the authenticator's code; they replace every earlier code",
  }),
});
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponseSchema>;

export const NewRecoveryCodesBodySchema = Type.Object({
  ...OwnerConfirmationSchema.properties,
  basePath: Type.Optional(BasePathSchema),
});
/**
 * Body of POST /account/two-factor/recovery-codes: the password or a passkey (a code is not enough: whoever holds the
 * phone could).
 */
export type NewRecoveryCodesPayload = Static<typeof NewRecoveryCodesBodySchema>;

export const TwoFactorDisableBodySchema = Type.Object({ password: CurrentPasswordSchema, code: SecondFactorSchema });
export type TwoFactorDisablePayload = Static<typeof TwoFactorDisableBodySchema>;

const AlertTokenSchema = Type.String({ minLength: 1, maxLength: 200, description: "The `token` of the alert's link" });
export const SignInAlertBodySchema = Type.Object({
  token: AlertTokenSchema,
  /** Where the site is served, for the reset link that confirming mails. */
  basePath: Type.Optional(BasePathSchema),
});
export type SignInAlertPayload = Static<typeof SignInAlertBodySchema>;

/** What a 'this wasn't me' link is about; checking it changes nothing. */
export const SignInAlertTokenResponseSchema = Type.Object({
  valid: Type.Literal(true),
  email: Type.String({ description: "The account's address" }),
  kind: StringEnum(ACCOUNT_ALERT_KINDS, { description: "sign_in: a sign-in from a new browser; otherwise the way in that was added" }),
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  signedInAt: DateTimeSchema("When it signed in, or when the way in was added"),
});
export type SignInAlertTokenResponse = Static<typeof SignInAlertTokenResponseSchema>;

export const SecureAccountResponseSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ description: "In the request's language: the link to choose a new password is in the mail" }),
});
export type SecureAccountResponse = Static<typeof SecureAccountResponseSchema>;
