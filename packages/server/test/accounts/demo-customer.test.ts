import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_EMAIL, seedDemoCustomer } from "../../src/accounts/demo-customer";
import { setPassword } from "../../src/accounts/repository";
import { createPgliteDb } from "../../src/db/db";
import { hashPassword } from "../../src/lib/crypto";
import { packageRoot } from "../../src/paths";
import { buildTestApp, nextIp, type TestApp } from "../support/helpers";
import { freePort, runTs } from "../support/processes";

/**
 * The demo customer: with test payments every start makes sure it exists with an active test subscription and
 * prints its login; with Stripe it never exists.
 */

/** A complete Stripe configuration whose API is never reached (nothing listens on port 9). */
const WITH_STRIPE = {
  PUBLIC_URL: "https://agency.example",
  STRIPE_SECRET_KEY: "sk_live_never_called",
  STRIPE_WEBHOOK_SECRET: "whsec_never_called",
  STRIPE_PRICE_MONTHLY: "price_monthly",
  STRIPE_PRICE_YEARLY: "price_yearly",
  STRIPE_API_BASE: "http://127.0.0.1:9",
};

async function login(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: nextIp() });
}

async function countRows(t: TestApp, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return rows[0]!.n;
}

describe("with test payments", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENTS: "test" } });
  });
  afterAll(async () => t?.close());

  it("creates a demo customer with an active test subscription, and mails nobody", async () => {
    expect(await countRows(t, "users WHERE email = $1", [DEMO_EMAIL])).toBe(0);
    const demo = await seedDemoCustomer(t.app);
    expect(demo).toEqual({ email: DEMO_EMAIL, password: expect.stringMatching(/^demo-[a-z2-9]{10}$/) });

    const res = await login(t, demo!.email, demo!.password);
    expect(res.statusCode).toBe(200);
    const current = await t.app.inject({ url: "/api/subscriptions/current", headers: { authorization: `Bearer ${res.json().token}` } });
    expect(current.json().subscription).toMatchObject({ plan_name: expect.stringMatching(/^Pro/), status: "active", cancel_at_period_end: false, billing_period: "yearly" });
    expect(await countRows(t, "outbox WHERE channel = 'subscription-mail'", [])).toBe(0);
  });

  it("is idempotent: the same login, one account, one subscription", async () => {
    const first = await seedDemoCustomer(t.app);
    const second = await seedDemoCustomer(t.app);
    expect(second).toEqual(first);
    expect(await countRows(t, "users WHERE email = $1", [DEMO_EMAIL])).toBe(1);
    expect(await countRows(t, "subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [DEMO_EMAIL])).toBe(1);
  });

  it("repairs what was changed: an ended subscription gets a new one, a changed password the printed one", async () => {
    const { password } = (await seedDemoCustomer(t.app))!;
    await t.db.query("UPDATE subscriptions SET status = 'canceled', ended_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)", [DEMO_EMAIL]);
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [DEMO_EMAIL]);
    await setPassword(t.db, rows[0]!.id, await hashPassword("changed-it-1"));

    expect(await seedDemoCustomer(t.app)).toEqual({ email: DEMO_EMAIL, password });
    expect((await login(t, DEMO_EMAIL, password)).statusCode).toBe(200);
    expect(await countRows(t, "subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 AND s.status = 'active'", [DEMO_EMAIL])).toBe(1);
  });

  it("comes back after the demo account was deleted", async () => {
    const { password } = (await seedDemoCustomer(t.app))!;
    const res = await login(t, DEMO_EMAIL, password);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: { authorization: `Bearer ${res.json().token}` },
      payload: { password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await seedDemoCustomer(t.app)).toEqual({ email: DEMO_EMAIL, password });
    expect((await login(t, DEMO_EMAIL, password)).statusCode).toBe(200);
  });
});

describe("with Stripe", () => {
  it("never seeds a demo customer", async () => {
    const t = await buildTestApp({ env: WITH_STRIPE });
    try {
      expect(t.config.payments).toBe("stripe");
      expect(await seedDemoCustomer(t.app)).toBeNull();
      expect(await countRows(t, "users WHERE email = $1", [DEMO_EMAIL])).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe("the server's start", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "agency-demo-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Starts src/server.ts until it prints its URL (and the demo line, if any), then stops it. */
  async function start(env: Record<string, string>) {
    const port = await freePort();
    const server = runTs([path.join(packageRoot, "src/server.ts")], {
      cwd: dir,
      env: { INIT_CWD: dir, DATA_DIR: path.join(dir, "data"), PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    });
    for (let i = 0; i < 1200 && !server.stdout().includes("running at"); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    // The demo line is a write of its own after that one and may arrive later on a busy machine: wait for it up to
    // two seconds (as long as a start that prints none is watched).
    for (let i = 0; i < 40 && !server.stdout().includes("log in at"); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const banner = server.stdout();
    let loginStatus: number | null = null;
    const password = /\/ (demo-[a-z2-9]+)/.exec(banner)?.[1];
    if (password) {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: DEMO_EMAIL, password }),
      });
      loginStatus = res.status;
    }
    server.child.kill("SIGTERM");
    const { stderr } = await server.exited;
    return { banner, password, loginStatus, stderr };
  }

  it("prints the demo login with test payments, the same one on every start, and it works", { timeout: 120_000 }, async () => {
    const first = await start({ PAYMENTS: "test", NODE_ENV: "test" });
    expect(first.banner, first.stderr).toContain("Agency site running at");
    expect(first.banner).toMatch(new RegExp(`Demo customer \\(test payments, active test subscription\\): ${DEMO_EMAIL} / demo-[a-z2-9]{10}`));
    expect(first.loginStatus).toBe(200);

    const again = await start({ PAYMENTS: "test", NODE_ENV: "test" });
    expect(again.password).toBe(first.password);
    expect(again.loginStatus).toBe(200);
  });

  it("makes no demo customer and prints no password in production, even with test payments", { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, "production-test-payments");
    const res = await start({ NODE_ENV: "production", MAIL: "outbox", PAYMENTS: "test", PUBLIC_URL: "https://agency.example", DATA_DIR: dataDir });
    expect(res.banner, res.stderr).toContain("Agency site running at");
    expect(res.banner).not.toContain("Demo customer");
    expect(res.banner + res.stderr).not.toMatch(/demo-[a-z2-9]{10}/);
    expect(res.password).toBeUndefined();
    const db = await createPgliteDb(path.join(dataDir, "pglite"));
    try {
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = $1", [DEMO_EMAIL]);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await db.close();
    }
  });

  it("prints no demo login in production with Stripe", { timeout: 120_000 }, async () => {
    const res = await start({
      NODE_ENV: "production",
      MAIL: "outbox",
      ...WITH_STRIPE,
      // The supplier the invoices of package sales name, which a production start with Stripe requires.
      INVOICE_ISSUER_ADDRESS: "Keizersgracht 1, 1015 AA Amsterdam",
      INVOICE_ISSUER_KVK: "12345678",
      INVOICE_ISSUER_VAT: "NL123456789B01",
      DATA_DIR: path.join(dir, "production-data"),
    });
    expect(res.banner, res.stderr).toContain("Agency site running at");
    expect(res.banner).not.toContain("Demo customer");
    expect(res.password).toBeUndefined();
  });
});
