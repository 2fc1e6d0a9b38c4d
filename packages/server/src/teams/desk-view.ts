import type { DeskCompany } from "@agency/contract";
import type { Db } from "../db/db";
import { findCompany, listMembers, publicMember, type Membership } from "./repository";
import { listSecurityEvents } from "./security-log";

/** A customer's company as the desk shows it: read-only, with its members, their roles and its security log. */
export async function deskCompany(db: Db, team: Membership): Promise<DeskCompany | null> {
  const company = await findCompany(db, team.id);
  if (!company) return null;
  return {
    id: company.id,
    name: company.name,
    kvkNumber: company.kvk_number,
    vatId: company.vat_id,
    role: team.role,
    members: (await listMembers(db, company.id)).map(publicMember),
    log: (await listSecurityEvents(db, { companyId: company.id })).map((e) => ({
      at: new Date(e.at).toISOString(),
      action: e.action,
      actor: e.actor_name,
      detail: e.detail,
    })),
  };
}
