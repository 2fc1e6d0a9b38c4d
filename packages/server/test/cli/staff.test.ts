import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPgliteDb } from "../../src/db/db";
import { lockDataDir } from "../../src/db/data-dir-lock";
import { sha256 } from "../../src/lib/crypto";
import { runStaffCli } from "../support/desk-helpers";

/**
 * `npm run staff -- add`: on a new empty database, and refused clearly on a data directory in use. Beside a running
 * server on PostgreSQL: cli/staff-postgres.test.ts.
 */
const root = mkdtempSync(path.join(tmpdir(), "desk-cli-"));
const saved = { ...process.env };
beforeAll(() => {
  delete process.env.DATABASE_URL;
  process.env.NODE_ENV = "test";
  process.env.PUBLIC_URL = "https://agency.example";
});
afterEach(() => {
  process.env.DATA_DIR = saved.DATA_DIR;
  if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
  delete process.env.DATABASE_URL;
});
afterAll(() => {
  process.env = saved;
  rmSync(root, { recursive: true, force: true });
});

const run = runStaffCli;

describe("npm run staff", () => {
  it("migrates a new, empty database, adds the first admin and prints a one-time link, never a password", { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, "empty");
    process.env.DATA_DIR = dataDir;
    const added = await run(["add", " Boss@Example.COM ", "--role", "admin"]);
    expect(added.err).toBe("");
    expect(added.code).toBe(0);
    expect(added.out).toContain("boss@example.com added as admin");
    expect(added.out).not.toMatch(/password/i);
    const token = /https:\/\/agency\.example\/desk\/enrol\?token=([A-Za-z0-9_-]{43})&lang=nl\s/.exec(added.out)?.[1];
    expect(token).toBeDefined();

    const listed = await run(["list"]);
    expect(listed.out).toContain("boss@example.com  admin  invited, not enrolled yet");

    const db = await createPgliteDb(path.join(dataDir, "pglite"));
    try {
      const { rows } = await db.query<{ role: string; hours: number; used: boolean }>(
        `SELECT s.role, extract(epoch FROM e.expires_at - e.created_at)::float8 / 3600 AS hours, e.used_at IS NOT NULL AS used
           FROM staff_enrolments e JOIN staff s ON s.id = e.staff_id WHERE e.token_hash = $1`,
        [sha256(token!)],
      );
      expect(rows).toEqual([{ role: "admin", hours: expect.closeTo(24, 2), used: false }]);
      expect((await db.query("SELECT 1 FROM audit_log WHERE actor = 'cli' AND action = 'staff.invite'")).rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it("runs in production without the settings only the server needs (payments, mail)", async () => {
    process.env.DATA_DIR = path.join(root, "empty");
    process.env.NODE_ENV = "production";
    for (const name of ["PAYMENTS", "MAIL", "SMTP_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_YEARLY"]) delete process.env[name];
    try {
      const added = await run(["add", "ops@example.com", "--role", "staff"]);
      expect(added.err).toBe("");
      expect(added.code).toBe(0);
      expect(added.out).toContain("ops@example.com added as staff");
      expect((await run(["list"])).out).toContain("ops@example.com  staff");
    } finally {
      process.env.NODE_ENV = "test";
    }
  });

  it("says to stop the server first when the embedded database is in use, and changes nothing", async () => {
    const dataDir = path.join(root, "busy");
    process.env.DATA_DIR = dataDir;
    mkdirSync(dataDir, { recursive: true });
    const release = lockDataDir(`${path.join(dataDir, "pglite")}.lock`);
    try {
      const refused = await run(["add", "late@example.com", "--role", "staff"]);
      expect(refused.code).toBe(75);
      expect(refused.err).toContain("Stop the server first");
      expect(refused.out).toBe("");
    } finally {
      release();
    }
  });

  it("refuses wrong usage", async () => {
    expect((await run(["add", "not-an-address", "--role", "admin"])).code).toBe(2);
    expect((await run(["add", "a@example.com", "--role", "owner"])).err).toContain("--role must be admin or staff");
    expect((await run(["remove", "a@example.com"])).code).toBe(2);
  });
});
