#!/usr/bin/env node
// Every message exists in nl and en: fails on an empty msgstr in any catalog, listing each one. (The source
// locale, en, is filled from the source texts by `lingui extract`; a message with an explicit id and no source
// text stays empty there.) Every error code of the API contract must have its text in both of the contract's
// catalogs, since the server writes it and the browser code translates it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { tsImport } from "tsx/esm/api";

const root = resolve(import.meta.dirname, "..");
const catalogs = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name === "nl.po" || name === "en.po") catalogs.push(path);
  }
})(join(root, "packages"));
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name === "nl.po" || name === "en.po") catalogs.push(path);
  }
})(join(root, "host/src"));

/** msgid → msgstr of one catalog (obsolete entries left out). */
function entries(file) {
  const found = new Map();
  for (const block of readFileSync(file, "utf8").split(/\n\n/)) {
    const id = block.match(/^msgid ((?:".*"\n?)+)/m);
    const str = block.match(/^msgstr ((?:".*"\n?)+)/m);
    if (!id || block.startsWith("#~")) continue;
    const text = (m) => [...m[1].matchAll(/"(.*)"/g)].map((x) => x[1]).join("");
    if (text(id) === "") continue;
    found.set(text(id), str ? text(str) : "");
  }
  return found;
}

const missing = [];
let total = 0;
for (const file of catalogs) {
  for (const [id, text] of entries(file)) {
    if (file.endsWith("nl.po")) total++;
    if (text === "") missing.push(`${relative(root, file)}: ${id}`);
  }
}

const { ERROR_CODES } = await tsImport("../packages/contract/src/error-codes.ts", import.meta.url);
for (const locale of ["nl", "en"]) {
  const file = join(root, `packages/contract/src/locales/${locale}.po`);
  const texts = entries(file);
  for (const code of ERROR_CODES) {
    if (!texts.get(code)) missing.push(`${relative(root, file)}: error code ${code} has no text (add it to messages.ts, then npm run i18n:extract)`);
  }
}

if (missing.length) {
  console.error(`Missing translations (${missing.length}):\n  ${[...new Set(missing)].join("\n  ")}`);
  process.exit(1);
}
console.log(`Translations: ${total} messages in ${catalogs.length / 2} catalog pairs, all in nl and en; ${ERROR_CODES.length} error codes with both texts`);
