import { Type, type Static } from "@sinclair/typebox";
import { REQUEST_ERRORS } from "../error-codes";
import { BASE_PATH_PATTERN, EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SINGLE_LINE_TEXT_PATTERN } from "../rules";
import { COMPANY_NAME_MAX_LENGTH } from "../team";
import { DateTimeSchema, LocaleSchema, StringEnum } from "./common";

export const UserSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  email: Type.String(),
  name: Type.String(),
  created_at: DateTimeSchema(),
  email_verified: Type.Boolean({
    description: "Whether the address is verified (a mailed link was followed, or the password was reset with one)",
  }),
  pending_email: Type.Union([Type.String(), Type.Null()], {
    description: "A new address the user asked for, waiting for its mailed link to be followed; it is not the account's yet",
  }),
});
export type User = Static<typeof UserSchema>;

export const EmailSchema = Type.String({
  format: "email",
  pattern: EMAIL_PATTERN,
  maxLength: EMAIL_MAX_LENGTH,
  description: "Trimmed and lower-cased by the server",
});
export const PasswordSchema = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
/** A password typed to confirm who you are: checked, not judged (any length the field allows). */
export const CurrentPasswordSchema = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
export const NameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: SINGLE_LINE_TEXT_PATTERN });
export const CompanyNameSchema = Type.String({ minLength: 1, maxLength: COMPANY_NAME_MAX_LENGTH, pattern: SINGLE_LINE_TEXT_PATTERN });
const TokenSchema = Type.String({ minLength: 1, maxLength: 200 });
const ResetTokenSchema = TokenSchema;
/** Where the site runs, for links in mail: PUBLIC_URL + basePath + the page. */
export const BasePathSchema = Type.String({
  pattern: BASE_PATH_PATTERN,
  maxLength: 200,
  description: "`/` or `/preview/{first}/{second}/`: where the site runs; mailed links are PUBLIC_URL + basePath + the page",
});

export const RegisterBodySchema = Type.Object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  company: Type.Optional(CompanyNameSchema),
  language: Type.Optional(LocaleSchema),
  basePath: Type.Optional(BasePathSchema),
});
/**
 * Body of POST /auth/register; `company` names the company the account makes and owns (default: the person's name);
 * `language` (mails to this account) defaults to Accept-Language, then nl; `basePath` is where the verification link
 * points (default `/`).
 */
export type RegisterPayload = Static<typeof RegisterBodySchema>;

/** A solved proof of work for a guess at an account: a login, or its second step. */
export const GuessChallengeSchema = Type.String({
  maxLength: 4000,
  description:
    "A solved proof-of-work challenge of POST /auth/challenge (base64 of the JSON { challenge, solution }, as the quote form sends it). " +
    "Needed only once the account has had a few failed passwords or codes in an hour, from anywhere, and only from a browser that has " +
    "not signed in to it before (400 auth.challenge_required without it, or with one cheaper than the account needs now).",
});

/** POST /auth/challenge: the account a guess is about, by its address (a login) or by the second step's token. */
export const LoginChallengeBodySchema = Type.Object({
  email: Type.Optional(EmailSchema),
  signInToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type LoginChallengePayload = Static<typeof LoginChallengeBodySchema>;

export const LoginBodySchema = Type.Object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
  challenge: Type.Optional(GuessChallengeSchema),
  basePath: Type.Optional(BasePathSchema),
});
export type LoginPayload = Static<typeof LoginBodySchema>;

export const AuthResponseSchema = Type.Object({ user: UserSchema, token: Type.String() });
export type AuthResponse = Static<typeof AuthResponseSchema>;

export const MeResponseSchema = Type.Object({ user: UserSchema });
export type MeResponse = Static<typeof MeResponseSchema>;

export const ForgotPasswordBodySchema = Type.Object({
  email: EmailSchema,
  language: Type.Optional(LocaleSchema),
  basePath: Type.Optional(BasePathSchema),
});
export type ForgotPasswordPayload = Static<typeof ForgotPasswordBodySchema>;

export const VerifyResetTokenBodySchema = Type.Object({ token: ResetTokenSchema });

export const VerifyResetTokenValidSchema = Type.Object({ valid: Type.Literal(true), email: Type.String() });
/** A 400 of verify-reset-token: an unusable link (`valid: false`), or a body that does not fit (no `valid`). */
export const VerifyResetTokenInvalidSchema = Type.Object({
  valid: Type.Optional(Type.Literal(false)),
  error: Type.String(),
  code: StringEnum(["auth.reset_invalid", "auth.reset_used", "auth.reset_expired", ...REQUEST_ERRORS] as const),
  fields: Type.Optional(Type.Array(Type.String())),
});
export type VerifyResetTokenResponse = Static<typeof VerifyResetTokenValidSchema> | Static<typeof VerifyResetTokenInvalidSchema>;

export const ResetPasswordBodySchema = Type.Object({ token: ResetTokenSchema, newPassword: PasswordSchema });
export type ResetPasswordPayload = Static<typeof ResetPasswordBodySchema>;

export const VerifyEmailBodySchema = Type.Object({ token: TokenSchema });
export type VerifyEmailPayload = Static<typeof VerifyEmailBodySchema>;
export const VerifyEmailResponseSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ description: "In the request's language" }),
  email: Type.String({ description: "The address now verified (after a change: the account's new address)" }),
});
export type VerifyEmailResponse = Static<typeof VerifyEmailResponseSchema>;

/** What a verification link would do once confirmed; checking it changes nothing. */
export const VerifyEmailTokenResponseSchema = Type.Object({
  valid: Type.Literal(true),
  email: Type.String({ description: "The address the link proves: the account's own (verify), or its new one (change)" }),
  purpose: StringEnum(["verify", "change"] as const, {
    description: "`verify`: the account's address becomes verified; `change`: the account's address becomes `email`",
  }),
});
export type VerifyEmailTokenResponse = Static<typeof VerifyEmailTokenResponseSchema>;

export const ResendVerificationBodySchema = Type.Object({
  language: Type.Optional(LocaleSchema),
  basePath: Type.Optional(BasePathSchema),
});
export type ResendVerificationPayload = Static<typeof ResendVerificationBodySchema>;
