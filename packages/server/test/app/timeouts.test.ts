import pg from "pg";
import { buildTestApp, nextIp, quoteRequest, type TestApp } from "../support/helpers";

/**
 * The database's limits on one PostgreSQL: a query that waits past the statement or lock timeout is cancelled there,
 * the request answers 503 with a stable code, and the instance stays ready. (The embedded database runs each query
 * to its end in the server's own process; nothing there can cancel one.)
 */

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.warn(
    "app/timeouts.test.ts: the database timeouts were NOT tested: set TEST_DATABASE_URL " +
      "(e.g. postgres://postgres:postgres@127.0.0.1:5432/agency_test; .ci/run does). The embedded database cannot cancel a query.",
  );
}

if (!url && process.env.CI) {
  describe("database timeouts on PostgreSQL", () => {
    it("has a database to run on", () => {
      throw new Error("app/timeouts.test.ts needs TEST_DATABASE_URL; under CI it may not be left out.");
    });
  });
}

describe.skipIf(!url)("database timeouts on PostgreSQL (runs only with TEST_DATABASE_URL)", () => {
  /**
   * Holds an exclusive lock on the quote requests while `during` runs, on a connection of its own as another
   * process would: every insert into that table waits for it.
   */
  async function withTableLocked(t: TestApp, during: () => Promise<void>): Promise<void> {
    const { rows } = await t.db.query<{ schema: string }>("SELECT current_schema() AS schema");
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${rows[0]!.schema}` });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query("LOCK TABLE contact_requests IN ACCESS EXCLUSIVE MODE");
      await during();
    } finally {
      await client.query("ROLLBACK");
      await client.end();
    }
  }

  const send = (t: TestApp) => t.app.inject({ method: "POST", url: "/api/contact", remoteAddress: nextIp(), payload: quoteRequest() });

  it("a query that runs past the statement timeout answers 503 server.database_timeout, and the instance stays ready", async () => {
    const t = await buildTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: "300", DB_LOCK_TIMEOUT_MS: "60000" } });
    try {
      const { rows } = await t.db.query<{ statement_timeout: string }>("SHOW statement_timeout");
      expect(rows[0]!.statement_timeout).toBe("300ms");
      await withTableLocked(t, async () => {
        const started = Date.now();
        const res = await send(t);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ code: "server.database_timeout", error: expect.any(String) });
        expect(Date.now() - started).toBeLessThan(5000);
        expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
      });
      // The lock gone, the same request goes through: nothing was left broken.
      expect((await send(t)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("a query waiting past the lock timeout answers 503 server.database_timeout", async () => {
    const t = await buildTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: "60000", DB_LOCK_TIMEOUT_MS: "300" } });
    try {
      await withTableLocked(t, async () => {
        const res = await send(t);
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe("server.database_timeout");
      });
    } finally {
      await t.close();
    }
  });

  it("a transaction left idle past its limit is ended by the database", async () => {
    const t = await buildTestApp({ env: { DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: "300" } });
    try {
      const failure = t.db.transaction(async (tx) => {
        await tx.query("SELECT 1");
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await tx.query("SELECT 1");
      });
      await expect(failure).rejects.toThrow();
      expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
