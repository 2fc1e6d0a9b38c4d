import type { Db } from "../db/db";
import { NOTHING_REMOVED, removeFactorsSince, type RemovedFactors } from "./factors-repository";
import { markEmailVerified } from "./repository";
import { forgetDevices } from "./sign-in-alerts";

/**
 * Someone just proved they hold the account's mailbox: they followed a mailed link (a verification, a password reset,
 * a 'this wasn't me'). The first such proof makes the address verified, and then nothing set up before it survives:
 * anyone could register an address that is not theirs and add a way in before its owner turns up, so every passkey
 * and the authenticator app go, and every browser the account knew is forgotten (the next sign-in from each is new
 * again and mails an alert). Later proofs change nothing here: what was added since needed the password, and its
 * owner was mailed about it. Runs in the transaction of the proof; answers whether it was the first and what was
 * removed, for its mail to say. After a first proof the mail still greets without the account's name: whoever
 * registered chose it.
 */
export async function proveMailbox(tx: Db, userId: string): Promise<{ first: boolean; removed: RemovedFactors }> {
  if (!(await markEmailVerified(tx, userId))) return { first: false, removed: NOTHING_REMOVED };
  await forgetDevices(tx, userId);
  return { first: true, removed: await removeFactorsSince(tx, userId, null) };
}
