import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { hashPassword, verifyPassword } from "../lib/crypto";
import { deleteItems } from "../outbox/repository";
import { activate } from "../payments/fulfilment";
import { listPlans } from "../payments/plans-repository";
import { liveSubscription } from "../payments/subscriptions-repository";
import { membershipOf } from "../teams/repository";
import { createUser, findUserByEmail, lockUser, markEmailVerified, setPassword, settingOrInitial } from "./repository";

/** The demo customer's login: an address of the agency's own domain, so no outsider's mailbox is involved. */
export const DEMO_EMAIL = "demo@pixelwerf.nl";
const DEMO_NAME = "Demo Klant";
const PASSWORD_SETTING = "demo_customer_password";

export interface DemoCustomer {
  email: string;
  password: string;
}

/** Easy to type from a terminal: no look-alike characters (0/O, 1/l/I). */
function newPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return `demo-${Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join("")}`;
}

/**
 * With test payments only: makes sure a demo customer exists with an active test subscription, so the portal can
 * be clicked through at once, and answers its login for the start banner. Safe to run on every start, and by
 * several instances at once: the password is chosen once per database and kept in app_settings (the account holds
 * nothing worth protecting, and a random password keeps a public test installation from having a well-known login),
 * the account and its subscription are created only when missing. Answers null with real payments (Stripe), and in
 * production whatever the payments: a production site never gets a demo account, nor prints a password to its log.
 */
export async function seedDemoCustomer(app: FastifyInstance): Promise<DemoCustomer | null> {
  if (app.config.nodeEnv === "production") return null;
  if (app.config.payments !== "test" || app.payments.checkout.name !== "local") return null;
  const { db } = app;
  const password = await settingOrInitial(db, PASSWORD_SETTING, newPassword());

  let user = await findUserByEmail(db, DEMO_EMAIL);
  if (!user) {
    user =
      (await createUser(db, { email: DEMO_EMAIL, name: DEMO_NAME, passwordHash: await hashPassword(password), locale: "nl" })) ??
      (await findUserByEmail(db, DEMO_EMAIL));
    if (!user) throw new Error("The demo customer could not be created");
    // The agency's own address: nothing to prove, and the demo shows a portal without the verification notice.
    await markEmailVerified(db, user.id);
  } else if (!(await verifyPassword(user.password_hash, password))) {
    // Someone changed it (a reset, say): the banner's password must work.
    await setPassword(db, user.id, await hashPassword(password));
  }

  const plan = (await listPlans(db))[0];
  if (plan) {
    const userId = user.id;
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const team = await membershipOf(tx, userId);
      if (!team || (await liveSubscription(tx, team.id))) return;
      const result = await activate(tx, { companyId: team.id, userId, provider: "local", planId: plan.id, billingPeriod: "yearly" });
      await deleteItems(tx, result.mailIds);
    });
  }
  return { email: DEMO_EMAIL, password };
}
