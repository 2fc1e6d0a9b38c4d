import { parseArgs } from "node:util";
import { ConfigError, loadConfig, loadDotEnv } from "../config";
import { createDb } from "../db/db";
import { migrate, migrationStatus } from "../db/migrate";

/** Exit codes a deploy pipeline can branch on. */
export const EXIT = { ok: 0, failed: 1, usage: 2, pending: 3, config: 78 } as const;

const USAGE = `Usage: npm run migrate [-- status]

  (no command)  apply every pending migration, each once, and list what was applied
  status        list applied and pending migrations; change nothing

Exit codes: 0 done (status: nothing pending), 3 status: migrations are pending, 1 a migration failed or the
database cannot be reached, 2 wrong usage, 78 invalid configuration.

Uses DATABASE_URL (PostgreSQL), else the embedded database in DATA_DIR (stop the server first: only one process
can use a DATA_DIR). Reads .env when present. The server also applies pending migrations when it starts; running
this first, once per deploy, keeps that start quick. Several instances starting together are safe either way.`;

type Output = Pick<NodeJS.WritableStream, "write">;

export async function main(argv: string[], out: Output = process.stdout, err: Output = process.stderr): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  } catch (error) {
    err.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    out.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  const [command, ...rest] = parsed.positionals;
  if ((command !== undefined && command !== "status") || rest.length > 0) {
    err.write(`Unknown command '${parsed.positionals.join(" ")}'.\n\n${USAGE}\n`);
    return EXIT.usage;
  }

  loadDotEnv();
  let config;
  try {
    config = loadConfig(process.env, undefined, "tool");
  } catch (error) {
    if (error instanceof ConfigError) {
      err.write(`${error.message}\n`);
      return EXIT.config;
    }
    throw error;
  }

  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${config.dataDir}`;
  let db;
  try {
    db = await createDb(config);
  } catch (error) {
    err.write(`Cannot open ${where}: ${(error as Error).message}\n`);
    return EXIT.failed;
  }
  try {
    if (command === "status") {
      const status = await migrationStatus(db);
      out.write(`Migrations in ${where}:\n`);
      for (const row of status.applied) out.write(`  applied  ${row.name}  ${row.appliedAt.toISOString()}\n`);
      for (const name of status.pending) out.write(`  pending  ${name}\n`);
      for (const name of status.unknown) out.write(`  unknown  ${name}  (applied by a newer version of the server)\n`);
      out.write(status.pending.length === 0 ? "Up to date.\n" : `${status.pending.length} pending; run: npm run migrate\n`);
      return status.pending.length === 0 ? EXIT.ok : EXIT.pending;
    }
    const applied = await migrate(db);
    for (const name of applied) out.write(`  applied  ${name}\n`);
    out.write(applied.length === 0 ? `Nothing to apply: ${where} is up to date.\n` : `Applied ${applied.length} migration(s) to ${where}.\n`);
    return EXIT.ok;
  } catch (error) {
    err.write(`${(error as Error).message}\n`);
    return EXIT.failed;
  } finally {
    await db.close();
  }
}

// Run only as a program, not when a test imports it.
if (process.argv[1] && /migrate\.(ts|js)$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(EXIT.failed);
    },
  );
}
