#!/usr/bin/env node
// Every message exists in nl and en: fails on an empty msgstr in any non-source catalog, listing each one.
// (The source locale, en, is filled from the source texts by `lingui extract`.)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const catalogs = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name === "nl.po") catalogs.push(path);
  }
})(join(root, "packages"));
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name === "nl.po") catalogs.push(path);
  }
})(join(root, "host/src"));

const missing = [];
let total = 0;
for (const file of catalogs) {
  for (const block of readFileSync(file, "utf8").split(/\n\n/)) {
    const id = block.match(/^msgid ((?:".*"\n?)+)/m);
    const str = block.match(/^msgstr ((?:".*"\n?)+)/m);
    if (!id || block.startsWith("#~")) continue;
    const text = (m) => [...m[1].matchAll(/"(.*)"/g)].map((x) => x[1]).join("");
    if (text(id) === "") continue;
    total++;
    if (!str || text(str) === "") missing.push(`${relative(root, file)}: ${text(id)}`);
  }
}
if (missing.length) {
  console.error(`Missing Dutch translations (${missing.length}):\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
console.log(`Translations: ${total} messages in ${catalogs.length} catalogs, all in nl and en`);
