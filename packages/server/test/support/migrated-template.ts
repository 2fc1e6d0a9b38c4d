import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { pgliteDb } from "../../src/db/db";
import { migrate } from "../../src/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (uncompressed tar), for the test databases. */
    migratedPgliteDump: string;
  }
}

/**
 * Vitest's global setup for the server tests: one embedded database is made and migrated before any test file runs,
 * and each test database of buildTestApp starts from its dump. Making a database costs seconds (its data directory
 * is created afresh) and migrating it nearly one; loading the dump costs about a second.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-migrated-"));
  const file = path.join(dir, "pglite.tar");
  const instance = new PGlite();
  try {
    await migrate(pgliteDb(instance));
    writeFileSync(file, Buffer.from(await (await instance.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await instance.close();
  }
  project.provide("migratedPgliteDump", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
