import type { MessageDescriptor } from "@lingui/core";

/**
 * Companies and their members. A person is a member of one company, with one role; the company owns the subscription,
 * the invoices, the billing details and the quote requests sent while signed in. The server checks the role of every
 * call with `roleCan`; the elements use the same rule to show each person only what their role allows.
 */

/** `owner`: one per company, can do everything and hand ownership over; `admin`: members and invitations;
 * `billing`: checkout, cancel, resume, the billing portal, invoices and the VAT number; `member`: sees the company's
 * subscription and invoices, changes nothing. */
export const TEAM_ROLES = ["owner", "admin", "billing", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** How a role is called, in the contract's catalog (the server's mails and the elements say it alike). */
export const TEAM_ROLE_LABELS: Record<TeamRole, MessageDescriptor> = {
  owner: /*i18n*/ { id: "team.role.owner", message: "Owner" },
  admin: /*i18n*/ { id: "team.role.admin", message: "Admin" },
  billing: /*i18n*/ { id: "team.role.billing", message: "Billing" },
  member: /*i18n*/ { id: "team.role.member", message: "Member" },
};

/** The roles an invitation or a change of role can give: ownership is only ever handed over (transfer). */
export const INVITABLE_ROLES = ["admin", "billing", "member"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** What a role may do. */
export const TEAM_PERMISSIONS = {
  /** See the company, its members, its subscription and its invoices. */
  "team.view": ["owner", "admin", "billing", "member"],
  /** Rename the company, its KvK number; invite, revoke, change roles, remove members (never the owner). */
  "team.manage": ["owner", "admin"],
  /** Buy, cancel and resume the subscription, open the billing portal, pay, set the VAT number. */
  "billing.manage": ["owner", "billing"],
  /** Hand ownership over to another member. */
  "team.transfer": ["owner"],
} as const satisfies Record<string, readonly TeamRole[]>;
export type TeamPermission = keyof typeof TEAM_PERMISSIONS;

export function roleCan(role: TeamRole, permission: TeamPermission): boolean {
  return (TEAM_PERMISSIONS[permission] as readonly TeamRole[]).includes(role);
}

/** The roles that have a permission, e.g. to name who in a company can buy. */
export function rolesThatCan(permission: TeamPermission): readonly TeamRole[] {
  return TEAM_PERMISSIONS[permission];
}

/** An invitation's link works this long, once. */
export const INVITATION_TTL_DAYS = 7;
/** Pending invitations a company may have at once. */
export const MAX_PENDING_INVITATIONS = 20;
export const COMPANY_NAME_MAX_LENGTH = 200;
/** The Dutch Chamber of Commerce (KvK) number: 8 digits. */
export const KVK_NUMBER_PATTERN = "^[0-9]{8}$";
/**
 * A European VAT number: the country prefix (Greece's is EL, Northern Ireland's XI), then 2 to 13 letters and
 * digits, at least one a digit (NL123456789B01). Whether it is registered, only the tax authorities can say.
 */
export const VAT_NUMBER_PATTERN = "^(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI|GB|CH|NO)(?=[A-Z]*\\d)[0-9A-Z]{2,13}$";

/** A VAT number as typed (spaces, dots, lower case) in the form it is stored and checked in. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.]/g, "").toUpperCase();
}
