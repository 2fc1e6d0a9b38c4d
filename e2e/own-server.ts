import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * A production server of a test's own, on its own embedded database and port, for what the shared test server
 * cannot do: another host name (WebAuthn refuses an IP address as relying party), or a database the test changes
 * while the server is stopped (the embedded database serves one process at a time).
 */
export class OwnServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), "agency-own-server-e2e-"));
  readonly origin: string;
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly options: { host?: "127.0.0.1" | "localhost"; env?: Record<string, string> } = {},
  ) {
    this.origin = `http://${options.host ?? "127.0.0.1"}:${port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [resolve(import.meta.dirname, "../packages/server/dist/server.js")], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        PUBLIC_URL: this.origin,
        DATA_DIR: this.dataDir,
        INIT_CWD: this.dataDir,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        // Tests reach nothing on the internet; the breached-password check would only wait for its timeout.
        BREACHED_PASSWORDS_URL: "",
        ...this.options.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    // A fresh embedded database is migrated first: seconds on a quiet machine, a minute on a busy one.
    await waitUntilAnswering(`http://127.0.0.1:${this.port}/api/health`, "the test's own server", 120_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((done) => {
      child.once("exit", () => done());
      child.kill("SIGTERM");
    });
  }

  /** Runs SQL on the stopped server's database. */
  async sql(statement: string, params: unknown[]): Promise<void> {
    const db = new PGlite(join(this.dataDir, "pglite"));
    try {
      await db.query(statement, params);
    } finally {
      await db.close();
    }
  }

  /** The mails in the server's outbox addressed to `to`, with quoted-printable soft breaks undone (none before the first). */
  mails(to: string): string[] {
    const dir = join(this.dataDir, "outbox");
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => readFileSync(join(dir, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .filter((text) => text.toLowerCase().includes(`to: ${to.toLowerCase()}`));
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Asks `url` every 250 ms until it answers 2xx; fails naming `what` after `ms`. */
export async function waitUntilAnswering(url: string, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
