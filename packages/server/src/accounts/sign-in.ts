import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/db";
import { deviceOf } from "../sessions/device";
import { deviceIdFor } from "../sessions/device-cookie";
import { queueSignInAlert, rememberDevice } from "./sign-in-alerts";

export interface SignInUser {
  id: string;
  name: string;
  email: string;
  locale: "nl" | "en";
  email_verified_at: Date | null;
}

/**
 * Starts a session after a successful sign-in, whatever proved who signed in (a password, a password and a second
 * factor, a passkey). Every way in goes through here, so each gets the same new-device check: the browser's device
 * cookie is looked up among the account's known browsers, and a browser new to the account gets it mailed an alert
 * with a 'this wasn't me' link. A browser is remembered only once the account's address is proven: until then anyone
 * may have typed it, and every sign-in is new (the mail greets without a name). The account's first session
 * (registration) mails no alert.
 * Runs in `db` when given (registration's transaction), else in a transaction of its own; the alert is queued in it
 * and delivered after the answer.
 * @returns the session token
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SignInUser,
  { db, basePath = "/", newAccount = false }: { db?: Db; basePath?: string; newAccount?: boolean } = {},
): Promise<string> {
  const device = deviceOf(request.headers["user-agent"]);
  const deviceId = deviceIdFor(request, reply, app.config.publicUrl.startsWith("https:"));
  const run = async (tx: Db) => {
    const token = await app.sessions.create(user.id, device, tx);
    const proven = user.email_verified_at !== null;
    const isNew = proven ? await rememberDevice(tx, user.id, deviceId, device) : true;
    const named = { ...user, name: proven ? user.name : undefined };
    const alert = isNew && !newAccount ? await queueSignInAlert(app.outbox, tx, { publicUrl: app.config.publicUrl, basePath, user: named, device }) : null;
    return { token, alert };
  };
  const { token, alert } = db ? await run(db) : await app.db.transaction(run);
  if (alert !== null) app.outbox.deliverSoon(reply, [alert]);
  return token;
}
