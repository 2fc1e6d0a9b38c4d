/**
 * Writes `.env.example` and the settings table of docs/configuration.md from the settings schema
 * (`packages/server/src/config/settings.ts`): `npm run settings:docs`. A server test compares both files with
 * `settingsDocs()` and fails until they are written again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { settingList } from "../src/config";
import { configSchema } from "../src/config/settings";
import type { Setting } from "../src/config/read-setting";
import { repoRoot } from "../src/paths";

const ENV_EXAMPLE_INTRO = `# Every setting of the server, with its default (or an example), commented out: copy this file to .env (or set
# variables in the environment) and uncomment what you change. \`npm start\`, \`npm run dev\`, the server and its
# command-line tools read .env from the directory they are started in; a variable set in the real environment wins
# over the file. Every value is checked at start; a mistake stops the server with a message naming the setting.
# Without any setting the site runs on http://localhost:8080 with an embedded database in ./data and mail written to
# ./data/outbox. Running it in containers or as several instances: docs/deploy.md.
# Written by \`npm run settings:docs\` from packages/server/src/config/settings.ts: change a setting there.`;

/** The document with the settings table (the README points to it). */
const CONFIGURATION_DOC = "docs/configuration.md";
const TABLE_START = "<!-- settings table: written by `npm run settings:docs` from packages/server/src/config/settings.ts -->";
const TABLE_END = "<!-- end of settings table -->";

/** The files the schema writes, by path from the repository root, with their content. */
export function settingsDocs(): Record<string, string> {
  const readme = readFileSync(path.join(repoRoot, CONFIGURATION_DOC), "utf8");
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${CONFIGURATION_DOC} lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return {
    ".env.example": envExample(),
    [CONFIGURATION_DOC]: `${readme.slice(0, start)}${TABLE_START}\n${settingsTable()}\n${readme.slice(end)}`,
  };
}

function envExample(): string {
  const lines = [ENV_EXAMPLE_INTRO];
  const walk = (object: Setting) => {
    for (const setting of Object.values(object.properties ?? {})) {
      if (setting.section) lines.push("", `# --- ${setting.section}`, ...comment(setting.type === "object" ? setting.description : undefined));
      if (setting.type === "object") {
        walk(setting);
        continue;
      }
      lines.push("", ...comment(meaning(setting)), `# ${setting.env}=${setting.example ?? shownDefault(setting) ?? ""}`);
    }
  };
  walk(configSchema as unknown as Setting);
  return `${lines.join("\n")}\n`;
}

function settingsTable(): string {
  const rows = settingList().map((setting) => {
    const name = `\`${setting.env}\`${setting.secret ? " (secret)" : ""}`;
    const fallback = shownDefault(setting);
    return `| ${name} | ${fallback ? `\`${fallback}\`` : "–"} | ${meaning(setting).replaceAll("|", "\\|")} |`;
  });
  return ["| Setting | Default | Meaning |", "| --- | --- | --- |", ...rows].join("\n");
}

/** The description, and the values a choice allows. */
function meaning(setting: Setting): string {
  const choices = setting.enum ?? (setting.type === "boolean" ? setting.spelling : undefined);
  return choices ? `${setting.description} One of ${choices.join(", ")}.` : setting.description;
}

/** The default as it is written in the environment, or undefined when there is none. */
function shownDefault(setting: Setting): string | undefined {
  const value = setting.default;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  if (typeof value === "boolean" && setting.spelling) return setting.spelling[value ? 0 : 1];
  return Array.isArray(value) ? value.join(",") : String(value);
}

/** Comment lines of at most 118 characters. */
function comment(text: string | undefined): string[] {
  if (!text) return [];
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > 118 && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, content] of Object.entries(settingsDocs())) writeFileSync(path.join(repoRoot, file), content);
  console.info("Wrote .env.example and the settings table of docs/configuration.md from packages/server/src/config/settings.ts");
}
