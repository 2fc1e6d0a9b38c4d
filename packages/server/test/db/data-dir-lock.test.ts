import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPgliteDb } from "../../src/db/db";
import { DataDirInUseError } from "../../src/db/data-dir-lock";
import { packageRoot } from "../../src/paths";
import { freePort, runTs } from "../support/processes";

describe("the embedded database's data directory", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "agency-lock-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses a second server process with a message naming DATA_DIR and DATABASE_URL", { timeout: 120_000 }, async () => {
    // The first process: this one. The data directory comes from a .env, which the server reads.
    writeFileSync(path.join(dir, ".env"), "DATA_DIR=./data\nNODE_ENV=test\n");
    const pglite = path.join(dir, "data", "pglite");
    const db = await createPgliteDb(pglite);
    try {
      expect(JSON.parse(readFileSync(`${pglite}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
      // The same process opening it twice is refused too.
      await expect(createPgliteDb(pglite)).rejects.toThrow(DataDirInUseError);

      const second = runTs([path.join(packageRoot, "src/server.ts")], { cwd: dir, env: { INIT_CWD: dir, PORT: String(await freePort()) } });
      const { code, stderr } = await second.exited;
      expect(code).toBe(1);
      expect(stderr).toContain(`process ${process.pid}`);
      expect(stderr).toMatch(/Only one process can use a DATA_DIR at a time/);
      expect(stderr).toMatch(/set DATABASE_URL to a PostgreSQL database to run several instances/);
    } finally {
      await db.close();
    }
    expect(existsSync(`${pglite}.lock`)).toBe(false);
  });

  it("takes over the lock of a process that was killed", { timeout: 120_000 }, async () => {
    const pglite = path.join(dir, "killed", "pglite");
    mkdirSync(path.dirname(pglite));
    const holder = runTs(
      [
        "--input-type=module",
        "-e",
        `import { lockDataDir } from ${JSON.stringify(path.join(packageRoot, "src/db/data-dir-lock.ts"))};
         lockDataDir(${JSON.stringify(`${pglite}.lock`)}); console.log("locked"); setInterval(() => {}, 1000);`,
      ],
      { cwd: packageRoot, env: {} },
    );
    for (let i = 0; i < 200 && !holder.stdout().includes("locked"); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(holder.stdout()).toContain("locked");
    await expect(createPgliteDb(pglite)).rejects.toThrow(new RegExp(`process ${holder.child.pid} `));

    holder.child.kill("SIGKILL");
    await holder.exited;
    // The lock file is still there, but its process is gone.
    expect(existsSync(`${pglite}.lock`)).toBe(true);
    const db = await createPgliteDb(pglite);
    expect(JSON.parse(readFileSync(`${pglite}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
    await db.close();
  });
});
