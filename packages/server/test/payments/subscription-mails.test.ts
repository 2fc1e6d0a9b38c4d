import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "../../src/db/db";
import { migrate } from "../../src/db/migrate";
import type { Mailer, MailMessage } from "../../src/mail/mailer";
import { createOutbox } from "../../src/outbox/delivery";
import { queueSubscriptionMail, SUBSCRIPTION_MAIL_CHANNEL, subscriptionMailChannel } from "../../src/payments/subscription-mails";
import { migrationsDir } from "../../src/paths";
import { createTestDb } from "../support/helpers";

/** Subscription mails go through the outbox, once per event of the payment provider, also across an upgrade. */

const log = { info: () => {}, warn: () => {}, error: () => {} };

function recordingMailer(sent: MailMessage[], failing = () => false): Mailer {
  return {
    mode: "outbox",
    outboxDir: undefined,
    close: () => {},
    async send(message) {
      if (failing()) throw new Error("mail server down");
      sent.push(message);
      return { messageId: String(sent.length) };
    },
  };
}

function subscriptionOutbox(db: Db, mailer: Mailer) {
  const outbox = createOutbox({ db, log });
  outbox.addChannel(SUBSCRIPTION_MAIL_CHANNEL, subscriptionMailChannel({ db, mailer, publicUrl: "https://agency.example" }));
  return outbox;
}

async function subscriber(db: Db, email: string): Promise<string> {
  const { rows: users } = await db.query<{ id: string }>(
    "INSERT INTO users (email, name, password_hash, locale) VALUES ($1, 'Mail Test', 'x', 'en') RETURNING id",
    [email],
  );
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end,
                                cancel_at_period_end, billing_anchor, started_at)
     VALUES ($1, 'pro', 'monthly', 'local', 'active', now(), now() + interval '1 month', false, now(), now())
     RETURNING id`,
    [users[0]!.id],
  );
  return rows[0]!.id;
}

/**
 * A database migrated up to and including the migration numbered `last` (the schema an earlier release left), and
 * the later ones numbered in `also`: additions the code of today reads, which an instance running it would have.
 */
async function migrateThrough(db: Db, last: string, also: string[] = []): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-migrations-"));
  try {
    const wanted = (f: string) => f.slice(0, last.length) <= last || also.some((number) => f.startsWith(`${number}-`));
    for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith(".sql") && wanted(f))) {
      copyFileSync(path.join(migrationsDir, file), path.join(dir, file));
    }
    await migrate(db, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a subscription mail in the outbox", () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    t = await createTestDb();
    await migrate(t.db);
  });
  afterAll(async () => t.cleanup());

  it("is queued once for a provider event that arrives twice, or at two instances at once, and sent once", async () => {
    const subscription = await subscriber(t.db, "twice@example.com");
    const queue = () => t.db.transaction((tx) => queueSubscriptionMail(tx, subscription, "started"));
    const [one, two] = await Promise.all([queue(), queue()]);
    const again = await queue();
    expect([one, two, again].filter((id) => id !== null)).toHaveLength(1);

    const sent: MailMessage[] = [];
    const outbox = subscriptionOutbox(t.db, recordingMailer(sent));
    expect(await outbox.deliver()).toBe(1);
    // Delivered, the key stays taken: the event arriving a day later queues nothing either.
    expect(await queue()).toBeNull();
    expect(await outbox.deliver()).toBe(0);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([["twice@example.com", expect.stringContaining("Pro")]]);
  });

  it("owes one payment-failed mail per episode of failed payments", async () => {
    const subscription = await subscriber(t.db, "episodes@example.com");
    const fail = async (since: string) => {
      await t.db.query("UPDATE subscriptions SET status = 'past_due', payment_issue = 'failed', payment_issue_since = $2 WHERE id = $1", [
        subscription,
        since,
      ]);
      return queueSubscriptionMail(t.db, subscription, "payment_failed");
    };
    expect(await fail("2030-01-05T10:00:00Z")).toEqual(expect.any(Number));
    // Stripe's retry of the same invoice, in the same episode.
    expect(await fail("2030-01-05T10:00:00Z")).toBeNull();
    // Paid, then a later charge fails: a new episode.
    expect(await fail("2030-02-05T10:00:00Z")).toEqual(expect.any(Number));
  });

  it("is retried with the outbox's backoff and given up after its attempts", async () => {
    const subscription = await subscriber(t.db, "retry@example.com");
    const id = (await queueSubscriptionMail(t.db, subscription, "ended"))!;
    let down = true;
    const sent: MailMessage[] = [];
    const outbox = subscriptionOutbox(t.db, recordingMailer(sent, () => down));
    expect(await outbox.deliver([id])).toBe(0);
    const { rows } = await t.db.query<{ attempts: number; max_attempts: number; wait: number; last_error: string }>(
      "SELECT attempts, max_attempts, extract(epoch FROM next_attempt_at - now())::int AS wait, last_error FROM outbox WHERE id = $1",
      [id],
    );
    expect(rows[0]).toMatchObject({ attempts: 1, max_attempts: 20, last_error: "mail server down" });
    expect(rows[0]!.wait).toBeGreaterThan(20);
    expect(rows[0]!.wait).toBeLessThanOrEqual(30);
    // Not due yet: the job leaves it.
    expect(await outbox.deliver()).toBe(0);

    down = false;
    await t.db.query("UPDATE outbox SET next_attempt_at = now() WHERE id = $1", [id]);
    expect(await outbox.deliver()).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(["retry@example.com"]);
  });
});

describe("an upgrade from the release with the subscription_mails table", () => {
  /** The previous release's retry claim of subscription_mails, as its job and immediate attempt run it. */
  const OLD_RELEASE_CLAIM = `UPDATE subscription_mails SET attempts = attempts + 1, last_attempt_at = now()
        WHERE id IN (
          SELECT id FROM subscription_mails
           WHERE sent_at IS NULL AND attempts < $3
             AND (last_attempt_at IS NULL OR ($2::int[] IS NULL AND last_attempt_at < now() - make_interval(secs => $1)))
             AND ($2::int[] IS NULL OR id = ANY ($2::int[]))
           ORDER BY id LIMIT 50
           FOR UPDATE SKIP LOCKED)
        RETURNING id, subscription_id, kind`;

  let t: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => t.cleanup());

  it("sends every mail still owed exactly once, and those an old instance queues meanwhile too", async () => {
    await migrateThrough(t.db, "0087");
    const owed = async (email: string, kind: string, attempt: { ago?: string; sent?: boolean } = {}) => {
      const subscription = await subscriber(t.db, email);
      await t.db.query(
        `INSERT INTO subscription_mails (subscription_id, kind, attempts, last_attempt_at, sent_at)
         VALUES ($1, $2, $3, now() - $4::interval, CASE WHEN $5::boolean THEN now() END)`,
        [subscription, kind, attempt.ago ? 1 : 0, attempt.ago ?? null, attempt.sent ?? false],
      );
      return subscription;
    };
    await owed("never-tried@example.com", "started");
    await owed("tried-before@example.com", "payment_failed", { ago: "10 minutes" });
    const inFlight = await owed("in-flight@example.com", "ended", { ago: "5 seconds" });
    await owed("already-sent@example.com", "started", { ago: "1 day", sent: true });

    // The subscription mails of today also say the latest invoice's amounts (0096), and this release's mail channel
    // reads the companies (0100) and the plans' kind (0120); none touches what 0088 and 0089 move.
    await migrateThrough(t.db, "0088", ["0096", "0100", "0120"]);
    // An old instance still running: the new rows are no longer its to send, and what it queues now reaches the
    // outbox under this release's key, so the same event handled here as well queues nothing more.
    expect((await t.db.query(OLD_RELEASE_CLAIM, [120, null, 100])).rows).toEqual([]);
    const late = await subscriber(t.db, "queued-by-old@example.com");
    const { rows: inserted } = await t.db.query<{ id: number }>("INSERT INTO subscription_mails (subscription_id, kind) VALUES ($1, 'started') RETURNING id", [late]);
    expect((await t.db.query(OLD_RELEASE_CLAIM, [120, [inserted[0]!.id], 100])).rows).toEqual([]);
    expect((await t.db.query("SELECT 1 FROM subscription_mails WHERE subscription_id = $1 AND kind = 'started'", [late])).rows).toHaveLength(1);
    expect(await queueSubscriptionMail(t.db, late, "started")).toBeNull();
    // The one an old instance was sending as the migration ran stays its own; its attempt failed.
    await t.db.query("UPDATE subscription_mails SET last_error = 'mail server down' WHERE subscription_id = $1", [inFlight]);

    const sent: MailMessage[] = [];
    const outbox = subscriptionOutbox(t.db, recordingMailer(sent));
    expect(await outbox.deliver()).toBe(3);
    expect(await outbox.deliver()).toBe(0);
    expect(sent.map((m) => m.to).sort()).toEqual(["never-tried@example.com", "queued-by-old@example.com", "tried-before@example.com"]);

    // Every instance runs this release: the contract migration moves what the old instance left owed, and drops
    // the table.
    await migrate(t.db);
    expect(await outbox.deliver()).toBe(1);
    expect(await outbox.deliver()).toBe(0);
    expect(sent.map((m) => m.to).slice(3)).toEqual(["in-flight@example.com"]);
    const { rows } = await t.db.query<{ exists: boolean }>("SELECT to_regclass('subscription_mails') IS NOT NULL AS exists");
    expect(rows).toEqual([{ exists: false }]);
    // A later event about a subscription whose mail moved queues nothing: the key came along.
    const { rows: moved } = await t.db.query<{ id: string }>(
      "SELECT s.id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = 'never-tried@example.com'",
    );
    expect(await queueSubscriptionMail(t.db, moved[0]!.id, "started")).toBeNull();
  });
});
