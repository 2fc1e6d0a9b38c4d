import type { Db } from "../db/db";
import { contactRef } from "../contact/notify";
import { deleteQuoteRequests, quoteRequestIdsByEmail } from "../contact/repository";
import { deleteItemsAbout } from "../outbox/repository";
import { userRef } from "./mails";
import { deleteUser, type UserRow } from "./repository";

/** The payment provider could not close the account's checkouts or subscriptions; nothing was deleted. */
export class CloseAccountFailed extends Error {
  constructor(cause: unknown) {
    super("a checkout or subscription could not be closed at the payment provider", { cause });
    this.name = "CloseAccountFailed";
  }
}

/**
 * Erases an account: what the customer's own deletion does and what the desk's erasure does, one code path.
 * The payment providers first (`closeAccount` expires open checkouts and cancels every running subscription at
 * once): an account must never be gone while a checkout or subscription of it can still charge, so when that throws
 * nothing is deleted, CloseAccountFailed is thrown and the caller answers 503. Then, in one transaction, the quote requests sent with its address
 * (only when that address is verified: anyone can sign up with any address), the mails about it and them, its
 * sessions, and the account with everything that cascades from it.
 */
export async function eraseAccount(
  deps: { db: Db; closeAccount: (userId: string) => Promise<void>; revokeAll: (userId: string, db: Db) => Promise<void> },
  user: Pick<UserRow, "id" | "email" | "email_verified_at">,
): Promise<void> {
  try {
    await deps.closeAccount(user.id);
  } catch (error) {
    throw new CloseAccountFailed(error);
  }
  await deps.db.transaction(async (tx) => {
    const quoteRequests = user.email_verified_at ? await quoteRequestIdsByEmail(tx, user.email) : [];
    // The mails first, then the requests: a delivery locks them in that order too (the item it marks sent, then
    // the request it marks notified), so the two never wait for each other in a circle.
    await deleteItemsAbout(tx, [userRef(user.id), ...quoteRequests.map(contactRef)]);
    await deleteQuoteRequests(tx, quoteRequests);
    await deps.revokeAll(user.id, tx);
    await deleteUser(tx, user.id);
  });
}
