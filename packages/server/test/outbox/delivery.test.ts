import { createServer, type AddressInfo, type Socket } from "node:net";
import type { Db } from "../../src/db/db";
import { migrate } from "../../src/db/migrate";
import { afterFailure, BACKOFF_MAX_SECONDS, retryDelaySeconds } from "../../src/outbox/backoff";
import { createOutbox, type OutboxChannel } from "../../src/outbox/delivery";
import { mailChannel, mailItem, type MailPayload } from "../../src/outbox/mail-channel";
import { createMailer, type Mailer, type MailMessage } from "../../src/mail/mailer";
import { maskEmail } from "../../src/lib/mask";
import { createTestDb, testConfig } from "../support/helpers";

/**
 * The durable outbox on its own: what is queued in a transaction is delivered once across instances, a failed
 * attempt is retried with backoff, and after the last one (or past its give-up time) the item is marked failed and
 * logged at error level, with the recipient masked and nothing that grants access in the log or left in the table.
 */

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
  await migrate(t.db);
});
afterAll(async () => t?.cleanup());
// Each test starts with an empty table: `deliver()` without ids takes everything due.
beforeEach(async () => {
  await t.db.query("DELETE FROM outbox");
});

interface LogLine {
  level: "info" | "warn" | "error";
  obj: Record<string, unknown>;
  msg: string;
}

function recordingLog() {
  const lines: LogLine[] = [];
  const at = (level: LogLine["level"]) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: at("info"), warn: at("warn"), error: at("error") } as never, text: () => JSON.stringify(lines) };
}

/** A mailer that records what it sends, fails while `failing` says so, and can hold a send until released. */
function testMailer(options: { failing?: () => boolean; gate?: () => Promise<void> } = {}) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    mode: "outbox",
    outboxDir: undefined,
    close: () => {},
    async send(message) {
      await options.gate?.();
      if (options.failing?.()) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return { mailer, sent };
}

function instance(db: Db, mailer: Mailer, log = recordingLog().log) {
  const outbox = createOutbox({ db, log });
  outbox.addChannel("mail", mailChannel(mailer));
  return outbox;
}

const message = (to: string, extra: Partial<MailPayload> = {}): MailPayload => ({ to, subject: "Hello", text: "Body", ...extra });

async function row(id: number) {
  const { rows } = await t.db.query<{
    attempts: number;
    sent: boolean;
    failed: boolean;
    payload: Record<string, unknown>;
    last_error: string | null;
    wait: number;
  }>(
    `SELECT attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, payload, last_error,
            extract(epoch FROM next_attempt_at - now())::int AS wait
       FROM outbox WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

describe("backoff", () => {
  it("waits 30 s after the first failure, twice as long after each further one, at most an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 100].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
    expect(BACKOFF_MAX_SECONDS).toBe(3600);
  });

  it("gives up after the last attempt, or when the next try would come after the give-up time", () => {
    const now = new Date("2027-03-05T10:00:00Z");
    expect(afterFailure({ attempts: 3, maxAttempts: 3, giveUpAt: null }, now)).toEqual({ giveUp: true });
    expect(afterFailure({ attempts: 2, maxAttempts: 3, giveUpAt: null }, now)).toEqual({ retryAt: new Date("2027-03-05T10:01:00Z") });
    expect(afterFailure({ attempts: 1, maxAttempts: 20, giveUpAt: new Date("2027-03-05T10:00:20Z") }, now)).toEqual({ giveUp: true });
  });
});

describe("the outbox", () => {
  it("keeps nothing of a transaction that rolled back: a message commits with what it is about", async () => {
    const { mailer, sent } = testMailer();
    const outbox = instance(t.db, mailer);
    await expect(
      t.db.transaction(async (tx) => {
        await outbox.enqueue(tx, mailItem({ topic: "test.rollback", message: message("ann@example.com") }));
        throw new Error("the thing the mail is about was not stored");
      }),
    ).rejects.toThrow();
    expect(await outbox.deliver()).toBe(0);
    expect(sent).toEqual([]);
  });

  it("delivers each item once while two instances deliver at the same moment, again and again", async () => {
    const { mailer: mailerA, sent: sentA } = testMailer();
    const { mailer: mailerB, sent: sentB } = testMailer();
    const a = instance(t.db, mailerA);
    const b = instance(t.db, mailerB);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await a.enqueue(t.db, mailItem({ topic: "test.once", message: message(`once-${i}@example.com`) })));
    // The request's own attempts (with ids) and both instances' jobs, all at once.
    await Promise.all([a.deliver(ids.slice(0, 20)), b.deliver(ids.slice(10, 30)), a.deliver(), b.deliver(), a.deliver(), b.deliver()]);
    const all = [...sentA, ...sentB].map((m) => m.to).sort();
    expect(all).toEqual(ids.map((_, i) => `once-${i}@example.com`).sort());
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NOT NULL AND attempts = 1");
    expect(rows[0]!.n).toBe(40);
  });

  it("leaves an item alone while another instance's lease on it runs, and takes it over once the lease ran out", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { mailer: slow, sent: sentSlow } = testMailer({ gate: () => held });
    const { mailer: other, sent: sentOther } = testMailer();
    const a = instance(t.db, slow);
    const b = instance(t.db, other);
    const id = await a.enqueue(t.db, mailItem({ topic: "test.lease", message: message("lease@example.com") }));
    const running = a.deliver([id]);
    for (let i = 0; i < 100 && (await row(id)).attempts === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await b.deliver()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(sentSlow.map((m) => m.to)).toEqual(["lease@example.com"]);

    // An instance that died mid-attempt: claimed, never recorded. Once its lease is over another instance sends it.
    const orphan = await a.enqueue(t.db, mailItem({ topic: "test.lease", message: message("orphan@example.com") }));
    await t.db.query("UPDATE outbox SET attempts = 1, claimed_until = now() + interval '1 minute' WHERE id = $1", [orphan]);
    expect(await b.deliver()).toBe(0);
    await t.db.query("UPDATE outbox SET claimed_until = now() - interval '1 second' WHERE id = $1", [orphan]);
    expect(await b.deliver()).toBe(1);
    expect(sentOther.map((m) => m.to)).toEqual(["orphan@example.com"]);
    expect(await row(orphan)).toMatchObject({ attempts: 2, sent: true });
  });

  it("retries a failed attempt with backoff, then gives up after the last one: marked failed, logged at error level, masked", async () => {
    const logs = recordingLog();
    let failing = true;
    const { mailer, sent } = testMailer({ failing: () => failing });
    const outbox = instance(t.db, mailer, logs.log);
    const id = await outbox.enqueue(t.db, mailItem({ topic: "test.capped", maxAttempts: 3, message: message("capped.person@example.com") }));

    expect(await outbox.deliver([id])).toBe(0);
    expect(await row(id)).toMatchObject({ attempts: 1, sent: false, failed: false, last_error: expect.stringContaining("ECONNREFUSED") });
    expect((await row(id)).wait).toBeGreaterThan(20);
    // Not due yet.
    expect(await outbox.deliver()).toBe(0);
    expect((await row(id)).attempts).toBe(1);

    for (const attempt of [2, 3]) {
      await t.db.query("UPDATE outbox SET next_attempt_at = now() WHERE id = $1", [id]);
      expect(await outbox.deliver()).toBe(0);
      expect((await row(id)).attempts).toBe(attempt);
    }
    expect(await row(id)).toMatchObject({ attempts: 3, failed: true, sent: false });
    // Given up: never tried again, even once mail is back.
    failing = false;
    await t.db.query("UPDATE outbox SET next_attempt_at = now() WHERE id = $1", [id]);
    expect(await outbox.deliver()).toBe(0);
    expect(sent).toEqual([]);

    expect(logs.lines.filter((l) => l.level === "warn")).toHaveLength(2);
    const errors = logs.lines.filter((l) => l.level === "error");
    expect(errors).toEqual([
      expect.objectContaining({ obj: expect.objectContaining({ outboxId: id, topic: "test.capped", to: "c***@example.com", attempt: 3 }) }),
    ]);
    expect(logs.text()).not.toContain("capped.person@example.com");
  });

  it("erases a secret payload once delivered or given up, keeps an ordinary one, and never logs either", async () => {
    const logs = recordingLog();
    let failing = false;
    const { mailer } = testMailer({ failing: () => failing });
    const outbox = instance(t.db, mailer, logs.log);
    const link = "https://agency.example/verify-email?token=s3cr3t-t0ken";
    const secret = await outbox.enqueue(t.db, mailItem({ topic: "auth.verify", secret: true, message: message("ann@example.com", { text: link }) }));
    const plain = await outbox.enqueue(t.db, mailItem({ topic: "test.plain", message: message("bob@example.com") }));
    expect(await outbox.deliver([secret, plain])).toBe(2);
    expect((await row(secret)).payload).toEqual({});
    expect((await row(plain)).payload).toMatchObject({ to: "bob@example.com", subject: "Hello" });

    failing = true;
    const doomed = await outbox.enqueue(t.db, mailItem({ topic: "auth.reset", secret: true, maxAttempts: 1, message: message("cy@example.com", { text: link }) }));
    expect(await outbox.deliver([doomed])).toBe(0);
    expect(await row(doomed)).toMatchObject({ failed: true, payload: {} });
    expect(logs.text()).not.toContain("s3cr3t-t0ken");
    expect(logs.text()).not.toMatch(/ann@|bob@|cy@/);
  });

  it("gives up an item not delivered before its give-up time (a reset link that expired), erasing it", async () => {
    const logs = recordingLog();
    const { mailer, sent } = testMailer();
    const outbox = instance(t.db, mailer, logs.log);
    const id = await outbox.enqueue(
      t.db,
      mailItem({ topic: "auth.reset", secret: true, giveUpAt: new Date(Date.now() + 60_000), message: message("late@example.com", { text: "token=x" }) }),
    );
    await t.db.query("UPDATE outbox SET give_up_at = now() - interval '1 second' WHERE id = $1", [id]);
    expect(await outbox.deliver()).toBe(0);
    expect(sent).toEqual([]);
    expect(await row(id)).toMatchObject({ failed: true, attempts: 0, payload: {} });
    expect(logs.lines.filter((l) => l.level === "error")).toEqual([
      expect.objectContaining({ obj: expect.objectContaining({ outboxId: id, topic: "auth.reset", to: "l***@example.com" }) }),
    ]);
  });

  it("leaves items of a channel this instance does not deliver to an instance that does (a rolling upgrade)", async () => {
    const { mailer } = testMailer();
    const older = instance(t.db, mailer);
    const delivered: unknown[] = [];
    const webhook: OutboxChannel<{ url: string }> = { deliver: async (payload) => void delivered.push(payload), describe: (p) => new URL(p.url).host };
    const id = await older.enqueue(t.db, { channel: "webhook", topic: "contact.webhook", payload: { url: "https://crm.example/hook" } });
    expect(await older.deliver()).toBe(0);
    expect(await row(id)).toMatchObject({ attempts: 0, sent: false, failed: false });

    const newer = instance(t.db, mailer);
    newer.addChannel("webhook", webhook);
    expect(await newer.deliver()).toBe(1);
    expect(delivered).toEqual([{ url: "https://crm.example/hook" }]);
  });

  it("runs a topic's hook in the transaction that records the delivery", async () => {
    const { mailer } = testMailer();
    const outbox = instance(t.db, mailer);
    const seen: string[] = [];
    outbox.onDelivered("test.hook", async (tx, item) => {
      const { rows } = await tx.query<{ sent: boolean }>("SELECT sent_at IS NOT NULL AS sent FROM outbox WHERE id = $1", [item.id]);
      seen.push(`${item.ref}:${rows[0]!.sent}`);
    });
    const id = await outbox.enqueue(t.db, mailItem({ topic: "test.hook", ref: "thing:7", message: message("hook@example.com") }));
    expect(await outbox.deliver([id])).toBe(1);
    expect(seen).toEqual(["thing:7:true"]);
  });
});

describe("SMTP timeouts", () => {
  it("default to 10 s for the connection and the greeting and 30 s of silence, and are settings", () => {
    expect(testConfig().smtpTimeouts).toEqual({ connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 });
    expect(testConfig({ SMTP_GREETING_TIMEOUT_MS: "2500" }).smtpTimeouts.greetingMs).toBe(2500);
    expect(() => testConfig({ SMTP_SOCKET_TIMEOUT_MS: "soon" })).toThrow(/SMTP_SOCKET_TIMEOUT_MS/);
  });

  it("end an attempt on a mail server that accepts the connection and never greets, instead of hanging", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Agency <no-reply@agency.example>",
      dataDir: "/nonexistent",
      log: { info: () => {} },
      timeouts: { connectionMs: 1000, greetingMs: 300, socketMs: 1000 },
    });
    const started = Date.now();
    try {
      await expect(mailer.send({ to: "ann@example.com", subject: "Hi", text: "Hi" })).rejects.toThrow(/greeting/i);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("masked addresses", () => {
  it("keep the first character and the domain", () => {
    expect(maskEmail("ann.smith@example.com")).toBe("a***@example.com");
    expect(maskEmail("x@y.nl")).toBe("x***@y.nl");
    expect(maskEmail("not-an-address")).toBe("***");
  });
});
