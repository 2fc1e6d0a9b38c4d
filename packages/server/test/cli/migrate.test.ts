import { mkdtempSync, rmSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { EXIT, main } from "../../src/cli/migrate";
import { createPgliteDb } from "../../src/db/db";
import { migrate, migrationStatus } from "../../src/db/migrate";
import { migrationsDir, packageRoot } from "../../src/paths";
import { runTs } from "../support/processes";

const cli = path.join(packageRoot, "src/cli/migrate.ts");

describe("npm run migrate", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "agency-migrate-"));
    // Settings from a .env where the command runs; the real environment wins (PORT in .env is invalid).
    writeFileSync(path.join(dir, ".env"), "DATA_DIR=./from-dotenv\nNODE_ENV=test\nPORT=not-a-port\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const migrateCli = (...args: string[]) => runTs([cli, ...args], { cwd: dir, env: { INIT_CWD: dir, PORT: "4357" } }).exited;

  it("status lists pending migrations and exits 3; migrate applies them; status then exits 0", { timeout: 120_000 }, async () => {
    const files = readdirSync(migrationsDir).filter((f) => f.endsWith(".sql")).sort();

    const before = await migrateCli("status");
    expect(before.stderr).toBe("");
    expect(before.code).toBe(EXIT.pending);
    for (const file of files) expect(before.stdout).toContain(`pending  ${file}`);
    expect(before.stdout).toContain(path.join(dir, "from-dotenv"));
    expect(existsSync(path.join(dir, "from-dotenv", "pglite"))).toBe(true);

    const apply = await migrateCli();
    expect(apply.code).toBe(EXIT.ok);
    for (const file of files) expect(apply.stdout).toContain(`applied  ${file}`);

    const after = await migrateCli("status");
    expect(after.code).toBe(EXIT.ok);
    expect(after.stdout).toMatch(/Up to date/);
    for (const file of files) expect(after.stdout).toMatch(new RegExp(`applied  ${file}  \\d{4}-\\d\\d-\\d\\dT`));
    expect(after.stdout).not.toContain("pending");
  });

  it("refuses unknown commands with exit code 2", async () => {
    let err = "";
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => ((err += chunk.toString()), done()) });
    expect(await main(["drop-everything"], sink, sink)).toBe(EXIT.usage);
    expect(err).toMatch(/Unknown command 'drop-everything'/);
    expect(err).toMatch(/Usage: npm run migrate/);
  });

  it("status names migrations this version does not know (the database was migrated by a newer one)", async () => {
    const db = await createPgliteDb();
    try {
      expect((await migrationStatus(db)).applied).toEqual([]);
      await migrate(db);
      await db.query("INSERT INTO schema_migrations (name) VALUES ('9999-from-a-newer-version.sql')");
      const status = await migrationStatus(db);
      expect(status.pending).toEqual([]);
      expect(status.unknown).toEqual(["9999-from-a-newer-version.sql"]);
    } finally {
      await db.close();
    }
  });
});
