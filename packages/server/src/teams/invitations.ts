import type { FastifyInstance } from "fastify";
import { INVITATION_TTL_DAYS, MAX_PENDING_INVITATIONS, type InvitableRole, type Locale } from "@agency/contract";
import { findUserByEmail, findUserById } from "../accounts/repository";
import { proveMailbox } from "../accounts/mailbox-proof";
import type { Db } from "../db/db";
import { ApiError } from "../lib/api-error";
import { randomToken, sha256 } from "../lib/crypto";
import { takeRateSlot } from "../lib/throttle";
import { invitationLink } from "../mail/links";
import { invitationMail } from "../mail/team-templates";
import { deleteItemsAbout } from "../outbox/repository";
import { mailItem } from "../outbox/mail-channel";
import { noteTeamChange, type Actor } from "./changes";
import {
  createInvitation,
  invitationByToken,
  markInvitationAccepted,
  pendingInvitations,
  pendingInvitationTo,
  revokeInvitation,
  type InvitationRow,
} from "./invitations-repository";
import { withTeamLock } from "./membership";
import {
  companyRef,
  countMembers,
  deleteEmptyCompany,
  findMember,
  hasUnendedSubscription,
  lockCompany,
  membershipOf,
  moveMember,
  moveQuoteRequests,
  type CompanyRow,
} from "./repository";

/**
 * Invitations: an owner or admin invites an address with a role; the mail's link (`/join?token=…`, `/en/join` in
 * English) opens a page that shows who invited whom to which company and changes nothing; accepting needs the session
 * of an account with that very address, which the token then proves (the address counts as verified).
 */

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Invitation mails a company may send a day: a stolen admin session cannot turn the company into a mailing list. */
export const INVITATION_MAILS_PER_DAY = 50;
export const TEAM_INVITE_TOPIC = "team.invitation";

export async function invite(
  app: FastifyInstance,
  actor: Actor,
  request: { email: string; role: InvitableRole; locale: Locale; basePath: string },
): Promise<{ invitation: InvitationRow; mailIds: number[] }> {
  const inviter = await findUserById(app.db, actor.id);
  if (!inviter?.email_verified_at) throw new ApiError(403, "team.email_unverified");
  return withTeamLock(app, actor.id, "team.manage", async (tx, team) => {
    const existing = await findUserByEmail(tx, request.email);
    if (existing && (await findMember(tx, team.id, existing.id))) throw new ApiError(409, "team.already_member");
    const pending = await pendingInvitationTo(tx, team.id, request.email);
    if (pending && pending.expires_at > new Date()) throw new ApiError(409, "team.already_invited");
    // An expired invitation to the address makes way for the new one.
    if (pending) await revokeInvitation(tx, team.id, pending.id);
    if ((await pendingInvitations(tx, team.id)).length >= MAX_PENDING_INVITATIONS) throw new ApiError(409, "team.too_many_invitations");
    const slot = await takeRateSlot(tx, [{ bucket: "team:invitations", key: team.id, limit: INVITATION_MAILS_PER_DAY, windowSeconds: 24 * 60 * 60 }]);
    if (slot.wait > 0) throw new ApiError(429, "request.too_many", "invitation mails per company", { retryAfter: slot.wait });

    const token = randomToken();
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    const invitation = await createInvitation(tx, {
      companyId: team.id,
      email: request.email,
      role: request.role,
      tokenHash: sha256(token),
      invitedBy: { id: actor.id, name: actor.name },
      locale: request.locale,
      expiresAt,
    });
    const link = invitationLink({ publicUrl: app.config.publicUrl, basePath: request.basePath }, token, request.locale);
    const content = invitationMail(request.locale, { company: team.name, inviter: actor.name, inviterEmail: actor.email, role: request.role, link, expiresAt });
    const mailId = await app.outbox.enqueue(
      tx,
      mailItem({
        topic: TEAM_INVITE_TOPIC,
        ref: companyRef(team.id),
        secret: true,
        giveUpAt: expiresAt,
        message: { to: request.email, ...content, logDetail: `link: ${link}` },
      }),
    );
    const notices = await noteTeamChange(tx, app, {
      companyId: team.id,
      action: "team.invited",
      actor,
      member: { id: null, name: "", email: request.email },
      role: request.role,
    });
    return { invitation, mailIds: [mailId, ...notices] };
  });
}

export async function withdrawInvitation(app: FastifyInstance, actor: Actor, id: string): Promise<{ email: string; mailIds: number[] }> {
  return withTeamLock(app, actor.id, "team.manage", async (tx, team) => {
    const revoked = await revokeInvitation(tx, team.id, id);
    if (!revoked) throw new ApiError(404, "team.invitation_not_found");
    const member = { id: null, name: "", email: revoked.email };
    return { email: revoked.email, mailIds: await noteTeamChange(tx, app, { companyId: team.id, action: "team.invitation_revoked", actor, member }) };
  });
}

/** What the invitation's page shows; throws the link's problem (unknown or withdrawn, used, expired). */
export async function previewInvitation(db: Db, token: string): Promise<InvitationRow & { company_name: string }> {
  const found = await invitationByToken(db, sha256(token));
  return usable(found);
}

function usable(found: Awaited<ReturnType<typeof invitationByToken>>) {
  if (found.state === "unknown") throw new ApiError(404, "team.invitation_invalid");
  if (found.state === "used") throw new ApiError(410, "team.invitation_used");
  if (found.state === "expired") throw new ApiError(410, "team.invitation_expired");
  return found.invitation;
}

/**
 * The signed-in person accepts: the token must be valid and theirs (the address it was sent to is the account's, so
 * following it proves that address: it counts as verified). A person alone in a company without a running
 * subscription moves over, and that company goes; anyone else must leave their company first.
 */
export async function acceptInvitation(app: FastifyInstance, actor: Actor, token: string): Promise<{ company: CompanyRow; mailIds: number[] }> {
  const tokenHash = sha256(token);
  return app.db.transaction(async (tx) => {
    const seen = usable(await invitationByToken(tx, tokenHash));
    if (seen.email !== actor.email) throw new ApiError(403, "team.invitation_email_mismatch");
    // The companies first, in one order (as every change of members locks its company before anything else), then
    // the invitation: two acceptances, or an acceptance and a withdrawal, never wait for each other in a circle.
    const before = await membershipOf(tx, actor.id);
    const locked = new Map<string, CompanyRow | null>();
    const ids = [seen.company_id, before?.id].filter((id): id is string => Boolean(id)).sort();
    for (const companyId of ids) locked.set(companyId, await lockCompany(tx, companyId));
    const invitation = usable(await invitationByToken(tx, tokenHash, { lock: true }));
    const company = locked.get(invitation.company_id);
    if (!company) throw new ApiError(404, "team.invitation_invalid");
    // Where the person is now, under the locks (removed from their company a moment ago, they are in one of their own).
    const current = await membershipOf(tx, actor.id);
    if (current && !locked.has(current.id)) await lockCompany(tx, current.id);
    if (current?.id === company.id) throw new ApiError(409, "team.already_member");
    if (current && !(await canMoveOut(tx, current.id))) throw new ApiError(409, "team.leave_company_first");

    await moveMember(tx, actor.id, company.id, invitation.role);
    await markInvitationAccepted(tx, invitation.id, actor.id);
    // The token proves the mailbox, as a verification link does.
    await proveMailbox(tx, actor.id);
    if (current) {
      // What the person sent while signed in to the company they leave was theirs alone: it comes along.
      await moveQuoteRequests(tx, current.id, company.id);
      await deleteItemsAbout(tx, [companyRef(current.id)]);
      await deleteEmptyCompany(tx, current.id);
    }
    const mailIds = await noteTeamChange(tx, app, { companyId: company.id, action: "team.joined", actor, member: actor, role: invitation.role });
    return { company, mailIds };
  });
}

/** Alone in the company, and nothing of it still running or being paid: the company can go when its member moves. */
async function canMoveOut(tx: Db, companyId: string): Promise<boolean> {
  return (await countMembers(tx, companyId)) === 1 && !(await hasUnendedSubscription(tx, companyId));
}
