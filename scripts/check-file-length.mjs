#!/usr/bin/env node
// A source file stays small enough to read in one sitting: at most 300 lines. Tests, end-to-end specs, type
// declarations and generated files (translation catalogs, the element manifest and its derivatives) are exempt;
// a longer source file is split by responsibility. Fails with each file and its length.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const MAX_LINES = 300;
const root = resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|css)$/;
const EXEMPT = [
  /(^|\/)(test|tests|__tests__|e2e)\//,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /\.d\.ts$/,
  /(^|\/)locales\//,
  /(^|\/)generated\//,
];

const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((path) => SOURCE.test(path) && !EXEMPT.some((rule) => rule.test(path)));

const problems = [];
for (const path of tracked) {
  let text;
  try {
    text = readFileSync(resolve(root, path), "utf8");
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_LINES) problems.push(`${path}: ${lines} lines — split it by responsibility (at most ${MAX_LINES})`);
}

if (problems.length > 0) {
  console.error(`Source files over ${MAX_LINES} lines:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.info(`check-file-length: ${tracked.length} source files, none over ${MAX_LINES} lines`);
