import type { FastifyInstance } from "fastify";
import type { Db } from "../db/db";
import { randomToken, sha256 } from "../lib/crypto";
import { secureAccountMail } from "../mail/factor-templates";
import { removeFactorsSince, type RemovedFactors } from "./factors-repository";
import { proveMailbox } from "./mailbox-proof";
import { ACCOUNT_TOPICS, accountLink, queueLinkMail, RESET_TOKEN_TTL_MS } from "./mails";
// Renamed here: a name that starts with "use" reads as a React hook to the linter.
import { createPasswordReset, findUserById, setPassword, useUpAllResets as retireResetLinks } from "./repository";
import { deleteSignInAttempts } from "./second-factor-repository";
import { forgetDevices } from "./sign-in-alerts";

/**
 * What confirming a 'this wasn't me' link does, in the transaction that claimed it. Someone else knows the password:
 * every session of the account ends, every half-finished sign-in too, every browser it knew is forgotten, and the
 * password stops working (`lockedHash`, a hash of a random secret nobody keeps) until the owner chooses a new one with
 * the reset link this mails to the account's address. Nothing that grants access is handed to whoever followed the
 * link. Every way in added from the link's moment on (the sign-in it reported, or the passkey, authenticator or
 * recovery codes it reported) is removed, and the link proves the mailbox (mailbox-proof.ts), so an address proven
 * for the first time loses what was set up before, too. The mail says what was removed.
 * @returns the outbox id of the mail, or null when the account is gone
 */
export async function secureAccount(
  app: FastifyInstance,
  tx: Db,
  a: { userId: string; since: Date; basePath: string; lockedHash: string },
): Promise<number | null> {
  const user = await findUserById(tx, a.userId);
  if (!user) return null;
  await app.sessions.revokeAll(user.id, tx);
  await deleteSignInAttempts(tx, user.id);
  await forgetDevices(tx, user.id);
  const proof = await proveMailbox(tx, user.id);
  const removed = merge(proof.removed, await removeFactorsSince(tx, user.id, a.since));
  await setPassword(tx, user.id, a.lockedHash);
  await retireResetLinks(tx, user.id);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
  await createPasswordReset(tx, { tokenHash: sha256(token), userId: user.id, expiresAt });
  const link = accountLink(app.config.publicUrl, a.basePath, "reset-password", token, user.locale);
  const content = secureAccountMail(user.locale, { name: proof.first ? undefined : user.name, link, removed });
  return queueLinkMail(app.outbox, tx, { userId: user.id, topic: ACCOUNT_TOPICS.reset, to: user.email, content, link, expiresAt });
}

const merge = (a: RemovedFactors, b: RemovedFactors): RemovedFactors => ({
  passkeys: a.passkeys + b.passkeys,
  authenticator: a.authenticator || b.authenticator,
  recoveryCodes: a.recoveryCodes || b.recoveryCodes,
});
