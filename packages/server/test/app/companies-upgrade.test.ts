import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app";
import { createPgDb, type Db } from "../../src/db/db";
import { migrate } from "../../src/db/migrate";
import { randomToken, sha256 } from "../../src/lib/crypto";
import { migrationsDir } from "../../src/paths";
import { PREVIOUS_RELEASE_QUERIES } from "../support/fixtures/previous-release-queries";
import { nextIp, runStatement, testConfig } from "../support/helpers";

/**
 * The upgrade to companies (0100) on one real PostgreSQL: a database of the release before it, with its accounts,
 * subscriptions, invoices, billing details and customers; two instances of this release starting on it at once (they
 * migrate it together); and an instance of the release before still running beside them, whose queries are copied
 * word for word (fixtures/previous-release-queries.ts). What the old instance writes belongs to a company, and what
 * the new ones answer is the company's.
 */

const url = process.env.TEST_DATABASE_URL;
const NEEDS_PG =
  "app/companies-upgrade.test.ts needs a real PostgreSQL: set TEST_DATABASE_URL, e.g. " +
  "TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/agency_test (.ci/run sets it)";

if (!url && process.env.CI) {
  describe("the upgrade to companies on PostgreSQL", () => {
    it("has a database to run on", () => {
      throw new Error(`${NEEDS_PG}. It is not set, and under CI this test may not be left out.`);
    });
  });
} else if (!url) {
  console.warn(`${NEEDS_PG}. It is not set, so none of its tests ran.`);
}

/** The previous release's own statements, found by the function they come from. */
const previous = (from: string) => {
  const query = PREVIOUS_RELEASE_QUERIES.find((q) => q.from === from);
  if (!query) throw new Error(`no previous-release query ${from}`);
  return query;
};

describe.skipIf(!url)("the upgrade to companies on PostgreSQL, with the release before still running (runs only with TEST_DATABASE_URL)", () => {
  const SITE = "https://agency.example";
  const schema = `t_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const pools: Db[] = [];
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  const newPool = () => {
    const db = createPgDb(url!, { options: `-c search_path=${schema}` });
    pools.push(db);
    return db;
  };
  let old: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;

  /** An instance of this release with a pool of its own; starting it migrates. */
  async function instance(): Promise<FastifyInstance> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "agency-companies-"));
    dirs.push(dataDir);
    const none = path.join(dataDir, "none");
    const app = await buildApp(testConfig({ PUBLIC_URL: SITE }, dataDir), { db: newPool(), jobs: false, logger: false, staticSite: { hostDist: none, widgetsDist: none, examplesDir: none } });
    apps.push(app);
    return app;
  }

  /** Runs one previous-release statement as its instance would. */
  const run = (from: string, ids: { userId: string; email: string; ipHash?: string }) => {
    const query = previous(from);
    return old.query(query.sql, query.params({ ipHash: "h", ...ids }));
  };

  /** A session the previous release made (its INSERT names no device), usable by this release. */
  async function oldSession(userId: string) {
    const token = randomToken();
    await old.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [sha256(token), userId, new Date(Date.now() + 3_600_000)]);
    return { authorization: `Bearer ${token}` };
  }

  const legacy: { owner: { userId: string; email: string }; subscriber: { userId: string; email: string } } = {} as never;

  beforeAll(async () => {
    await runStatement(url!, `CREATE SCHEMA ${schema}`);
    old = newPool();
    // The database as the release before companies left it.
    const before = mkdtempSync(path.join(tmpdir(), "agency-before-0100-"));
    dirs.push(before);
    for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith(".sql") && f < "0100")) copyFileSync(path.join(migrationsDir, file), path.join(before, file));
    await migrate(old, before);
    for (const who of ["owner", "subscriber"] as const) {
      const email = `legacy-${who}-${randomUUID().slice(0, 8)}@example.com`;
      const { rows } = await old.query<{ id: string }>("INSERT INTO users (email, name, password_hash, locale) VALUES ($1, $2, 'x', 'en') RETURNING id", [
        email,
        `Legacy ${who}`,
      ]);
      legacy[who] = { userId: rows[0]!.id, email };
    }
    const sub = legacy.subscriber;
    await run("insertSubscription", sub);
    await run("saveBillingDetails", sub);
    await run("insertLocalInvoice", sub);
    await run("saveCustomer", sub);
    await run("saveLocalPaymentMethod", sub);
    await run("createCheckoutSession", sub);

    // Two instances of this release start at once: both migrate, each migration is applied once.
    [a, b] = await Promise.all([instance(), instance()]);
    await Promise.all([a.ready(), b.ready()]);
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of pools) await db.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await runStatement(url!, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it("applied 0100 once, and made every existing account the owner of a company of its own that owns what it had", async () => {
    const { rows: applied } = await old.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations WHERE name = '0100-companies.sql'");
    expect(applied[0]!.n).toBe(1);
    const { rows } = await old.query<{ user_id: string; company_id: string; role: string; name: string }>(
      "SELECT m.user_id, m.company_id, m.role, c.name FROM company_members m JOIN companies c ON c.id = m.company_id WHERE m.user_id = ANY ($1::uuid[])",
      [[legacy.owner.userId, legacy.subscriber.userId]],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ company_id: row.user_id, role: "owner", name: expect.stringMatching(/^Legacy /) });
    const owned = async (table: string) =>
      (await old.query<{ company_id: string }>(`SELECT company_id FROM ${table} WHERE company_id = $1`, [legacy.subscriber.userId])).rows.length;
    for (const table of ["subscriptions", "local_invoices", "local_billing_details", "payment_customers", "local_payment_methods", "checkout_sessions"]) {
      expect(await owned(table), table).toBe(1);
    }
    const { rows: vat } = await old.query("SELECT vat_id FROM companies WHERE id = $1", [legacy.subscriber.userId]);
    expect(vat).toEqual([{ vat_id: "NL123456789B01" }]);
  });

  it("answers the company's subscription on both new instances, and to a member who joins it, never to anyone else", async () => {
    const headers = await oldSession(legacy.subscriber.userId);
    for (const app of [a, b]) {
      const res = await app.inject({ url: "/api/subscriptions/current", headers });
      expect(res.json().subscription).toMatchObject({ status: "active" });
    }
    // A colleague joins through an invitation sent on one instance and accepted on the other.
    await old.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [legacy.subscriber.userId]);
    const colleague = `colleague-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await a.inject({ method: "POST", url: "/api/account/team/invitations", headers, payload: { email: colleague, role: "member" } });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = randomToken();
    await old.query("UPDATE company_invitations SET token_hash = $2 WHERE id = $1", [invited.json().invitation.id, sha256(token)]);
    const registered = await b.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Colleague", email: colleague, password: "secret1-pass" },
      remoteAddress: nextIp(),
    });
    const colleagueHeaders = { authorization: `Bearer ${registered.json().token}` };
    expect((await b.inject({ method: "POST", url: "/api/team-invitations/accept", headers: colleagueHeaders, payload: { token } })).statusCode).toBe(200);
    expect((await a.inject({ url: "/api/subscriptions/current", headers: colleagueHeaders })).json().subscription).toMatchObject({ status: "active" });
    const stranger = await oldSession(legacy.owner.userId);
    expect((await b.inject({ url: "/api/subscriptions/current", headers: stranger })).json().subscription).toBeNull();
  });

  it("gives what an old instance writes meanwhile a company: its sign-ups, subscriptions, invoices, billing details and customers", async () => {
    // Sign-ups on the old instance and on a new one at the same time: each account in exactly one company.
    const emails = Array.from({ length: 6 }, (_, i) => `side-by-side-${i}-${randomUUID().slice(0, 8)}@example.com`);
    await Promise.all(
      emails.map((email, i) =>
        i % 2
          ? run("createUser", { userId: "", email }) // the old instance's sign-up writes `second-<email>`
          : a.inject({ method: "POST", url: "/api/auth/register", payload: { name: "New", email, password: "secret1-pass", company: "New B.V." }, remoteAddress: nextIp() }),
      ),
    );
    const { rows: accounts } = await old.query<{ id: string; email: string; companies: number }>(
      `SELECT u.id, u.email, (SELECT count(*)::int FROM company_members m WHERE m.user_id = u.id) AS companies
         FROM users u WHERE u.email LIKE '%side-by-side-%'`,
    );
    expect(accounts).toHaveLength(6);
    for (const account of accounts) expect(account.companies, account.email).toBe(1);
    const { rows: named } = await old.query<{ name: string }>(
      "SELECT c.name FROM users u JOIN company_members m ON m.user_id = u.id JOIN companies c ON c.id = m.company_id WHERE u.email LIKE 'side-by-side-%'",
    );
    expect(named.map((r) => r.name)).toEqual(["New B.V.", "New B.V.", "New B.V."]);

    // The old instance sells to one of its sign-ups and keeps its billing rows by user: the company owns them.
    const buyer = accounts.find((account) => account.email.startsWith("second-"))!;
    const ids = { userId: buyer.id, email: buyer.email };
    await run("createCheckoutSession", ids);
    await run("insertSubscription", ids);
    await run("insertLocalInvoice", ids);
    await run("saveBillingDetails", ids);
    await run("saveCustomer", ids);
    expect((await run("liveSubscription", ids)).rows).toHaveLength(1);
    const headers = await oldSession(buyer.id);
    expect((await b.inject({ url: "/api/subscriptions/current", headers })).json().subscription).toMatchObject({ status: "active" });
    expect((await a.inject({ url: "/api/account/team", headers })).json().team.vatId).toBe("NL123456789B01");

    // The new instance changes the VAT number; the old instance writes billing details again: still one row a company.
    expect((await a.inject({ method: "PATCH", url: "/api/account/team", headers, payload: { vatId: "NL999999999B01" } })).statusCode).toBe(200);
    expect((await run("findBillingDetails", ids)).rows).toEqual([{ country: "NL", vat_number: "NL999999999B01" }]);
    await run("saveBillingDetails", ids);
    const { rows: details } = await old.query("SELECT 1 FROM local_billing_details d JOIN company_members m ON m.company_id = d.company_id WHERE m.user_id = $1", [buyer.id]);
    expect(details).toHaveLength(1);

    // A second member paying on an old instance is refused by the index, not charged twice by the database.
    const second = accounts.find((account) => account.id !== buyer.id && account.email.startsWith("second-"))!;
    await old.query("UPDATE company_members SET company_id = (SELECT company_id FROM company_members WHERE user_id = $1), role = 'billing' WHERE user_id = $2", [
      buyer.id,
      second.id,
    ]);
    await expect(run("insertSubscription", { userId: second.id, email: second.email })).rejects.toThrow(/subscriptions_one_live_per_company/);

    // An account the old instance erases takes its company along when it was its only member.
    const alone = accounts.find((account) => account.id !== buyer.id && account.id !== second.id && account.email.startsWith("second-"))!;
    const { rows: company } = await old.query<{ company_id: string }>("SELECT company_id FROM company_members WHERE user_id = $1", [alone.id]);
    await run("deleteUser", { userId: alone.id, email: alone.email });
    expect((await old.query("SELECT 1 FROM companies WHERE id = $1", [company[0]!.company_id])).rows).toEqual([]);
  });
});
