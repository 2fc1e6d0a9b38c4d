import type { MessageDescriptor } from "@lingui/core";
import type { ErrorCode } from "./error-codes";

/** The texts of the error codes about companies, their members and invitations (see messages.ts). */
export const TEAM_ERROR_MESSAGES = {
  "team.forbidden": /*i18n*/ {
    id: "team.forbidden",
    message: "Your role in your company does not allow this. Ask your company's owner or an admin.",
  },
  "team.member_not_found": /*i18n*/ { id: "team.member_not_found", message: "This person is not a member of your company (any more)." },
  "team.invitation_not_found": /*i18n*/ { id: "team.invitation_not_found", message: "This invitation does not exist, or was already accepted or withdrawn." },
  "team.invitation_invalid": /*i18n*/ {
    id: "team.invitation_invalid",
    message: "This invitation link is not valid (any more). Ask the person who invited you for a new one.",
  },
  "team.invitation_expired": /*i18n*/ {
    id: "team.invitation_expired",
    message: "This invitation has expired. Ask the person who invited you to send a new one.",
  },
  "team.invitation_used": /*i18n*/ { id: "team.invitation_used", message: "This invitation has already been accepted. Log in to continue." },
  "team.invitation_email_mismatch": /*i18n*/ {
    id: "team.invitation_email_mismatch",
    message: "This invitation was sent to another e-mail address. Log in with the account of that address to accept it.",
  },
  "team.leave_company_first": /*i18n*/ {
    id: "team.leave_company_first",
    message: "You are a member of another company. Leave that company first (in your settings, under Team), then accept this invitation.",
  },
  "team.already_member": /*i18n*/ { id: "team.already_member", message: "This person is already a member of your company." },
  "team.already_invited": /*i18n*/ {
    id: "team.already_invited",
    message: "An invitation to this address is already pending. Withdraw it first to send a new one.",
  },
  "team.too_many_invitations": /*i18n*/ {
    id: "team.too_many_invitations",
    message: "Your company has the maximum number of pending invitations. Withdraw one before sending another.",
  },
  "team.email_unverified": /*i18n*/ {
    id: "team.email_unverified",
    message: "Confirm your own e-mail address first (with the link we mailed you); then you can invite others.",
  },
  "team.owner_cannot_leave": /*i18n*/ {
    id: "team.owner_cannot_leave",
    message: "As the owner you cannot leave your company. Hand ownership over to another member first.",
  },
  "team.owner_must_transfer": /*i18n*/ {
    id: "team.owner_must_transfer",
    message: "Your company has other members. Hand ownership over to one of them before you delete your account.",
  },
} satisfies Partial<Record<ErrorCode, MessageDescriptor>>;
