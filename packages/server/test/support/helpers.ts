import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "../../src/app";
import { loadConfig, type Config } from "../../src/config";
import { createPgDb, createPgliteDb, type Db, type DbTimeouts } from "../../src/db/db";
import { mailText } from "./smtp";

/** Runs one statement on a connection of its own to the PostgreSQL at `url` (a test's schema made or dropped). */
export async function runStatement(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database for one test file, empty. PGlite in memory by default (creating one costs ~3 s, so a file shares one);
 * with TEST_DATABASE_URL, a fresh schema in that PostgreSQL, dropped afterwards, so the same tests prove both.
 * `migrated`: on PGlite, a copy of the database the global setup migrated (test/support/migrated-template.ts),
 * which the app's own migration then finds up to date; on PostgreSQL the app migrates the empty schema.
 */
export async function createTestDb(timeouts?: DbTimeouts, options: { migrated?: boolean } = {}): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = options.migrated ? inject("migratedPgliteDump") : undefined;
    const db = await createPgliteDb(undefined, timeouts, { from: dump ? new Blob([readFileSync(dump)]) : undefined });
    return { db, cleanup: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await runStatement(url, `CREATE SCHEMA ${schema}`);
  // Every pooled connection starts in the test's schema, so unqualified table names resolve there.
  const db = createPgDb(url, { options: `-c search_path=${schema}` }, timeouts);
  return {
    db,
    cleanup: async () => {
      await db.close();
      await runStatement(url, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/** A valid quote request as the form sends it (POST /api/contact), with `extra` fields added or replaced. */
export const quoteRequest = (extra: Record<string, unknown> = {}) => ({
  name: "Jan Bakker",
  email: "jan@bakkerij.nl",
  countryCode: "+31",
  phone: "06 12345678",
  projectType: "new-website",
  budgetRange: "1000-2000",
  timeline: "1-month",
  domainStatus: "have-domain",
  language: "nl",
  ...extra,
});

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
}

export function testConfig(env: Record<string, string> = {}, dataDir?: string): Config {
  // No test reaches Pwned Passwords: the breach check is off unless a test points it at its own range server.
  return loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir ?? mkdtempSync(path.join(tmpdir(), "agency-test-")), BREACHED_PASSWORDS_URL: "", ...env }, "/");
}

/** The app on a per-file database and temp DATA_DIR; jobs off unless asked for, so tests control timing. */
export async function buildTestApp(
  options: { env?: Record<string, string>; db?: Db } & Omit<BuildOptions, "db"> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-test-"));
  const config = testConfig(options.env, dataDir);
  const owned = options.db ? null : await createTestDb(config.db, { migrated: true });
  const db = options.db ?? owned!.db;
  const app = await buildApp(config, {
    jobs: false,
    staticSite: { hostDist: path.join(dataDir, "no-host"), widgetsDist: path.join(dataDir, "no-widgets"), examplesDir: path.join(dataDir, "no-examples") },
    ...options,
    db,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await owned?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Each call returns a distinct fake client IP, so per-IP limits of one test do not leak into the next. */
let ipCounter = 0;
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * Keeps every log line (JSON text) of an app for assertions: pass `logStream` and `env: { LOG_LEVEL }` to
 * buildTestApp; the app's own logger options (level, redaction) apply.
 */
export function captureLogs(): { logStream: { write: (line: string) => void }; lines: string[]; text: () => string } {
  const lines: string[] = [];
  return { logStream: { write: (line: string) => void lines.push(line) }, lines, text: () => lines.join("") };
}

/**
 * The mails a test app wrote to its development outbox (no SMTP_URL) to `to`, oldest first, as decoded text. Call
 * `app.settle()` first: mail goes out after the answer.
 */
export function outboxMailsTo(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, "outbox");
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return names
    .map((name) => ({ file: path.join(dir, name), time: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => a.time - b.time || a.file.localeCompare(b.file))
    .map(({ file }) => mailText(readFileSync(file, "utf8")))
    .filter((text) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(text));
}

/** The token of the newest link to `page` (verify-email, reset-password) in a mail text or list of mails. */
export function linkToken(mails: string | string[], page: string): string | undefined {
  const texts = typeof mails === "string" ? [mails] : mails.toReversed();
  for (const text of texts) {
    const token = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
    if (token) return token;
  }
  return undefined;
}
