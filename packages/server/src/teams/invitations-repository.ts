import type { InvitableRole, Locale, TeamInvitation } from "@agency/contract";
import { isUuid } from "../accounts/repository";
import { countDeleted, type Db } from "../db/db";

/**
 * Invitations to a company (company_invitations): by e-mail, single use, valid 7 days. Only the SHA-256 of a token
 * is stored, so a leaked table hands out no invitation. Pending: neither accepted nor revoked (expired ones too,
 * until they are replaced or pruned).
 */

export interface InvitationRow {
  id: string;
  company_id: string;
  email: string;
  role: InvitableRole;
  invited_by: string | null;
  invited_by_name: string;
  locale: Locale;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

export function publicInvitation(row: Pick<InvitationRow, "id" | "email" | "role" | "expires_at">): TeamInvitation {
  return { id: row.id, email: row.email, role: row.role, expiresAt: row.expires_at.toISOString() };
}

/** The company's pending invitations that still work, newest first. */
export async function pendingInvitations(db: Db, companyId: string): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT * FROM company_invitations
      WHERE company_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC`,
    [companyId],
  );
  return rows;
}

/** The pending invitation of the company to this address, expired or not. */
export async function pendingInvitationTo(db: Db, companyId: string, email: string): Promise<InvitationRow | null> {
  const { rows } = await db.query<InvitationRow>(
    "SELECT * FROM company_invitations WHERE company_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL",
    [companyId, email],
  );
  return rows[0] ?? null;
}

export async function createInvitation(
  tx: Db,
  invitation: { companyId: string; email: string; role: InvitableRole; tokenHash: string; invitedBy: { id: string; name: string }; locale: Locale; expiresAt: Date },
): Promise<InvitationRow> {
  const { rows } = await tx.query<InvitationRow>(
    `INSERT INTO company_invitations (company_id, email, role, token_hash, invited_by, invited_by_name, locale, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [
      invitation.companyId,
      invitation.email,
      invitation.role,
      invitation.tokenHash,
      invitation.invitedBy.id,
      invitation.invitedBy.name,
      invitation.locale,
      invitation.expiresAt,
    ],
  );
  return rows[0]!;
}

/** Withdraws a pending invitation of the company; null when there is none with that id (accepted, revoked, another company's). */
export async function revokeInvitation(tx: Db, companyId: string, id: string): Promise<InvitationRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<InvitationRow>(
    `UPDATE company_invitations SET revoked_at = now()
      WHERE id = $1 AND company_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING *`,
    [id, companyId],
  );
  return rows[0] ?? null;
}

export type InvitationState =
  | { state: "unknown" }
  | { state: "used" }
  | { state: "expired" }
  | { state: "valid"; invitation: InvitationRow & { company_name: string } };

/** What a token is worth right now; a revoked invitation counts as unknown. With `lock`, locked until the transaction ends. */
export async function invitationByToken(db: Db, tokenHash: string, { lock = false } = {}): Promise<InvitationState> {
  const { rows } = await db.query<InvitationRow & { company_name: string }>(
    `SELECT i.*, c.name AS company_name FROM company_invitations i JOIN companies c ON c.id = i.company_id
      WHERE i.token_hash = $1 ${lock ? "FOR UPDATE OF i" : ""}`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row || row.revoked_at) return { state: "unknown" };
  if (row.accepted_at) return { state: "used" };
  if (row.expires_at <= new Date()) return { state: "expired" };
  return { state: "valid", invitation: row };
}

export async function markInvitationAccepted(tx: Db, id: string, userId: string): Promise<void> {
  await tx.query("UPDATE company_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1", [id, userId]);
}

/** Invitations are of no use a month after they expired; accepted ones are kept as long as their company. */
export function deleteOldInvitations(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM company_invitations WHERE accepted_at IS NULL AND expires_at < now() - interval '30 days'");
}
