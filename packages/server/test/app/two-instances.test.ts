import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { freePort } from "../support/processes";
import { tmpdir } from "node:os";
import path from "node:path";
import argon2 from "argon2";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/app";
import { createPgDb, type Db } from "../../src/db/db";
import { nextIp, runStatement, testConfig } from "../support/helpers";
import { startSmtp } from "../support/smtp";

/**
 * Two app instances, each with its own connection pool as two server processes have, on one real PostgreSQL:
 * what a visitor does on one instance holds on the other, and work both instances find is done once.
 */

const url = process.env.TEST_DATABASE_URL;
const NEEDS_PG =
  "app/two-instances.test.ts needs a real PostgreSQL: set TEST_DATABASE_URL, e.g. " +
  "TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/agency_test (.ci/run sets it)";

if (!url) {
  if (process.env.CI) {
    // In CI this proof must run: a missing database is a broken set-up, not a reason to pass.
    describe("two instances on one PostgreSQL", () => {
      it("has a database to run on", () => {
        throw new Error(`${NEEDS_PG}. It is not set, and under CI this test may not be left out.`);
      });
    });
  } else {
    console.warn(`${NEEDS_PG}. It is not set, so none of its tests ran.`);
    describe.skip(`two instances on one PostgreSQL: NOT RUN, ${NEEDS_PG}`, () => {
      it("needs TEST_DATABASE_URL", () => {});
    });
  }
} else {
  describe("two instances on one PostgreSQL", () => {
    const SITE = "https://agency.example";
    const INBOX = "inbox@agency.example";
    const schema = `t_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const pools: Db[] = [];
    const apps: FastifyInstance[] = [];
    const dataDirs: string[] = [];

    const admin = (sql: string) => runStatement(url!, sql);

    /** An app instance with a connection pool of its own; not yet ready (its jobs start at ready). */
    async function instance(env: Record<string, string>, jobs = false): Promise<FastifyInstance> {
      const db = createPgDb(url!, { options: `-c search_path=${schema}` });
      pools.push(db);
      const dataDir = mkdtempSync(path.join(tmpdir(), "agency-two-"));
      dataDirs.push(dataDir);
      const none = path.join(dataDir, "none");
      const app = await buildApp(testConfig({ PUBLIC_URL: SITE, AGENCY_INBOX: INBOX, ...env }, dataDir), {
        db,
        jobs,
        logger: false,
        staticSite: { hostDist: none, widgetsDist: none, examplesDir: none },
      });
      apps.push(app);
      return app;
    }

    let a: FastifyInstance;
    let b: FastifyInstance;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    const LIMITS = { LOGIN_RATE_LIMIT_ACCOUNT: "5", LOGIN_RATE_LIMIT_IP: "1000", CONTACT_RATE_LIMIT: "1000" };

    beforeAll(async () => {
      await admin(`CREATE SCHEMA ${schema}`);
      smtp = await startSmtp();
      // Both start at once, so both migrate the empty schema at once.
      [a, b] = await Promise.all([instance({ ...LIMITS, SMTP_URL: smtp.url }), instance({ ...LIMITS, SMTP_URL: smtp.url })]);
      await Promise.all([a.ready(), b.ready()]);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const db of pools) await db.close();
      await smtp?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    });
    afterEach(() => vi.restoreAllMocks());

    let seq = 0;
    async function register(on: FastifyInstance) {
      const email = `two${++seq}-${Date.now()}@example.com`;
      const res = await on.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: `Twin ${seq}`, email, password: "secret1-pass", language: "en" },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(201);
      const { token } = res.json() as { token: string };
      return { email, headers: { authorization: `Bearer ${token}` } };
    }

    it("a session made on one instance works on the other, and a logout on either ends it on both", async () => {
      const user = await register(a);
      const me = await b.inject({ url: "/api/auth/me", headers: user.headers });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.email).toBe(user.email);

      expect((await b.inject({ method: "POST", url: "/api/auth/logout", headers: user.headers })).statusCode).toBeLessThan(300);
      expect((await a.inject({ url: "/api/auth/me", headers: user.headers })).statusCode).toBe(401);
    });

    it("the login limit holds across both: wrong passwords from one address alternating between them get at most 5 checks, the rest 429", async () => {
      const { email } = await register(a);
      const ip = nextIp();
      const verify = vi.spyOn(argon2, "verify");
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          (i % 2 ? b : a).inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "wrong-guess" }, remoteAddress: ip }),
        ),
      );
      const tally = answers.reduce<Record<number, number>>((acc, res) => ({ ...acc, [res.statusCode]: (acc[res.statusCode] ?? 0) + 1 }), {});
      expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
      expect(tally).toEqual({ 400: verify.mock.calls.length, 429: 16 - verify.mock.calls.length });
      // Both instances refuse, not only the one that counted.
      const refusedBy = new Set(answers.flatMap((res, i) => (res.statusCode === 429 ? [i % 2] : [])));
      expect(refusedBy).toEqual(new Set([0, 1]));
      // And the limit is still on for the next try on either instance.
      for (const app of [a, b]) {
        const next = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "wrong-guess" }, remoteAddress: ip });
        expect(next.statusCode).toBe(429);
      }
    });

    it("a checkout opened on one instance is paid through the other (test payments)", async () => {
      const user = await register(a);
      const opened = await a.inject({
        method: "POST",
        url: "/api/subscriptions/create-checkout",
        headers: user.headers,
        payload: { planId: "pro", billingPeriod: "monthly", successUrl: `${SITE}/dashboard?subscription=success`, cancelUrl: `${SITE}/subscribe` },
      });
      expect(opened.statusCode).toBe(200);
      const checkout = new URL((opened.json() as { checkoutUrl: string }).checkoutUrl);
      expect(checkout.origin).toBe(SITE);

      const page = await b.inject({ url: checkout.pathname });
      expect(page.statusCode).toBe(200);
      const [pay] = [...page.body.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, "&"));
      expect(pay).toMatch(/\/pay$/);
      const paid = await b.inject({ method: "POST", url: pay!, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "" });
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toMatch(/^https:\/\/agency\.example\/dashboard\?subscription=success&checkout=local_[\w-]{43}$/);

      const current = await a.inject({ url: "/api/subscriptions/current", headers: user.headers });
      expect(current.json().subscription).toMatchObject({ status: "active", billing_period: "monthly" });
    });

    it("quote requests stored while mail was down are each mailed once when both instances start together with mail back", async () => {
      // Mail is down: nothing listens on the SMTP port the instance is given.
      const closedPort = await freePort();
      const down = await instance({ ...LIMITS, SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
      await down.ready();
      const leads = Array.from({ length: 12 }, (_, i) => `lead-${i}-${Date.now()}@example.com`);
      const stored: LightMyRequestResponse[] = [];
      for (const [i, email] of leads.entries()) {
        stored.push(
          await down.inject({
            method: "POST",
            url: "/api/contact",
            remoteAddress: nextIp(),
            payload: {
              name: `Lead ${i}`,
              email,
              countryCode: "+31",
              phone: "0612345678",
              projectType: "new-website",
              budgetRange: "1000-2000",
              timeline: "1-month",
              features: [],
              domainStatus: "have-domain",
              message: `Request ${i}`,
              language: "nl",
            },
          }),
        );
      }
      expect(stored.map((res) => res.statusCode)).toEqual(leads.map(() => 200));
      // The immediate attempts failed and were recorded; close waits for them.
      await down.close();
      const owed = async () =>
        (
          await pools[0]!.query<{ email: string; attempts: number; sent: boolean; notified: boolean }>(
            `SELECT c.email, o.attempts, o.sent_at IS NOT NULL AS sent, c.notified_at IS NOT NULL AS notified
               FROM contact_requests c JOIN outbox o ON o.ref = 'contact_request:' || c.id
              WHERE c.email = ANY ($1::text[]) AND o.topic = 'contact.notification' ORDER BY c.email`,
            [leads],
          )
        ).rows;
      expect((await owed()).map((row) => [row.attempts, row.sent, row.notified])).toEqual(leads.map(() => [1, false, false]));
      // Mail stayed down past the first retry's delay.
      await pools[0]!.query("UPDATE outbox SET next_attempt_at = now() WHERE ref LIKE 'contact_request:%' AND sent_at IS NULL");

      // Mail is back, and two instances start at the same moment: each runs the outbox job as soon as it is ready.
      const mail = await startSmtp();
      try {
        const both = await Promise.all([instance({ SMTP_URL: mail.url }, true), instance({ SMTP_URL: mail.url }, true)]);
        await Promise.all(both.map((app) => app.ready()));
        await Promise.all(both.map((app) => app.settle()));

        // The agency's mails, one per lead; each sender's confirmation, once, to the sender.
        const toInbox = mail.mails.filter((m) => m.to.includes(INBOX));
        const replyTos = toInbox.map((m) => /^Reply-To: *(.+?)\r?$/im.exec(m.raw)?.[1]?.trim());
        expect([...replyTos].sort()).toEqual([...leads].sort());
        expect(mail.mails.filter((m) => !m.to.includes(INBOX)).flatMap((m) => m.to).sort()).toEqual([...leads].sort());
        expect((await owed()).map((row) => [row.attempts, row.sent, row.notified])).toEqual(leads.map(() => [2, true, true]));
      } finally {
        await mail.close();
      }
    });
  });
}
