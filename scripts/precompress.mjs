#!/usr/bin/env node
// Writes file.br and file.gz next to every compressible build output over 1 KB, so the server sends them as
// they are (fastify-static's preCompressed) instead of compressing on every request.
// Usage: node scripts/precompress.mjs <dist folder> [...]
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|map)$/;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // The site's server entry is read by the server, never sent to browsers.
    if (path.endsWith("host/dist/server")) continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

for (const dir of process.argv.slice(2)) {
  let count = 0;
  for (const file of walk(dir)) {
    const source = readFileSync(file);
    if (source.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    count++;
  }
  console.log(`precompressed ${count} files in ${dir}`);
}
