import { Type, type Static } from "@sinclair/typebox";
import { DESK_ROLES, RECOVERY_CODE_COUNT } from "../values";
import { BasePathSchema, CurrentPasswordSchema, EmailSchema, PasswordSchema } from "./accounts";
import { DateTimeSchema, LocaleSchema, StringEnum } from "./common";

/**
 * The agency's desk (under /api/desk): staff sign-in with a second factor, staff management and the audit log.
 * Staff are not customers: a customer's token never opens the desk. The inbox and the customer view are in
 * desk-leads.ts and desk-customers.ts.
 */

export const DeskRoleSchema = StringEnum(DESK_ROLES, { description: "admin: also manages staff, erases accounts and reads the audit log" });

const EnrolmentTokenSchema = Type.String({ minLength: 1, maxLength: 200, description: "The `token` of the enrolment link" });
/** A six-digit code of the authenticator app, or one of the recovery codes (spaces and dashes are ignored). */
export const SecondFactorSchema = Type.String({
  maxLength: 40,
  description: "The current six-digit code of the authenticator app, or an unused recovery code",
});

export const DeskEnrolmentQuerySchema = Type.Object({ token: EnrolmentTokenSchema });
export type DeskEnrolmentQuery = Static<typeof DeskEnrolmentQuerySchema>;

/** GET /desk/enrolment: who the link is for and the authenticator secret to set up (the same on every call). */
export const DeskEnrolmentResponseSchema = Type.Object({
  email: Type.String(),
  totpSecret: Type.String({ description: "Base32, for typing into the authenticator app" }),
  otpauthUrl: Type.String({ description: "otpauth://totp/… (SHA1, 6 digits, 30 s), for the QR code" }),
});
export type DeskEnrolmentResponse = Static<typeof DeskEnrolmentResponseSchema>;

export const DeskEnrolBodySchema = Type.Object({
  token: EnrolmentTokenSchema,
  password: PasswordSchema,
  code: Type.String({ pattern: "^[0-9]{6}$", description: "The authenticator's current code, which proves it is set up" }),
});
export type DeskEnrolPayload = Static<typeof DeskEnrolBodySchema>;

export const DeskEnrolResponseSchema = Type.Object({
  recoveryCodes: Type.Array(Type.String(), {
    minItems: RECOVERY_CODE_COUNT,
    maxItems: RECOVERY_CODE_COUNT,
    description: "Shown once: each signs in once in place of the authenticator's code",
  }),
});
export type DeskEnrolResponse = Static<typeof DeskEnrolResponseSchema>;

export const DeskLoginBodySchema = Type.Object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
  code: Type.Optional(SecondFactorSchema),
});
export type DeskLoginPayload = Static<typeof DeskLoginBodySchema>;

export const DeskLoginResponseSchema = Type.Object({
  token: Type.String({ description: "Bearer token of the staff session: 12 hours at most, ended by 30 minutes without a request" }),
});
export type DeskLoginResponse = Static<typeof DeskLoginResponseSchema>;

export const StaffMemberSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  email: Type.String(),
  role: DeskRoleSchema,
  enrolled: Type.Boolean({ description: "Whether the enrolment link was followed (password and authenticator set)" }),
  createdAt: DateTimeSchema(),
  lastSignInAt: Type.Union([DateTimeSchema(), Type.Null()]),
});
export type StaffMember = Static<typeof StaffMemberSchema>;

/** GET /desk/me: who is signed in. */
export const DeskMeResponseSchema = Type.Object({
  staff: StaffMemberSchema,
  sessionExpiresAt: DateTimeSchema("When this session ends at the latest (12 hours after sign-in)"),
});
export type DeskMeResponse = Static<typeof DeskMeResponseSchema>;

export const DeskStaffResponseSchema = Type.Object({ staff: Type.Array(StaffMemberSchema) });
export type DeskStaffResponse = Static<typeof DeskStaffResponseSchema>;

export const DeskInviteBodySchema = Type.Object({
  email: EmailSchema,
  role: DeskRoleSchema,
  language: Type.Optional(LocaleSchema),
  basePath: Type.Optional(BasePathSchema),
});
export type DeskInvitePayload = Static<typeof DeskInviteBodySchema>;

export const DeskInviteResponseSchema = Type.Object({ staff: StaffMemberSchema });
export type DeskInviteResponse = Static<typeof DeskInviteResponseSchema>;

export const DeskIdParamsSchema = Type.Object({ id: Type.String({ format: "uuid" }) });

/** What a desk action that returns nothing else answers. */
export const DeskOkResponseSchema = Type.Object({ success: Type.Literal(true) });
export type DeskOkResponse = Static<typeof DeskOkResponseSchema>;

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: DateTimeSchema(),
  actor: Type.String({ description: "The staff member's e-mail address (kept after they are removed), or `cli` for the command line" }),
  action: Type.String({ description: "e.g. desk.sign_in, desk.sign_in_failed (detail.reason: password, code or too_many), lead.status, lead.note, lead.release, leads.export, customer.cancel_subscription, customer.erase, staff.invite, staff.remove" }),
  target: Type.Union([Type.String(), Type.Null()], { description: "What it was done to, e.g. lead:42, customer:<id>, staff:<e-mail>" }),
  detail: Type.Record(Type.String(), Type.Unknown(), { description: "e.g. { from, to } of a status change" }),
  ip: Type.String({ description: "The source address of the request" }),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const DeskAuditQuerySchema = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1, description: "Entries older than this id (the last one of the previous page)" })),
});
export type DeskAuditQuery = Static<typeof DeskAuditQuerySchema>;

/** GET /desk/audit: newest first, 100 at a time. */
export const DeskAuditResponseSchema = Type.Object({ entries: Type.Array(AuditEntrySchema) });
export type DeskAuditResponse = Static<typeof DeskAuditResponseSchema>;
