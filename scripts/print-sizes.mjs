#!/usr/bin/env node
// Prints the gzip size of every JavaScript and CSS file the build produced (widgets bundle and host).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = resolve(import.meta.dirname, "..");
const dirs = ["packages/widgets/dist", "host/dist"];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // The site's server entry is not downloaded by browsers.
    if (path.endsWith("host/dist/server")) continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(js|css)$/.test(name)) yield path;
  }
}

for (const dir of dirs) {
  const abs = join(root, dir);
  try {
    statSync(abs);
  } catch {
    continue;
  }
  console.log(`\n${dir}`);
  for (const file of walk(abs)) {
    const buf = readFileSync(file);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
    console.log(`  ${relative(abs, file).padEnd(48)} ${kb(buf.length)}  gzip ${kb(gzipSync(buf, { level: 9 }).length)}`);
  }
}
