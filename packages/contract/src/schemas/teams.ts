import { Type, type Static } from "@sinclair/typebox";
import { INVITABLE_ROLES, KVK_NUMBER_PATTERN, TEAM_ROLES, VAT_NUMBER_PATTERN } from "../team";
import { BasePathSchema, CompanyNameSchema, EmailSchema } from "./accounts";
import { DateTimeSchema, LocaleSchema, StringEnum } from "./common";

/**
 * The signed-in person's company: its members with their roles, its pending invitations, and the calls that change
 * them. Every call is checked against the caller's role on the server (403 `team.forbidden`).
 */

export const TeamRoleSchema = StringEnum(TEAM_ROLES, { description: "owner, admin (members and invitations), billing (payments), member (reads)" });
export const InvitableRoleSchema = StringEnum(INVITABLE_ROLES, { description: "Ownership is handed over with POST /account/team/transfer, never given" });

const NullableString = (options: Record<string, unknown>) => Type.Union([Type.String(options), Type.Null()]);

export const TeamSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  name: Type.String(),
  vatId: Type.Union([Type.String(), Type.Null()], { description: "The VAT number printed on the company's invoices" }),
  kvkNumber: Type.Union([Type.String(), Type.Null()], { description: "The Dutch Chamber of Commerce (KvK) number, 8 digits" }),
});
export type Team = Static<typeof TeamSchema>;

export const TeamMemberSchema = Type.Object({
  id: Type.String({ format: "uuid", description: "The member's account id" }),
  name: Type.String(),
  email: Type.String(),
  role: TeamRoleSchema,
});
export type TeamMember = Static<typeof TeamMemberSchema>;

export const TeamInvitationSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  email: Type.String(),
  role: InvitableRoleSchema,
  expiresAt: DateTimeSchema(),
});
export type TeamInvitation = Static<typeof TeamInvitationSchema>;

export const TeamResponseSchema = Type.Object({
  team: TeamSchema,
  role: TeamRoleSchema,
  members: Type.Array(TeamMemberSchema, { description: "Owner first, then by when they joined" }),
  invitations: Type.Array(TeamInvitationSchema, { description: "Pending and unexpired; empty for a role that cannot manage them" }),
});
export type TeamResponse = Static<typeof TeamResponseSchema>;

export const UpdateTeamBodySchema = Type.Object(
  {
    name: Type.Optional(CompanyNameSchema),
    kvkNumber: Type.Optional(NullableString({ pattern: KVK_NUMBER_PATTERN })),
    vatId: Type.Optional(
      NullableString({ maxLength: 30, pattern: VAT_NUMBER_PATTERN, description: "A European VAT number; spaces and dots are dropped and letters upper-cased first" }),
    ),
  },
  { minProperties: 1 },
);
export type UpdateTeamPayload = Static<typeof UpdateTeamBodySchema>;
export const UpdateTeamResponseSchema = Type.Object({ team: TeamSchema });

export const CreateInvitationBodySchema = Type.Object({
  email: EmailSchema,
  role: InvitableRoleSchema,
  language: Type.Optional(LocaleSchema),
  basePath: Type.Optional(BasePathSchema),
});
export type CreateInvitationPayload = Static<typeof CreateInvitationBodySchema>;
export const InvitationResponseSchema = Type.Object({ invitation: TeamInvitationSchema });
export type InvitationResponse = Static<typeof InvitationResponseSchema>;

export const IdParamsSchema = Type.Object({ id: Type.String({ format: "uuid" }) });

export const InvitationTokenQuerySchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const InvitationPreviewResponseSchema = Type.Object({
  teamName: Type.String(),
  invitedBy: Type.String({ description: "The name of the member who sent it" }),
  email: Type.String({ description: "The address it was sent to: accepting needs an account with this address" }),
  role: InvitableRoleSchema,
});
export type InvitationPreview = Static<typeof InvitationPreviewResponseSchema>;

export const AcceptInvitationBodySchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type AcceptInvitationPayload = Static<typeof AcceptInvitationBodySchema>;
export const AcceptInvitationResponseSchema = Type.Object({ team: TeamSchema });
export type AcceptInvitationResponse = Static<typeof AcceptInvitationResponseSchema>;

export const ChangeRoleBodySchema = Type.Object({ role: InvitableRoleSchema });
export type ChangeRolePayload = Static<typeof ChangeRoleBodySchema>;
export const MemberResponseSchema = Type.Object({ member: TeamMemberSchema });
export type MemberResponse = Static<typeof MemberResponseSchema>;

export const TransferBodySchema = Type.Object({ memberId: Type.String({ format: "uuid" }) });
export type TransferPayload = Static<typeof TransferBodySchema>;
