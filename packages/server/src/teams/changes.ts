import type { FastifyInstance } from "fastify";
import type { TeamRole } from "@agency/contract";
import type { Db } from "../db/db";
import { userRef } from "../accounts/mails";
import { teamChangeMail } from "../mail/team-templates";
import { mailItem } from "../outbox/mail-channel";
import { findCompany, listMembers } from "./repository";
import { recordSecurityEvent, type SecurityAction } from "./security-log";

/** Who did something: the signed-in member (or, for a join, the person joining). */
export interface Actor {
  id: string;
  name: string;
  email: string;
}

export interface TeamChange {
  companyId: string;
  action: SecurityAction;
  actor: Actor;
  /** Who the change is about: a member (with their account's id) or an invited address (id null). */
  member: { id: string | null; name: string; email: string };
  role?: TeamRole;
  fromRole?: TeamRole;
  /** Mail these owners too (the one who handed ownership over). */
  alsoTell?: string[];
}

export const TEAM_CHANGE_TOPIC = "team.change";

/**
 * Every change of a company's members goes into the security log, about the member's account and in the company,
 * and is mailed to the company's owner (in the transaction of the change; deliver the returned ids after the
 * commit), so a stolen admin session that adds or removes people does not go unseen.
 * @returns the outbox ids of the mails
 */
export async function noteTeamChange(tx: Db, app: FastifyInstance, change: TeamChange): Promise<number[]> {
  await recordSecurityEvent(tx, {
    userId: change.member.id,
    companyId: change.companyId,
    actor: { id: change.actor.id, name: change.actor.name },
    action: change.action,
    detail: {
      member: change.member.email,
      ...(change.role ? { role: change.role } : {}),
      ...(change.fromRole ? { from: change.fromRole } : {}),
    },
  });
  const company = await findCompany(tx, change.companyId);
  if (!company) return [];
  const members = await listMembers(tx, company.id);
  const told = members.filter((m) => m.role === "owner" || change.alsoTell?.includes(m.id));
  const ids: number[] = [];
  for (const owner of told) {
    const content = teamChangeMail(owner.locale, {
      ownerName: owner.name,
      company: company.name,
      action: change.action,
      actor: change.actor.id === owner.id ? owner.name : `${change.actor.name} (${change.actor.email})`,
      member: change.member.name ? `${change.member.name} (${change.member.email})` : change.member.email,
      role: change.role,
      fromRole: change.fromRole,
      // A change may come from another member's browser, so the owner's settings are linked at the site's root.
      site: { publicUrl: app.config.publicUrl, basePath: "/" },
    });
    ids.push(await app.outbox.enqueue(tx, mailItem({ topic: TEAM_CHANGE_TOPIC, ref: userRef(owner.id), message: { to: owner.email, ...content } })));
  }
  return ids;
}

/** What an account's erasure calls to record a member's departure and tell the owner (accounts/erasure.ts). */
export function departureNoter(app: FastifyInstance) {
  return (tx: Db, departure: { companyId: string; member: Actor; role: TeamRole }): Promise<number[]> =>
    noteTeamChange(tx, app, {
      companyId: departure.companyId,
      action: "team.account_deleted",
      // The entry outlives the account: it is about the company, with the member's address in its detail.
      actor: departure.member,
      member: { id: null, name: departure.member.name, email: departure.member.email },
      fromRole: departure.role,
    });
}
