import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgDb } from "../../src/db/db";
import { buildTestApp, runStatement } from "../support/helpers";
import { runStaffCli } from "../support/desk-helpers";

/**
 * `npm run staff -- add` on PostgreSQL while the server runs on the same database: the link it prints enrols there.
 * The embedded database allows one process at a time (cli/staff.test.ts shows the refusal), so this needs
 * TEST_DATABASE_URL; under CI a missing database fails rather than passes.
 */
const url = process.env.TEST_DATABASE_URL;
const saved = { ...process.env };
beforeAll(() => {
  process.env.NODE_ENV = "test";
  process.env.PUBLIC_URL = "https://agency.example";
});
afterAll(() => {
  process.env = saved;
});

if (!url) {
  console.warn("cli/staff-postgres.test.ts: npm run staff on PostgreSQL did NOT run: set TEST_DATABASE_URL (.ci/run does).");
  if (process.env.CI) {
    describe("npm run staff on PostgreSQL", () => {
      it("has a database to run on", () => {
        throw new Error("cli/staff-postgres.test.ts needs TEST_DATABASE_URL; under CI it may not be left out.");
      });
    });
  }
}

describe.skipIf(!url)("npm run staff on PostgreSQL (runs only with TEST_DATABASE_URL)", () => {
  it("works on PostgreSQL while the server runs, and the link enrols there", { timeout: 120_000 }, async () => {
    const database = url!;
    const schema = `t_${randomBytes(6).toString("hex")}`;
    await runStatement(database, `CREATE SCHEMA ${schema}`);
    const db = createPgDb(database, { options: `-c search_path=${schema}` });
    const server = await buildTestApp({ db });
    try {
      const target = new URL(database);
      target.searchParams.set("options", `-c search_path=${schema}`);
      process.env.DATABASE_URL = target.toString();
      const added = await runStaffCli(["add", "pg-admin@example.com", "--role", "admin"]);
      expect(added.code).toBe(0);
      const token = /token=([A-Za-z0-9_-]{43})/.exec(added.out)![1];
      expect((await server.app.inject({ url: `/api/desk/enrolment?token=${token}` })).json().email).toBe("pg-admin@example.com");
    } finally {
      await server.close();
      await db.close();
      await runStatement(database, `DROP SCHEMA ${schema} CASCADE`);
    }
  });
});
