import type { FastifyInstance } from "fastify";
import { roleCan, type InvitableRole, type TeamPermission } from "@agency/contract";
import type { Db } from "../db/db";
import { ApiError } from "../lib/api-error";
import { noteTeamChange, type Actor } from "./changes";
import { findMember, insertCompany, lockCompany, membershipOf, moveMember, setRole, type MemberRow, type Membership } from "./repository";

/**
 * The rules of a company's membership: changing a role, removing a member, leaving, handing ownership over. Each
 * runs in one transaction under the company's lock, and checks the caller's role again under that lock, so two
 * admins acting on each other at once, or a member removed a moment ago, cannot slip past the rules. Every change
 * goes into the security log and is mailed to the owner (changes.ts); the mails' outbox ids are returned for
 * delivery after the commit.
 */

/** Runs `fn` under the lock of the actor's company, with the actor's membership as it is under that lock. */
export async function withTeamLock<T>(app: FastifyInstance, actorId: string, permission: TeamPermission, fn: (tx: Db, team: Membership) => Promise<T>): Promise<T> {
  return app.db.transaction(async (tx) => {
    const before = await membershipOf(tx, actorId);
    if (!before) throw new ApiError(403, "team.forbidden");
    await lockCompany(tx, before.id);
    const team = await membershipOf(tx, actorId);
    if (!team || team.id !== before.id || !roleCan(team.role, permission)) throw new ApiError(403, "team.forbidden");
    return fn(tx, team);
  });
}

/** Another member of the company whom the actor may act on: never themselves, never the owner. */
async function otherMember(tx: Db, team: Membership, actor: Actor, memberId: string): Promise<MemberRow> {
  if (memberId === actor.id) throw new ApiError(403, "team.forbidden");
  const member = await findMember(tx, team.id, memberId);
  if (!member) throw new ApiError(404, "team.member_not_found");
  if (member.role === "owner") throw new ApiError(403, "team.forbidden");
  return member;
}

/**
 * Takes the person out of their company into a company of their own, named after them, of which they are the owner:
 * every customer belongs to one company. Their sessions stay, and from their next request on they see only that one.
 */
export async function moveToOwnCompany(tx: Db, member: Pick<MemberRow, "id" | "name">): Promise<string> {
  const company = await insertCompany(tx, member.name);
  await moveMember(tx, member.id, company.id, "owner");
  return company.id;
}

export async function changeRole(app: FastifyInstance, actor: Actor, memberId: string, role: InvitableRole): Promise<{ member: MemberRow; mailIds: number[] }> {
  return withTeamLock(app, actor.id, "team.manage", async (tx, team) => {
    const member = await otherMember(tx, team, actor, memberId);
    if (member.role === role) return { member, mailIds: [] };
    await setRole(tx, team.id, member.id, role);
    const mailIds = await noteTeamChange(tx, app, { companyId: team.id, action: "team.role_changed", actor, member, role, fromRole: member.role });
    return { member: { ...member, role }, mailIds };
  });
}

export async function removeMember(app: FastifyInstance, actor: Actor, memberId: string): Promise<number[]> {
  return withTeamLock(app, actor.id, "team.manage", async (tx, team) => {
    const member = await otherMember(tx, team, actor, memberId);
    await moveToOwnCompany(tx, member);
    return noteTeamChange(tx, app, { companyId: team.id, action: "team.removed", actor, member, fromRole: member.role });
  });
}

/** The signed-in member leaves; the owner cannot (409), and hands ownership over first. */
export async function leaveCompany(app: FastifyInstance, actor: Actor): Promise<{ companyId: string; mailIds: number[] }> {
  return withTeamLock(app, actor.id, "team.view", async (tx, team) => {
    if (team.role === "owner") throw new ApiError(409, "team.owner_cannot_leave");
    const companyId = await moveToOwnCompany(tx, actor);
    const mailIds = await noteTeamChange(tx, app, { companyId: team.id, action: "team.left", actor, member: actor, fromRole: team.role });
    return { companyId, mailIds };
  });
}

/** The owner hands ownership over to another member and becomes an admin. */
export async function transferOwnership(app: FastifyInstance, actor: Actor, memberId: string): Promise<number[]> {
  return withTeamLock(app, actor.id, "team.transfer", async (tx, team) => {
    if (memberId === actor.id) throw new ApiError(403, "team.forbidden");
    const member = await findMember(tx, team.id, memberId);
    if (!member) throw new ApiError(404, "team.member_not_found");
    // In this order: a company has one owner at every moment (company_members_one_owner).
    await setRole(tx, team.id, actor.id, "admin");
    await setRole(tx, team.id, member.id, "owner");
    return noteTeamChange(tx, app, {
      companyId: team.id,
      action: "team.ownership_transferred",
      actor,
      member,
      role: "owner",
      fromRole: member.role,
      alsoTell: [actor.id],
    });
  });
}
