import { parseArgs } from "node:util";
import { BASE_PATH_PATTERN, DESK_ROLES, isEmail, type DeskRole } from "@agency/contract";
import { ConfigError, loadConfig, loadDotEnv } from "../config";
import { createDb, type Db } from "../db/db";
import { DataDirInUseError } from "../db/data-dir-lock";
import { migrate } from "../db/migrate";
import { insertAuditEntry } from "../desk/audit-repository";
import { createEnrolmentLink } from "../desk/enrolment";
import { findStaffByEmail, insertStaff, listStaff, setStaffRole } from "../desk/staff-repository";

/** Exit codes, as `npm run migrate` has them. */
export const EXIT = { ok: 0, failed: 1, usage: 2, inUse: 75, config: 78 } as const;

const USAGE = `Usage: npm run staff -- add <email> --role admin|staff [--base-path /]
       npm run staff -- list

  add    make <email> a staff member (or give them a new link) and print a one-time enrolment link:
         PUBLIC_URL/desk/enrol?token=… (works once, for 24 hours). Following it sets the password and the
         authenticator app. No password is ever printed or sent.
  list   print the staff and their roles

Migrates the database first, so it works on a new, empty one. Uses DATABASE_URL (PostgreSQL; the server may keep
running) or the embedded database in DATA_DIR (stop the server first: only one process can use a DATA_DIR).`;

type Output = Pick<NodeJS.WritableStream, "write">;

async function add(db: Db, out: Output, { email, role, publicUrl, basePath }: { email: string; role: DeskRole; publicUrl: string; basePath: string }) {
  const { link, existed } = await db.transaction(async (tx) => {
    const existing = await findStaffByEmail(tx, email);
    if (existing) await setStaffRole(tx, existing.id, role);
    const staff = existing ?? (await insertStaff(tx, email, role))!;
    const made = await createEnrolmentLink(tx, { staffId: staff.id, publicUrl, basePath });
    await insertAuditEntry(tx, { actor: "cli", action: "staff.invite", target: `staff:${email}`, detail: { role, via: "cli" }, ip: "" });
    return { link: made.link, existed: existing !== null };
  });
  out.write(
    `${existed ? `${email} is already on the staff; their role is now ${role}, and this new link lets them enrol again` : `${email} added as ${role}`}.\n` +
      `Enrolment link (works once, for 24 hours; send it to them yourself):\n\n  ${link}\n\n`,
  );
}

export async function main(argv: string[], out: Output = process.stdout, err: Output = process.stderr): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { role: { type: "string" }, "base-path": { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    err.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    out.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  const [command, emailArg, ...rest] = parsed.positionals;
  const email = emailArg?.trim().toLowerCase() ?? "";
  const role = parsed.values.role as DeskRole | undefined;
  const basePath = parsed.values["base-path"] ?? "/";
  if (command === "add") {
    if (!isEmail(email) || rest.length > 0) return usage(err, `'${emailArg ?? ""}' is not an e-mail address.`);
    if (!role || !(DESK_ROLES as readonly string[]).includes(role)) return usage(err, "--role must be admin or staff.");
    if (!new RegExp(BASE_PATH_PATTERN).test(basePath)) return usage(err, "--base-path must be / or /preview/<first>/<second>/.");
  } else if (command !== "list" || emailArg !== undefined) {
    return usage(err, `Unknown command '${parsed.positionals.join(" ")}'.`);
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
  let db;
  try {
    db = await createDb(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      err.write(
        `The embedded database in ${config.dataDir} is in use, most likely by the running server. Stop the server first, ` +
          "run this again, then start the server. (With DATABASE_URL, PostgreSQL, this works while the server runs.)\n" +
          `${error.message}\n`,
      );
      return EXIT.inUse;
    }
    err.write(`Cannot open the database: ${(error as Error).message}\n`);
    return EXIT.failed;
  }
  try {
    await migrate(db);
    if (command === "list") {
      const staff = await listStaff(db);
      if (staff.length === 0) out.write("No staff yet. Add the first admin: npm run staff -- add you@example.com --role admin\n");
      for (const s of staff) out.write(`${s.email}  ${s.role}  ${s.enrolled_at ? "enrolled" : "invited, not enrolled yet"}\n`);
      return EXIT.ok;
    }
    await add(db, out, { email, role: role!, publicUrl: config.publicUrl, basePath });
    return EXIT.ok;
  } catch (error) {
    err.write(`${(error as Error).message}\n`);
    return EXIT.failed;
  } finally {
    await db.close();
  }
}

function usage(err: Output, message: string): number {
  err.write(`${message}\n\n${USAGE}\n`);
  return EXIT.usage;
}

// Run only as a program, not when a test imports it.
if (process.argv[1] && /staff\.(ts|js)$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(EXIT.failed);
    },
  );
}
