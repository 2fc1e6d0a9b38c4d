import type { TeamRole } from "@agency/contract";
import type { Db } from "../db/db";
import { ApiError } from "../lib/api-error";
import { contactRef } from "../contact/notify";
import { deleteQuoteRequests, quoteRequestIdsByEmail } from "../contact/repository";
import { deleteItemsAbout } from "../outbox/repository";
import { companyQuoteRequestIds, companyRef, countMembers, deleteEmptyCompany, lockCompany, membershipOf, promoteSuccessor } from "../teams/repository";
import { userRef } from "./mails";
import { deleteUser, type UserRow } from "./repository";

/** The payment provider could not close the account's checkouts or subscriptions; nothing was deleted. */
export class CloseAccountFailed extends Error {
  constructor(cause: unknown) {
    super("a checkout or subscription could not be closed at the payment provider", { cause });
    this.name = "CloseAccountFailed";
  }
}

export interface ErasureDeps {
  db: Db;
  /** Expires the account's open checkouts and, when its company goes with it, cancels the company's subscriptions. */
  closeAccount: (account: { userId: string; companyId: string | null }) => Promise<void>;
  revokeAll: (userId: string, db: Db) => Promise<void>;
  /** Records a member's departure in the company's security log and tells its owner (outbox ids, sent after the commit). */
  noteDeparture?: (tx: Db, departure: { companyId: string; member: { id: string; name: string; email: string }; role: TeamRole }) => Promise<number[]>;
}

/**
 * Erases an account: what the customer's own deletion does and what the desk's erasure does, one code path.
 *
 * The account's company decides what else goes. Its last member takes the company along, with everything it owns
 * (subscriptions, invoices, billing details, the quote requests sent while signed in to it); any other member leaves
 * it behind as it is, and the owner is told. An owner with other members hands ownership over first: the customer's
 * own deletion is refused (409 `team.owner_must_transfer`), the desk's (`handOver`) makes the longest-standing admin
 * (or member) the owner.
 *
 * The payment providers first (`closeAccount`): an account (or a company) must never be gone while a checkout or
 * subscription of it can still charge, so when that throws nothing is deleted, CloseAccountFailed is thrown and the
 * caller answers 503. Then, in one transaction under the company's lock, the quote requests sent with its address
 * (only when that address is verified: anyone can sign up with any address), the mails about it and them, its
 * sessions, and the account with everything that cascades from it.
 * @returns the outbox ids of the mails to the company's owner, to deliver after the answer
 */
export async function eraseAccount(
  deps: ErasureDeps,
  user: Pick<UserRow, "id" | "email" | "email_verified_at"> & { name?: string },
  { handOver = false }: { handOver?: boolean } = {},
): Promise<number[]> {
  const membership = await membershipOf(deps.db, user.id);
  const alone = membership ? (await countMembers(deps.db, membership.id)) === 1 : false;
  if (membership?.role === "owner" && !alone && !handOver) throw new ApiError(409, "team.owner_must_transfer");
  try {
    await deps.closeAccount({ userId: user.id, companyId: alone ? membership!.id : null });
  } catch (error) {
    throw new CloseAccountFailed(error);
  }
  return deps.db.transaction(async (tx) => {
    if (membership) await lockCompany(tx, membership.id);
    const companyGoes = membership !== null && alone && (await countMembers(tx, membership.id)) === 1;
    const quoteRequests = [
      ...(user.email_verified_at ? await quoteRequestIdsByEmail(tx, user.email) : []),
      ...(companyGoes ? await companyQuoteRequestIds(tx, membership.id) : []),
    ];
    // The mails first, then the requests: a delivery locks them in that order too (the item it marks sent, then
    // the request it marks notified), so the two never wait for each other in a circle.
    await deleteItemsAbout(tx, [userRef(user.id), ...(companyGoes ? [companyRef(membership.id)] : []), ...[...new Set(quoteRequests)].map(contactRef)]);
    await deleteQuoteRequests(tx, [...new Set(quoteRequests)]);
    let mailIds: number[] = [];
    if (membership && !companyGoes) {
      // The owner going with members left (the desk's erasure, or someone joined meanwhile): the company gets a new one.
      if (membership.role === "owner") await promoteSuccessor(tx, membership.id, user.id);
      const member = { id: user.id, name: user.name ?? "", email: user.email };
      if (deps.noteDeparture) mailIds = await deps.noteDeparture(tx, { companyId: membership.id, member, role: membership.role });
    }
    await deps.revokeAll(user.id, tx);
    await deleteUser(tx, user.id);
    if (membership && companyGoes) await deleteEmptyCompany(tx, membership.id);
    return mailIds;
  });
}
