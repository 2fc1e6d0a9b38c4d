// The TypeBox schemas of the API, for the server only: browser code imports the types from `@agency/contract`.
export { Type, type Static, type TSchema, StringEnum, LocaleSchema, DateTimeSchema, SuccessMessageResponseSchema, HealthResponseSchema, ReadyResponseSchema } from "./common";
export { ErrorResponseSchema, errorResponses } from "./errors";
export {
  UserSchema,
  EmailSchema,
  PasswordSchema,
  RegisterBodySchema,
  LoginBodySchema,
  AuthResponseSchema,
  MeResponseSchema,
  ForgotPasswordBodySchema,
  VerifyResetTokenBodySchema,
  VerifyResetTokenValidSchema,
  VerifyResetTokenInvalidSchema,
  ResetPasswordBodySchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
  ResendVerificationBodySchema,
} from "./accounts";
export {
  AccountExportQuerySchema,
  AccountExportSchema,
  DeleteAccountBodySchema,
  UpdateProfileBodySchema,
  ProfileResponseSchema,
  ChangePasswordBodySchema,
  ChangeEmailBodySchema,
  AccountSessionsResponseSchema,
  AccountSessionParamsSchema,
  RevokeSessionsResponseSchema,
} from "./account";
export {
  ContactBodySchema,
  ContactResponseSchema,
  ContactChallengeResponseSchema,
  UtmSchema,
  LeadSchema,
  LeadsResponseSchema,
} from "./contact";
export {
  BlogPostSchema,
  BlogTranslationSchema,
  PaginationSchema,
  BlogListQuerySchema,
  BlogListResponseSchema,
  BlogPostParamsSchema,
  BlogPostResponseSchema,
  BlogNotFoundResponseSchema,
} from "./blog";
export { ConsentBodySchema, ConsentResponseSchema } from "./consent";
export {
  BillingPeriodSchema,
  PlanSchema,
  PlansResponseSchema,
  SubscriptionSchema,
  SubscriptionResponseSchema,
  CreateCheckoutBodySchema,
  CreateCheckoutResponseSchema,
  WebhookResponseSchema,
  PortalBodySchema,
  PayBodySchema,
  PortalResponseSchema,
  InvoiceSchema,
  InvoicesResponseSchema,
  CheckoutReturnParamsSchema,
  CheckoutReturnResponseSchema,
} from "./subscriptions";
