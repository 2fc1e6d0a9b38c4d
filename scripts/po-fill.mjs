#!/usr/bin/env node
// Fills msgstr entries of a .po catalog from a JSON map { "source text": "translation" }.
// Usage: node scripts/po-fill.mjs path/to/nl.po translations.json
// Only empty msgstr are filled unless --force is given; untranslated ids left over are listed.
import { readFileSync, writeFileSync } from "node:fs";

const [poPath, jsonPath, flag] = process.argv.slice(2);
if (!poPath || !jsonPath) {
  console.error("usage: node scripts/po-fill.mjs <catalog.po> <translations.json> [--force]");
  process.exit(2);
}
const map = JSON.parse(readFileSync(jsonPath, "utf8"));
const unescape = (s) => s.replace(/\\"/g, '"').replace(/\\n/g, "\n").replace(/\\\\/g, "\\");
const escape = (s) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

const blocks = readFileSync(poPath, "utf8").split(/\n\n/);
const missing = [];
const out = blocks.map((block) => {
  const id = block.match(/^msgid ((?:".*"\n?)+)/m);
  if (!id) return block;
  const msgid = unescape([...id[1].matchAll(/"(.*)"/g)].map((m) => m[1]).join(""));
  if (msgid === "") return block;
  const current = block.match(/^msgstr ((?:".*"\n?)+)/m);
  const currentText = current ? [...current[1].matchAll(/"(.*)"/g)].map((m) => m[1]).join("") : "";
  if (currentText && flag !== "--force") return block;
  if (!(msgid in map)) {
    if (!currentText) missing.push(msgid);
    return block;
  }
  return block.replace(/^msgstr (?:".*"\n?)+/m, `msgstr "${escape(map[msgid])}"`).replace(/\n$/, "");
});
writeFileSync(poPath, out.join("\n\n"));
if (missing.length) {
  console.log(`${missing.length} still untranslated in ${poPath}:`);
  for (const m of missing) console.log(`  ${JSON.stringify(m)}`);
}
