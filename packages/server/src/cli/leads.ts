import { parseArgs } from "node:util";
import { loadConfig, loadDotEnv, ConfigError } from "../config";
import { exportRows } from "../contact/repository";
import { createDb, type Db } from "../db/db";
import { migrate } from "../db/migrate";
import { csvCell, csvDocument, type CsvValue } from "../lib/csv";

/** The columns of every lead export, in order. */
export const LEAD_CSV_COLUMNS = [
  "id", "created_at", "last_contact_at", "name", "email", "company", "country_code", "phone", "current_website",
  "project_type", "budget_range", "budget_unknown", "timeline", "primary_goal", "features", "domain_status", "hear_about_us",
  "biggest_challenge", "message", "language", "source", "page_url", "origin", "referrer", "utm_source",
  "utm_medium", "utm_campaign", "utm_term", "utm_content", "is_spam", "held_for_review", "notified_at",
] as const;

/** Kept for the scripts that import it from here; the writer is lib/csv.ts. */
export { csvCell };

/** Export rows (every column of contact_requests) as CSV, with `extra` columns after the common ones. */
export function leadsCsv(rows: (Record<string, unknown> & { utm: Record<string, string> })[], extra: readonly string[] = []): string {
  const columns = [...LEAD_CSV_COLUMNS, ...extra];
  return csvDocument(
    columns,
    rows.map((row) => {
      const flat = { ...row, ...row.utm } as Record<string, CsvValue>;
      return columns.map((c) => flat[c]);
    }),
  );
}

export interface ExportOptions {
  includeSpam?: boolean;
  since?: Date;
}

/** Every quote request as CSV (header line first), oldest first. */
export async function exportLeadsCsv(db: Db, options: ExportOptions = {}): Promise<string> {
  return leadsCsv(await exportRows(db, options));
}

const USAGE = `Usage: npm run leads -- export [--since YYYY-MM-DD] [--include-spam]

  export          print every quote request as CSV on stdout
  --since DATE    only requests received on or after DATE
  --include-spam  also requests caught by the honeypot

Reads the database of DATA_DIR (or DATABASE_URL). With the embedded database, stop the server first:
PGlite allows one process per data directory.`;

export async function main(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { since: { type: "string" }, "include-spam": { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command] = parsed.positionals;
  if (parsed.values.help || command !== "export") {
    if (parsed.values.help) out.write(`${USAGE}\n`);
    else console.error(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  let since: Date | undefined;
  if (parsed.values.since) {
    since = new Date(parsed.values.since);
    if (Number.isNaN(since.getTime())) {
      console.error(`--since must be a date like 2025-01-31, got '${parsed.values.since}'`);
      return 2;
    }
  }
  loadDotEnv();
  let config;
  try {
    config = loadConfig(process.env, undefined, "tool");
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  const db = await createDb(config);
  try {
    await migrate(db);
    out.write(await exportLeadsCsv(db, { includeSpam: parsed.values["include-spam"] ?? false, since }));
    return 0;
  } finally {
    await db.close();
  }
}

// Run only as a program, not when a test imports the functions above.
if (process.argv[1] && /leads\.(ts|js)$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
