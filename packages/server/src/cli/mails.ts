import { parseArgs } from "node:util";
import { BASE_PATH_PATTERN } from "@agency/contract";
import { ConfigError, loadConfig, loadDotEnv } from "../config";
import { loadAllMailTemplates, renderSamples } from "../mail/registry";
import { serverSrcDir } from "../paths";

/** Exit codes, as the other tools have them. */
export const EXIT = { ok: 0, failed: 1, usage: 2, config: 78 } as const;

const USAGE = `Usage: npm run mails -- preview [--json] [--public-url <url>] [--base-path /]

  preview  print every mail the server sends, in Dutch and English, written from each template's samples: the
           subject, the text and the links (made-up tokens where a link carries one). --json prints them as
           JSON: [{ template, locale, variant, subject, text, links }]. The links point at --public-url (default:
           PUBLIC_URL) and --base-path.

Every template is found by itself: each module of the server that calls defineMail (src/mail/registry.ts).
Nothing is sent and no database is opened.`;

type Output = Pick<NodeJS.WritableStream, "write">;

export async function main(argv: string[], out: Output = process.stdout, err: Output = process.stderr): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: "boolean" }, "public-url": { type: "string" }, "base-path": { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    err.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    out.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (parsed.positionals.join(" ") !== "preview") {
    err.write(`Unknown command '${parsed.positionals.join(" ")}'.\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const basePath = parsed.values["base-path"] ?? "/";
  if (!new RegExp(BASE_PATH_PATTERN).test(basePath)) {
    err.write(`--base-path must be / or /preview/<first>/<second>/.\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  let publicUrl = parsed.values["public-url"];
  if (!publicUrl) {
    loadDotEnv();
    try {
      publicUrl = loadConfig(process.env, undefined, "tool").publicUrl;
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      err.write(`${error.message}\n`);
      return EXIT.config;
    }
  }

  await loadAllMailTemplates(serverSrcDir);
  const samples = renderSamples({ publicUrl: publicUrl.replace(/\/+$/, ""), basePath });
  if (parsed.values.json) {
    out.write(`${JSON.stringify(samples, null, 2)}\n`);
    return EXIT.ok;
  }
  for (const sample of samples) {
    out.write(`==== ${sample.template} (${sample.locale}, sample ${sample.variant + 1})\nSubject: ${sample.subject}\n\n${sample.text}\n\n`);
  }
  out.write(`${new Set(samples.map((s) => s.template)).size} templates, ${samples.length} mails.\n`);
  return EXIT.ok;
}

// Run only as a program, not when a test imports it.
if (process.argv[1] && /mails\.(ts|js)$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(EXIT.failed);
    },
  );
}
