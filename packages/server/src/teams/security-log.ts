import type { Db } from "../db/db";

/**
 * The security log of membership changes (security_events): one entry per change, about the member's account and in
 * the company. A member reads the entries about their own account; the company's owner and admins read the
 * company's; the desk reads both. Entries go with the account or company they are about.
 */

export const SECURITY_ACTIONS = [
  "team.invited",
  "team.invitation_revoked",
  "team.joined",
  "team.role_changed",
  "team.removed",
  "team.left",
  "team.ownership_transferred",
  "team.account_deleted",
] as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];

export interface SecurityEvent {
  at: Date;
  action: SecurityAction;
  /** The member it is about (null for an invitation, or once their account is gone). */
  user_id: string | null;
  company_id: string | null;
  actor_name: string;
  detail: Record<string, string>;
}

export async function recordSecurityEvent(
  tx: Db,
  event: { userId: string | null; companyId: string; actor: { id: string; name: string } | null; action: SecurityAction; detail?: Record<string, string> },
): Promise<void> {
  await tx.query(
    "INSERT INTO security_events (user_id, company_id, actor_id, actor_name, action, detail) VALUES ($1, $2, $3, $4, $5, $6::jsonb)",
    [event.userId, event.companyId, event.actor?.id ?? null, event.actor?.name ?? "", event.action, JSON.stringify(event.detail ?? {})],
  );
}

/** The newest entries about an account or in a company, newest first. */
export async function listSecurityEvents(db: Db, about: { userId: string } | { companyId: string }, limit = 50): Promise<SecurityEvent[]> {
  const { rows } = await db.query<SecurityEvent>(
    `SELECT at, action, user_id, company_id, actor_name, detail FROM security_events
      WHERE ${"userId" in about ? "user_id" : "company_id"} = $1 ORDER BY at DESC, id DESC LIMIT $2`,
    ["userId" in about ? about.userId : about.companyId, limit],
  );
  return rows;
}
