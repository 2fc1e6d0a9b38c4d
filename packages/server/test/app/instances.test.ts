import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { eraseAccount } from "../../src/accounts/erasure";
import { buildApp } from "../../src/app";
import { markNotified } from "../../src/contact/repository";
import { contactRef } from "../../src/contact/notify";
import { createPgDb, type Db } from "../../src/db/db";
import { migrate } from "../../src/db/migrate";
import { withJobLock } from "../../src/jobs/job-lock";
import { RETENTION_JOB, runRetention } from "../../src/jobs/retention";
import { markItemSent } from "../../src/outbox/repository";
import { PRUNING_JOB, prunePaymentRecords } from "../../src/jobs/subscription-renewal";
import type { Mailer, MailMessage } from "../../src/mail/mailer";
import { createOutbox } from "../../src/outbox/delivery";
import { queueSubscriptionMail, SUBSCRIPTION_MAIL_CHANNEL, subscriptionMailChannel } from "../../src/payments/subscription-mails";
import { migrationsDir } from "../../src/paths";
import { createTestDb, runStatement, testConfig } from "../support/helpers";

interface Sent extends MailMessage {
  instance: string;
}

/** A mailer that records what it sends; `gate` lets a test hold a send in progress. */
function recordingMailer(instance: string, sent: Sent[], gate?: () => Promise<void>): Mailer {
  return {
    mode: "outbox",
    outboxDir: undefined,
    close: () => {},
    async send(message) {
      await (gate ? gate() : new Promise((resolve) => setTimeout(resolve, 2)));
      sent.push({ instance, ...message });
      return { messageId: randomUUID() };
    },
  };
}

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** One instance's outbox, delivering subscription mails only. */
function subscriptionOutbox(db: Db, mailer: Mailer) {
  const outbox = createOutbox({ db, log: silentLog });
  outbox.addChannel(SUBSCRIPTION_MAIL_CHANNEL, subscriptionMailChannel({ db, mailer, publicUrl: "http://x" }));
  return outbox;
}

async function insertUser(db: Db, email: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    "INSERT INTO users (email, name, password_hash, locale) VALUES ($1, 'Instance Test', 'x', 'en') RETURNING id",
    [email],
  );
  return rows[0]!.id;
}

async function insertSubscription(db: Db, userId: string, periodEnd: string, cancelAtPeriodEnd: boolean): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end,
                                cancel_at_period_end, billing_anchor, started_at)
     VALUES ($1, 'pro', 'monthly', 'local', 'active', $2::timestamptz - interval '1 month', $2::timestamptz, $3,
             $2::timestamptz - interval '1 month', now() - interval '1 month')
     RETURNING id`,
    [userId, periodEnd, cancelAtPeriodEnd],
  );
  return rows[0]!.id;
}

async function insertContactRequest(db: Db, email: string, lastContact = "0 days", notified = false): Promise<void> {
  await db.query(
    `INSERT INTO contact_requests (name, email, country_code, phone, project_type, budget_range, timeline, domain_status,
                                   language, ip_hash, last_contact_at, notified_at)
     VALUES ('Instance Test', $1, '+31', '0612345678', 'other', '4000+', 'asap', 'need-help', 'nl', 'h',
             now() - $2::interval, CASE WHEN $3::boolean THEN now() ELSE NULL END)`,
    [email, lastContact, notified],
  );
}

const countBy = (values: string[]) => values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

// On the embedded database as well as on PostgreSQL (TEST_DATABASE_URL).
describe("a queued subscription mail", () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    t = await createTestDb();
    await migrate(t.db);
  });
  afterAll(async () => t.cleanup());

  it("is not sent again by the immediate attempt while another instance's job is sending it", async () => {
    const userId = await insertUser(t.db, "race@example.com");
    const subscriptionId = await insertSubscription(t.db, userId, "2999-01-01T00:00:00Z", false);
    const mailId = (await queueSubscriptionMail(t.db, subscriptionId, "started"))!;

    // The outbox job of instance A claims the new mail and is still talking to the mail server...
    const sent: Sent[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const job = subscriptionOutbox(t.db, recordingMailer("A", sent, () => gate)).deliver();
    for (let i = 0; i < 100; i++) {
      const { rows: claimed } = await t.db.query<{ attempts: number }>("SELECT attempts FROM outbox WHERE id = $1", [mailId]);
      if (claimed[0]!.attempts > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // ...when instance B, which queued it, makes its immediate attempt.
    const immediate = await subscriptionOutbox(t.db, recordingMailer("B", sent)).deliver([mailId]);
    open();
    expect(await job).toBe(1);
    expect(immediate).toBe(0);
    expect(sent.map((m) => m.instance)).toEqual(["A"]);
  });
});

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.warn(
    "app/instances.test.ts: the tests of several instances on one PostgreSQL did NOT run: set TEST_DATABASE_URL " +
      "(e.g. postgres://postgres:postgres@127.0.0.1:5432/agency_test; .ci/run does). The embedded database is one process only.",
  );
}

if (!url && process.env.CI) {
  // In CI these proofs must run: a missing database is a broken set-up, not a reason to pass.
  describe("several instances on one PostgreSQL", () => {
    it("has a database to run on", () => {
      throw new Error("app/instances.test.ts needs TEST_DATABASE_URL; under CI it may not be left out.");
    });
  });
}

describe.skipIf(!url)("several instances on one PostgreSQL (runs only with TEST_DATABASE_URL)", () => {
  const schema = `t_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const pools: Db[] = [];
  /** A connection pool of its own, as another server process would have. */
  const newPool = () => {
    const db = createPgDb(url!, { options: `-c search_path=${schema}` });
    pools.push(db);
    return db;
  };
  const admin = (sql: string) => runStatement(url!, sql);

  beforeAll(async () => admin(`CREATE SCHEMA ${schema}`));
  afterAll(async () => {
    for (const db of pools) await db.close();
    await admin(`DROP SCHEMA ${schema} CASCADE`);
  });

  it("instances migrating at once apply each migration once", async () => {
    const files = readdirSync(migrationsDir).filter((f) => f.endsWith(".sql")).sort();
    const applied = await Promise.all([newPool(), newPool(), newPool()].map((db) => migrate(db)));
    expect(applied.flat().sort()).toEqual(files);
    const { rows } = await newPool().query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(rows.map((r) => r.name)).toEqual(files);
  });

  it("two app instances run every background job at once and each piece of work happens once", async () => {
    const seed = newPool();
    // Quote requests whose mail to the agency is still owed.
    const pendingContacts = Array.from({ length: 30 }, (_, i) => `lead-${i}@example.com`);
    for (const email of pendingContacts) await insertContactRequest(seed, email);
    // Due local subscriptions: half renew, half were cancelled and end (each end owes an "ended" mail).
    const renewing: string[] = [];
    const ending: string[] = [];
    for (let i = 0; i < 20; i++) {
      const email = `subscriber-${i}@example.com`;
      await insertSubscription(seed, await insertUser(seed, email), new Date(Date.now() - 60_000).toISOString(), i % 2 === 1);
      (i % 2 === 1 ? ending : renewing).push(email);
    }
    // Subscription mails queued earlier and never sent (a crash before the attempt).
    const owed: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = `owed-${i}@example.com`;
      const id = await insertSubscription(seed, await insertUser(seed, email), "2999-01-01T00:00:00Z", false);
      await queueSubscriptionMail(seed, id, "started");
      owed.push(email);
    }
    // What retention and pruning delete.
    for (let i = 0; i < 5; i++) await insertContactRequest(seed, `old-${i}@example.com`, "3 years", true);
    const someone = await insertUser(seed, "sessions@example.com");
    for (let i = 0; i < 7; i++) {
      await seed.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() - interval '1 hour')", [`expired-${i}`, someone]);
    }
    for (let i = 0; i < 4; i++) {
      await seed.query("INSERT INTO payment_events (id, provider, type, received_at) VALUES ($1, 'stripe', 'x', now() - interval '60 days')", [`evt_${i}`]);
    }

    const sent: Sent[] = [];
    const logs: Record<string, unknown>[] = [];
    const dataDirs: string[] = [];
    const instance = async (name: string): Promise<FastifyInstance> => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "agency-instance-"));
      dataDirs.push(dataDir);
      return buildApp(testConfig({ AGENCY_INBOX: "inbox@agency.example" }, dataDir), {
        db: newPool(),
        mailer: recordingMailer(name, sent),
        jobs: true,
        logger: { level: "info", stream: { write: (line: string) => void logs.push({ instance: name, ...JSON.parse(line) }) } },
        staticSite: { hostDist: path.join(dataDir, "none"), widgetsDist: path.join(dataDir, "none"), examplesDir: path.join(dataDir, "none") },
      });
    };
    const apps = await Promise.all([instance("A"), instance("B")]);
    try {
      // Ready starts every job on both instances at the same moment.
      await Promise.all(apps.map((app) => app.ready()));
      await Promise.all(apps.map((app) => app.settle()));
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
    expect(logs.filter((line) => line.msg === "background task failed")).toEqual([]);

    // Each quote request (stored by the release before the outbox) handed to the outbox once, mailed to the agency
    // once, and claimed once.
    const agencyMails = sent.filter((m) => m.to === "inbox@agency.example");
    expect(countBy(agencyMails.map((m) => m.replyTo!))).toEqual(Object.fromEntries(pendingContacts.map((e) => [e, 1])));
    const { rows: attempts } = await seed.query<{ items: number; attempts: number; notified: boolean }>(
      `SELECT (SELECT count(*)::int FROM outbox o WHERE o.ref = 'contact_request:' || c.id) AS items,
              (SELECT sum(o.attempts)::int FROM outbox o WHERE o.ref = 'contact_request:' || c.id) AS attempts,
              c.notified_at IS NOT NULL AS notified
         FROM contact_requests c WHERE c.email LIKE 'lead-%'`,
    );
    expect(attempts).toHaveLength(30);
    expect(attempts.every((row) => row.items === 1 && row.attempts === 1 && row.notified)).toBe(true);

    // Each due subscription renewed or ended once, across both instances.
    const renewals = logs.filter((line) => line.msg === "local subscriptions renewed or ended");
    const total = (key: string) => renewals.reduce((sum, line) => sum + Number(line[key] ?? 0), 0);
    expect({ renewed: total("renewed"), ended: total("ended") }).toEqual({ renewed: 10, ended: 10 });
    const { rows: subscriptions } = await seed.query<{ email: string; status: string; due: boolean }>(
      `SELECT u.email, s.status, s.current_period_end <= now() AS due
         FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email LIKE 'subscriber-%'`,
    );
    for (const row of subscriptions) {
      expect(row).toEqual({ email: row.email, status: ending.includes(row.email) ? "canceled" : "active", due: ending.includes(row.email) });
    }

    // Each subscription mail (the "ended" and "renewed" ones just queued, the "started" ones owed) sent once.
    const subscriberMails = sent.filter((m) => m.to !== "inbox@agency.example");
    expect(countBy(subscriberMails.map((m) => m.to))).toEqual(Object.fromEntries([...ending, ...renewing, ...owed].map((e) => [e, 1])));

    // Retention and pruning deleted each row once: what both instances report adds up to what there was.
    const sum = (msg: string, field: string, key: string) =>
      logs.filter((line) => line.msg === msg).reduce((n, line) => n + Number((line[field] as Record<string, number>)[key]), 0);
    expect(sum("retention job done", "removed", "contactRequests")).toBe(5);
    expect(sum("retention job done", "removed", "sessions")).toBe(7);
    expect(sum("payment records pruned", "pruned", "events")).toBe(4);
    const { rows: left } = await seed.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM contact_requests WHERE email LIKE 'old-%') + (SELECT count(*) FROM payment_events) AS n",
    );
    expect(Number(left[0]!.n)).toBe(0);
  });

  it("retention and pruning skip the run while another instance holds the job", async () => {
    const [holder, other] = [newPool(), newPool()];
    for (const [job, run] of [
      [RETENTION_JOB, runRetention],
      [PRUNING_JOB, prunePaymentRecords],
    ] as const) {
      let locked!: () => void;
      let release!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const holding = withJobLock(holder, job, async () => {
        locked();
        await released;
        return "done";
      });
      await isLocked;
      expect(await run(other)).toBeNull();
      release();
      expect(await holding).toBe("done");
      // Free again: the next run does its work.
      expect(await run(other)).not.toBeNull();
    }
  });

  it("an erasure and the delivery of a mail about the same quote request, at once, both finish (no deadlock)", async () => {
    const [instance, other] = [newPool(), newPool()];
    await migrate(instance);
    const email = `erase-race-${randomUUID()}@example.com`;
    const userId = await insertUser(instance, email);
    await instance.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [userId]);
    await insertContactRequest(instance, email);
    const { rows: requests } = await instance.query<{ id: number }>("SELECT id FROM contact_requests WHERE email = $1", [email]);
    const request = requests[0]!.id;
    const { rows: items } = await instance.query<{ id: number }>(
      "INSERT INTO outbox (channel, topic, payload, ref, max_attempts) VALUES ('mail', 'contact.notification', '{}', $1, 5) RETURNING id",
      [contactRef(request)],
    );

    // One instance delivers: it marks its item sent, then the request notified, in one transaction. Between the two
    // the other instance erases the account, quote requests and their mails included.
    let erasure!: Promise<unknown>;
    await instance.transaction(async (tx) => {
      await markItemSent(tx, items[0]!.id);
      erasure = eraseAccount({ db: other, closeAccount: async () => {}, revokeAll: async () => {} }, { id: userId, email, email_verified_at: new Date() });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await markNotified(tx, request);
    });
    await erasure;
    expect((await instance.query("SELECT 1 FROM contact_requests WHERE id = $1", [request])).rows).toEqual([]);
    expect((await instance.query("SELECT 1 FROM outbox WHERE id = $1", [items[0]!.id])).rows).toEqual([]);
  });
});
