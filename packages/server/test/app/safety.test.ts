import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parsePost } from "../../src/blog/sync";
import { loadConfig } from "../../src/config";
import { runRetention } from "../../src/jobs/retention";
import { commonPasswordsFile } from "../../src/accounts/common-passwords";
import { sha256 } from "../../src/lib/crypto";
import { buildTestApp, captureLogs, nextIp, type TestApp } from "../support/helpers";
import { runTs } from "../support/processes";
import { mailText, startSmtp } from "../support/smtp";

/**
 * Safe to run for real: payments fail closed, nothing that grants access is logged, personal answers are not
 * cached, sessions end, content cannot run code.
 */

const SITE = "https://agency.example";
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_safety",
  STRIPE_WEBHOOK_SECRET: "whsec_safety",
  STRIPE_PRICE_MONTHLY: "price_monthly",
  STRIPE_PRICE_YEARLY: "price_yearly",
  // Nothing listens there: these tests make no Stripe call.
  STRIPE_API_BASE: "http://127.0.0.1:9",
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE } });
});
afterAll(async () => t?.close());

let seq = 0;
async function register(app: TestApp = t, password = "Tr0ub4dor&3-horse") {
  const email = `safety${++seq}-${Date.now()}@example.com`;
  const res = await app.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: `Kim ${seq}`, email, password, language: "en" },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { token: string; user: { id: string } };
  return { email, password, id: body.user.id, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}

describe("payments fail closed", () => {
  const production = { NODE_ENV: "production", MAIL: "outbox" };

  it("refuses a production start without Stripe unless PAYMENTS=test, naming PAYMENTS and the Stripe keys", () => {
    let message = "";
    try {
      loadConfig(production, "/");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PAYMENTS=test/);
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_YEARLY"]) expect(message).toContain(key);

    expect(loadConfig({ ...production, PAYMENTS: "test" }, "/").payments).toBe("test");
    expect(loadConfig({ ...production, ...STRIPE_ENV }, "/").payments).toBe("stripe");
    // Outside production the default without keys is test payments.
    expect(loadConfig({ NODE_ENV: "development" }, "/").payments).toBe("test");
    expect(() => loadConfig({ PAYMENTS: "stripe" }, "/")).toThrow(/PAYMENTS=stripe needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS: "free" }, "/")).toThrow(/PAYMENTS must be one of stripe, test/);
  });

  it("the server refuses to start in production without Stripe (exit 78, naming PAYMENTS), and starts with PAYMENTS=test", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agency-fail-closed-"));
    const entry = path.resolve(import.meta.dirname, "../../src/server.ts");
    const env = { INIT_CWD: dir, DATA_DIR: path.join(dir, "data"), HOST: "127.0.0.1", PORT: String(40_000 + Math.floor(Math.random() * 20_000)), NODE_ENV: "production", MAIL: "outbox", LOG_LEVEL: "warn" };
    try {
      const refused = await runTs([entry], { cwd: dir, env }).exited;
      expect(refused.code).toBe(78);
      expect(refused.stderr).toContain("PAYMENTS=test");
      expect(refused.stderr).toContain("STRIPE_SECRET_KEY");
      expect(refused.stdout).not.toContain("running at");

      const started = runTs([entry], { cwd: dir, env: { ...env, PAYMENTS: "test" } });
      for (let i = 0; i < 1200 && !started.stdout().includes("running at"); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(started.stdout()).toContain("Agency site running at");
      started.child.kill("SIGTERM");
      await started.exited;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("npm start fails closed too: Stripe with keys, test payments (said aloud) without, never test payments unasked in production", async () => {
    const { startPayments } = (await import(path.resolve(import.meta.dirname, "../../../../scripts/start-payments.mjs"))) as {
      startPayments: (env: Record<string, string>) => { set: Record<string, string>; notice: string | null };
    };
    const partial = { STRIPE_SECRET_KEY: STRIPE_ENV.STRIPE_SECRET_KEY };
    // What the server runs with after npm start, or "refused" when its settings check stops it. A mail server is
    // set throughout, so only the payment settings decide.
    const outcome = (env: Record<string, string>) => {
      const { set, notice } = startPayments(env);
      let payments: string;
      try {
        payments = loadConfig({ SMTP_URL: "smtp://mail.example:587", ...env, ...set }, "/").payments;
      } catch {
        payments = "refused";
      }
      return { payments, says: notice === null ? null : /TEST payments.*No money is charged/.test(notice) ? "test" : notice };
    };
    const table: [string, Record<string, string>, string, string | null][] = [
      ["development, no keys", { NODE_ENV: "development" }, "test", "test"],
      ["development, Stripe keys", { NODE_ENV: "development", ...STRIPE_ENV }, "stripe", null],
      ["development, some keys", { NODE_ENV: "development", ...partial }, "refused", null],
      ["development, PAYMENTS=test with keys", { NODE_ENV: "development", ...STRIPE_ENV, PAYMENTS: "test" }, "test", "test"],
      ["development, PAYMENTS=stripe without keys", { NODE_ENV: "development", PAYMENTS: "stripe" }, "refused", null],
      ["production, no keys", { NODE_ENV: "production" }, "refused", null],
      ["production, Stripe keys", { NODE_ENV: "production", ...STRIPE_ENV }, "stripe", null],
      ["production, some keys", { NODE_ENV: "production", ...partial }, "refused", null],
      ["production, PAYMENTS=test on purpose", { NODE_ENV: "production", PAYMENTS: "test" }, "test", "test"],
      ["production, PAYMENTS=stripe with keys", { NODE_ENV: "production", ...STRIPE_ENV, PAYMENTS: "stripe" }, "stripe", null],
      ["production, PAYMENTS=stripe without keys", { NODE_ENV: "production", PAYMENTS: "stripe" }, "refused", null],
    ];
    for (const [label, env, payments, says] of table) expect({ label, ...outcome(env) }).toEqual({ label, payments, says });
    // And start.mjs uses that rule instead of choosing test payments itself.
    const start = readFileSync(path.resolve(import.meta.dirname, "../../../../scripts/start.mjs"), "utf8");
    expect(start).toContain("startPayments(process.env)");
    expect(start).not.toContain("PAYMENTS ??=");
  });

  it("with Stripe, the test checkout does not exist and a local checkout session cannot be paid", async () => {
    const user = await register();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions/create-checkout",
      headers: user.headers,
      payload: { planId: "pro", billingPeriod: "monthly", successUrl: `${SITE}/dashboard`, cancelUrl: `${SITE}/subscribe` },
    });
    expect(created.statusCode).toBe(200);
    const checkoutPath = new URL(created.json().checkoutUrl).pathname;
    expect((await t.app.inject({ url: checkoutPath })).statusCode).toBe(200);

    const stripe = await buildTestApp({ db: t.db, env: { PUBLIC_URL: SITE, ...STRIPE_ENV } });
    try {
      expect(stripe.config.payments).toBe("stripe");
      expect((await stripe.app.inject({ url: checkoutPath })).statusCode).toBe(404);
      const html = (await t.app.inject({ url: checkoutPath })).body;
      const pay = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&#38;/g, "&"), SITE))[0]!;
      const paid = await stripe.app.inject({ method: "POST", url: pay.pathname + pay.search });
      expect(paid.statusCode).toBe(404);
      expect((await t.db.query("SELECT 1 FROM subscriptions WHERE user_id = $1", [user.id])).rows).toHaveLength(0);
    } finally {
      await stripe.app.close();
    }
  });

  it("with Stripe, local subscriptions are not renewed but run to their period end", async () => {
    const renewing = await register();
    const cancelled = await register();
    await t.db.query(
      `INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor, cancel_at_period_end)
       VALUES ($1, 'pro', 'monthly', 'local', 'active', now() - interval '1 month', now() - interval '1 minute', now() - interval '1 month', false),
              ($2, 'pro', 'monthly', 'local', 'active', now() - interval '1 month', now() + interval '1 day', now() - interval '1 month', false)`,
      [renewing.id, cancelled.id],
    );
    const stripe = await buildTestApp({ db: t.db, env: { PUBLIC_URL: SITE, ...STRIPE_ENV }, jobs: true });
    await stripe.app.settle();
    await stripe.app.close();
    const rows = (
      await t.db.query<{ user_id: string; status: string; ended: boolean }>(
        "SELECT user_id, status, ended_at IS NOT NULL AS ended FROM subscriptions WHERE user_id IN ($1, $2)",
        [renewing.id, cancelled.id],
      )
    ).rows;
    // The one whose period was over ended instead of renewing; the other still runs until its period end.
    expect(rows.find((r) => r.user_id === renewing.id)).toMatchObject({ status: "canceled", ended: true });
    expect(rows.find((r) => r.user_id === cancelled.id)).toMatchObject({ status: "active", ended: false });
  });
});

describe("mail fails closed", () => {
  const production = { NODE_ENV: "production", PAYMENTS: "test" };

  it("refuses a production start without SMTP_URL unless MAIL=outbox is set on purpose, naming both", () => {
    expect(() => loadConfig(production, "/")).toThrow(/NODE_ENV=production without SMTP_URL.*MAIL=outbox/);
    expect(loadConfig({ ...production, MAIL: "outbox" }, "/").mail).toBe("outbox");
    expect(loadConfig({ ...production, SMTP_URL: "smtps://u:p@smtp.example.com:465" }, "/").mail).toBe("smtp");
    // Outside production the outbox is the default without a mail server.
    expect(loadConfig({ NODE_ENV: "development" }, "/").mail).toBe("outbox");
    expect(() => loadConfig({ MAIL: "smtp" }, "/")).toThrow(/MAIL=smtp needs SMTP_URL/);
  });

  it("never logs a reset or verification link in production, even with the outbox, and masks the recipient", async () => {
    const logs = captureLogs();
    const app = await buildTestApp({ db: t.db, env: { ...production, MAIL: "outbox", PUBLIC_URL: SITE, LOG_LEVEL: "info" }, logStream: logs.logStream });
    let email = "";
    try {
      ({ email } = await register(app));
      await app.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email, language: "en" }, remoteAddress: nextIp() });
      await app.app.settle();
    } finally {
      await app.app.close();
    }
    const text = logs.text();
    expect(text).toContain("(outbox, no SMTP_URL)");
    expect(text).toMatch(/outbox: delivered/);
    expect(text).not.toMatch(/reset-password|verify-email|token=/);
    expect([...text.matchAll(/[A-Za-z0-9_-]{43}/g)].map((m) => m[0])).toEqual([]);
    expect(text).not.toContain(email);
    expect(text).toContain(`${email[0]}***@example.com`);
  });

  it("masks the addresses a mail server's error names, in its message and its fields", async () => {
    const logs = captureLogs();
    const app = await buildTestApp({ db: t.db, env: { LOG_LEVEL: "info" }, logStream: logs.logStream });
    try {
      const refusal = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <jan.bakker@bakkerij.nl> unknown"), {
        rejected: ["jan.bakker@bakkerij.nl"],
        response: "550 5.1.1 <jan.bakker@bakkerij.nl>: user unknown",
      });
      app.app.log.warn({ err: new Error("quote request notification failed", { cause: refusal }) }, "mail failed");
    } finally {
      await app.app.close();
    }
    const text = logs.text();
    expect(text).toContain("j***@bakkerij.nl");
    expect(text).toContain("all recipients were rejected");
    expect(text).not.toContain("jan.bakker@");
  });
});

describe("blog front matter", () => {
  it("refuses JavaScript front matter without running it", () => {
    const g = globalThis as { frontMatterRan?: boolean };
    const source = '---js\n{ id: (globalThis.frontMatterRan = true, "ran"), title: "T", author_name: "A" }\n---\nBody\n';
    expect(() => parsePost("evil.md", source)).toThrow(/evil\.md: .*JavaScript front matter is not allowed/);
    expect(() => parsePost("evil.md", source.replace("---js", "---javascript"))).toThrow(/not allowed/);
    expect(g.frontMatterRan).toBeUndefined();
  });
});

describe("Cache-Control: no-store", () => {
  it("is on every answer under /api/auth and on personal data, and not on public answers", async () => {
    const user = await register();
    const inject = (method: "GET" | "POST", url: string, payload?: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
    const answers = [
      await inject("POST", "/api/auth/register", { name: "N", email: `nostore-${Date.now()}@example.com`, password: user.password, language: "en" }),
      await inject("POST", "/api/auth/register", { name: "N" }),
      await inject("POST", "/api/auth/login", { email: user.email, password: user.password }),
      await inject("POST", "/api/auth/login", { email: user.email, password: "wrong-password" }),
      await inject("GET", "/api/auth/me", undefined, user.headers),
      await inject("GET", "/api/auth/me"),
      await inject("POST", "/api/auth/forgot-password", { email: user.email, language: "en" }),
      await inject("POST", "/api/auth/verify-reset-token", { token: "nope" }),
      await inject("GET", "/api/auth/no-such-route"),
      await inject("POST", "/api/auth/reset-password", { token: "nope", password: "An0ther-passw0rd" }),
      await inject("GET", "/preview/a/b/api/auth/me", undefined, user.headers),
      await inject("GET", "/api/subscriptions/current", undefined, user.headers),
      await inject("POST", "/api/auth/logout", undefined, user.headers),
    ];
    expect(answers.filter((res) => res.headers["cache-control"] !== "no-store").map((res) => `${res.raw.req.url} ${res.statusCode}`)).toEqual([]);
    expect((await inject("GET", "/api/subscriptions/plans")).headers["cache-control"]).not.toBe("no-store");
  });
});

describe("no secret in a log", () => {
  it("logs no session token, reset token or link, admin token, Bearer value or Stripe secret when mail goes over SMTP", async () => {
    const smtp = await startSmtp();
    const logs = captureLogs();
    const adminToken = "admin-token-that-must-never-be-logged-0123456789";
    const app = await buildTestApp({
      db: t.db,
      env: { PUBLIC_URL: SITE, SMTP_URL: smtp.url, ADMIN_TOKEN: adminToken, LOG_LEVEL: "trace", ...STRIPE_ENV },
      logStream: logs.logStream,
    });
    try {
      const user = await register(app);
      const login = await app.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: user.password }, remoteAddress: nextIp() });
      const second = login.json().token as string;
      await app.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${second}` } });
      await app.app.inject({ url: "/api/auth/me", headers: { authorization: "Bearer not-a-valid-session-token-at-all" } });
      await app.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email, language: "en" }, remoteAddress: nextIp() });
      await app.app.settle();
      // The new-sign-in alert from the login above goes out too; its order against the reset mail is not fixed.
      const resetLink = /https:\/\/agency\.example\/\S*reset-password\?token=([A-Za-z0-9_-]+)/;
      const resetToken = await vi.waitFor(() => {
        const found = smtp.mails.map((mail) => resetLink.exec(mailText(mail.raw))).find(Boolean);
        if (!found) throw new Error("no reset mail yet");
        return found[1]!;
      });
      await app.app.inject({ method: "POST", url: "/api/auth/verify-reset-token", payload: { token: resetToken } });
      await app.app.inject({ url: `/reset-password?token=${resetToken}` });
      await app.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token: resetToken, newPassword: "An0ther-long-passw0rd" } });
      await app.app.inject({ url: "/api/admin/contact-requests", headers: { authorization: `Bearer ${adminToken}` } });
      await app.app.inject({ url: "/api/admin/contact-requests", headers: { authorization: "Bearer wrong" } });
      await app.app.inject({ method: "POST", url: "/api/subscriptions/webhook", headers: { "stripe-signature": "t=1,v1=00" }, payload: {} });
      // Even an object handed to the logger with the headers in it.
      app.app.log.info({ req: { headers: { authorization: `Bearer ${second}` } }, token: second, password: user.password }, "handed over");
      await app.app.settle();
    } finally {
      await app.app.close();
      await smtp.close();
    }

    const text = logs.text();
    expect(text).toContain("mail sent over SMTP");
    expect(text).toContain("[redacted]");
    const secrets = [/Bearer/i, /reset-password\?token/, /token=/, new RegExp(adminToken), /sk_test_safety/, /whsec_safety/, /An0ther-long-passw0rd/, /Tr0ub4dor/];
    for (const secret of secrets) expect(text).not.toMatch(secret);
    // And no 43-character random token (sessions, resets) anywhere (a 64-digit keyed hash of an address is no token).
    const tokens = [...text.matchAll(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g)].map((m) => m[0]);
    expect(tokens).toEqual([]);
  });

  it("logs the reset link when mail goes to the development outbox", async () => {
    const logs = captureLogs();
    const app = await buildTestApp({ db: t.db, env: { PUBLIC_URL: SITE, LOG_LEVEL: "info" }, logStream: logs.logStream });
    try {
      const user = await register(app);
      await app.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email, language: "en" }, remoteAddress: nextIp() });
      await app.app.settle();
    } finally {
      await app.app.close();
    }
    expect(logs.text()).toMatch(/link: https:\/\/agency\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });
});

describe("sessions end when idle and at their absolute end", () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp({ db: t.db, env: { PUBLIC_URL: SITE, SESSION_IDLE_DAYS: "2", SESSION_MAX_DAYS: "5" } });
  });
  afterAll(async () => s?.app.close());

  const me = (token: string) => s.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
  const session = async (userId: string) =>
    (
      await t.db.query<{ lifetime_days: number; idle_seconds: number }>(
        `SELECT extract(epoch FROM expires_at - created_at) / 86400 AS lifetime_days, extract(epoch FROM now() - last_seen_at) AS idle_seconds
           FROM sessions WHERE user_id = $1`,
        [userId],
      )
    ).rows[0]!;

  it("ends a session unused for SESSION_IDLE_DAYS", async () => {
    const user = await register(s);
    expect((await me(user.token)).statusCode).toBe(200);
    await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '1 day 23 hours' WHERE user_id = $1", [user.id]);
    // Still in time: the request counts as use and starts a new idle period.
    expect((await me(user.token)).statusCode).toBe(200);
    expect(Number((await session(user.id)).idle_seconds)).toBeLessThan(60);
    await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '2 days 1 minute' WHERE user_id = $1", [user.id]);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it("ends a session SESSION_MAX_DAYS after the login, however busy", async () => {
    const user = await register(s);
    expect(Number((await session(user.id)).lifetime_days)).toBeCloseTo(5, 3);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second', last_seen_at = now() WHERE user_id = $1", [user.id]);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it("writes the last use at most once a minute", async () => {
    const user = await register(s);
    await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '30 seconds' WHERE user_id = $1", [user.id]);
    await me(user.token);
    expect(Number((await session(user.id)).idle_seconds)).toBeGreaterThanOrEqual(29);
    await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '90 seconds' WHERE user_id = $1", [user.id]);
    await me(user.token);
    expect(Number((await session(user.id)).idle_seconds)).toBeLessThan(5);
  });

  it("takes both limits from the settings and refuses an idle limit above the absolute one", () => {
    expect(loadConfig({}, "/").session).toEqual({ idleDays: 14, maxDays: 30 });
    expect(() => loadConfig({ SESSION_IDLE_DAYS: "40" }, "/")).toThrow(/SESSION_IDLE_DAYS \(40\) must not be more than SESSION_MAX_DAYS \(30\)/);
    expect(() => loadConfig({ SESSION_MAX_DAYS: "0" }, "/")).toThrow(/SESSION_MAX_DAYS must be a whole number/);
  });
});

describe("retention", () => {
  it("deletes idle sessions, consent records after 2 years, outbox mails and delivered or failed outbox items after 30 days", async () => {
    const idle = await register();
    const active = await register();
    await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '15 days' WHERE user_id = $1", [idle.id]);
    const consent = (id: string, age: string) =>
      t.db.query(
        `INSERT INTO consent_records (consent_id, necessary, analytics, marketing, version, client_timestamp, ip_hash, created_at)
         VALUES ($1, true, false, false, 1, now(), 'h', now() - $2::interval)`,
        [id, age],
      );
    await consent("00000000-0000-4000-8000-000000000001", "2 years 1 day");
    await consent("00000000-0000-4000-8000-000000000002", "1 year 11 months");
    const outbox = path.join(mkdtempSync(path.join(tmpdir(), "agency-retention-")), "outbox");
    mkdirSync(outbox);
    writeFileSync(path.join(outbox, "old.eml"), "old");
    writeFileSync(path.join(outbox, "new.eml"), "new");
    writeFileSync(path.join(outbox, "notes.txt"), "not a mail");
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    utimesSync(path.join(outbox, "old.eml"), old, old);
    utimesSync(path.join(outbox, "notes.txt"), old, old);

    // Of a channel no instance delivers, so the pending one stays pending.
    const item = async (topic: string, age: string, state: "sent" | "failed" | "pending") =>
      t.db.query(
        `INSERT INTO outbox (channel, topic, payload, max_attempts, created_at, sent_at, failed_at)
         VALUES ('retention-test', $1, '{}', 1, now() - $2::interval, CASE WHEN $3 = 'sent' THEN now() END, CASE WHEN $3 = 'failed' THEN now() END)`,
        [topic, age, state],
      );
    await item("retention.old-sent", "31 days", "sent");
    await item("retention.old-failed", "31 days", "failed");
    await item("retention.old-pending", "31 days", "pending");
    await item("retention.new-sent", "29 days", "sent");

    const removed = await runRetention(t.db, { sessionIdleSeconds: 14 * 86400, outboxDir: outbox });
    expect(removed).toMatchObject({ consentRecords: 1, outboxMails: 1, outboxItems: 2 });
    const items = await t.db.query<{ topic: string }>("SELECT topic FROM outbox WHERE topic LIKE 'retention.%' ORDER BY topic");
    expect(items.rows.map((r) => r.topic)).toEqual(["retention.new-sent", "retention.old-pending"]);
    expect(removed!.sessions).toBeGreaterThanOrEqual(1);
    expect(readdirSync(outbox).sort()).toEqual(["new.eml", "notes.txt"]);
    rmSync(path.dirname(outbox), { recursive: true, force: true });
    expect((await t.db.query("SELECT user_id FROM sessions WHERE user_id IN ($1, $2)", [idle.id, active.id])).rows).toEqual([{ user_id: active.id }]);
    const consents = await t.db.query<{ consent_id: string }>("SELECT consent_id FROM consent_records WHERE consent_id::text LIKE '00000000-0000-4000-8000-00000000000%'");
    expect(consents.rows.map((r) => r.consent_id)).toEqual(["00000000-0000-4000-8000-000000000002"]);
  });

  it("deletes half-finished sign-ins and alert links past their end, and browsers unseen for 400 days", async () => {
    const user = await register();
    const add = async (table: string, columns: string, key: string, when: string) =>
      t.db.query(`INSERT INTO ${table} (${columns}) VALUES ($1, $2, now() + $3::interval)`, [key, user.id, when]);
    await add("sign_in_attempts", "token_hash, user_id, expires_at", "attempt-expired", "-1 minute");
    await add("sign_in_attempts", "token_hash, user_id, expires_at", "attempt-live", "4 minutes");
    await add("sign_in_alerts", "token_hash, user_id, expires_at", "alert-expired", "-1 minute");
    await add("sign_in_alerts", "token_hash, user_id, expires_at", "alert-live", "6 days");
    await add("known_devices", "device_hash, user_id, last_seen_at", "device-lost", "-401 days");
    await add("known_devices", "device_hash, user_id, last_seen_at", "device-kept", "-399 days");

    const removed = await runRetention(t.db);
    expect(removed).toMatchObject({ signInAttempts: 1, signInAlerts: 1, knownDevices: 1 });
    const left = await t.db.query<{ key: string }>(
      `SELECT token_hash AS key FROM sign_in_attempts WHERE user_id = $1 UNION ALL
       SELECT token_hash FROM sign_in_alerts WHERE user_id = $1 UNION ALL
       SELECT device_hash FROM known_devices WHERE user_id = $1 ORDER BY key`,
      [user.id],
    );
    // Registration remembered its own browser too; only the rows made here are compared.
    expect(left.rows.map((r) => r.key).filter((key) => /^(attempt|alert|device)-/.test(key))).toEqual(["alert-live", "attempt-live", "device-kept"]);
  });

  it("the daily job applies SESSION_IDLE_DAYS and cleans the server's outbox", async () => {
    const idle = await register();
    await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '3 days' WHERE user_id = $1", [idle.id]);
    const dataDir = mkdtempSync(path.join(tmpdir(), "agency-retention-"));
    const outbox = path.join(dataDir, "outbox");
    mkdirSync(outbox);
    writeFileSync(path.join(outbox, "old.eml"), "old");
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    utimesSync(path.join(outbox, "old.eml"), old, old);
    const app = await buildTestApp({ db: t.db, jobs: true, env: { PUBLIC_URL: SITE, SESSION_IDLE_DAYS: "2", DATA_DIR: dataDir } });
    await app.app.settle();
    await app.app.close();
    expect((await t.db.query("SELECT 1 FROM sessions WHERE user_id = $1", [idle.id])).rows).toHaveLength(0);
    expect(readdirSync(outbox)).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe("common passwords", () => {
  it("ships the 10,000 most common passwords", () => {
    const list = readFileSync(commonPasswordsFile, "utf8").split("\n").filter(Boolean);
    expect(list).toHaveLength(10_000);
    expect(list.slice(0, 2)).toEqual(["123456", "password"]);
  });

  it("refuses one on register, with a translated message, and accepts an uncommon one of the minimum length", async () => {
    const send = (password: string, language: "nl" | "en") =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: "Common", email: `common-${++seq}@example.com`, password, language },
        remoteAddress: nextIp(),
      });
    const en = await send("password1", "en");
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: "auth.common_password",
      error: "This password is one of the most common ones and easy to guess. Please choose another password.",
      fields: ["password"],
    });
    const nl = await send("Qwerty123", "nl");
    expect(nl.json()).toMatchObject({ code: "auth.common_password", error: "Dit wachtwoord is een van de meest gebruikte en makkelijk te raden. Kies een ander wachtwoord." });
    expect((await send("kx7-qv2m", "en")).statusCode).toBe(201);
  });

  it("refuses one on reset and leaves the link usable", async () => {
    const user = await register();
    const token = "common-password-reset-token-0123456789abcdefgh";
    await t.db.query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [sha256(token), user.id]);
    const refused = await t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "iloveyou" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "auth.common_password", fields: ["newPassword"] });
    const ok = await t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "n0t-on-any-list" } });
    expect(ok.statusCode).toBe(200);
  });
});

describe("single-line fields", () => {
  const quote = {
    name: "Jan de Vries",
    email: "single-line@example.com",
    company: "Bakkerij de Vries",
    countryCode: "+31",
    phone: "06 12345678",
    projectType: "redesign",
    budgetRange: "1000-2000",
    timeline: "1-month",
    domainStatus: "have-domain",
    message: "Two lines\nare fine in a message.",
    language: "en",
  };
  const send = (change: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/contact", payload: { ...quote, ...change }, remoteAddress: nextIp() });
  const stored = async (email: string) => (await t.db.query("SELECT 1 FROM contact_requests WHERE email = $1", [email])).rows.length;

  it("refuses a line break in a quote request's name with a translated answer, as any invalid field: nothing stored", async () => {
    const en = await send({ name: "Jan\nBcc: victim@example.com", email: "linebreak-en@example.com" });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: "contact.invalid_field", error: "Please check the following fields: name.", fields: ["name"] });
    const nl = await send({ name: "Jan\r\nde Vries", email: "linebreak-nl@example.com", language: "nl" });
    expect(nl.json()).toEqual({ code: "contact.invalid_field", error: "Controleer de volgende velden: naam.", fields: ["name"] });
    expect(await stored("linebreak-en@example.com")).toBe(0);
    expect(await stored("linebreak-nl@example.com")).toBe(0);
  });

  it.each([
    ["company", { company: "Bakkerij\tde Vries" }],
    ["currentWebsite", { currentWebsite: "https://a.example\u2028x" }],
    ["source", { source: "home\u0000" }],
    ["utm", { utm: { utm_source: "news\nletter" } }],
  ])("refuses a control character in %s", async (field, change) => {
    const res = await send({ ...change, email: `control-${field.toLowerCase()}@example.com` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.join()).toContain(field);
  });

  it("stores a valid one, with a line break in the multi-line message", async () => {
    expect((await send({ email: "multi-line-ok@example.com", name: "Zoë O'Brien-Müller" })).statusCode).toBe(200);
    expect(await stored("multi-line-ok@example.com")).toBe(1);
  });

  it("refuses a control character in an account name", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Kim\u0007", email: `bell-${Date.now()}@example.com`, password: "n0t-on-any-list", language: "en" },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "request.invalid", fields: ["name"] });
  });
});
