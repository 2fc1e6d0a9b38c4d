#!/usr/bin/env node
// Keeps the build just made: writes dist/release.json (the version the server reports and serves it under) and
// dist/integrity.json (each script's and stylesheet's sha384, for partners who pin a version with Subresource Integrity), and
// copies dist/ into releases/<version>/. Nothing in releases/ is ever deleted or replaced by an older build, so
// the chunks of every earlier release stay on disk and the server can still hand them to pages opened before a
// deploy. Run after the build and its precompression (the root `npm run build:widgets` does).
// Usage: node keep-release.mjs [package folder, default the one this script is in]
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";

const packageDir = resolve(process.argv[2] ?? join(import.meta.dirname, ".."));
const dist = join(packageDir, "dist");
const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`package.json's version "${version}" is not x.y.z`);
if (!existsSync(join(dist, "agency-widgets.js"))) throw new Error(`${dist} holds no build: run the build first`);

writeFileSync(join(dist, "release.json"), `${JSON.stringify({ version })}\n`);

/** Every script and stylesheet of the build, by its path below dist/ (`agency-widgets.js`, `chunks/shared-….js`, `agency-widgets.css`). */
function* scripts(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* scripts(path);
    else if (name.endsWith(".js") || name.endsWith(".css")) yield relative(dist, path).split(sep).join("/");
  }
}
// The hashes of the files as they are on disk: the server sends these bytes, or their .gz/.br forms, which
// decode to the same bytes, so one hash holds in every content encoding.
const integrity = Object.fromEntries(
  Array.from(scripts(dist), (file) => [file, `sha384-${createHash("sha384").update(readFileSync(join(dist, file))).digest("base64")}`]),
);
writeFileSync(join(dist, "integrity.json"), `${JSON.stringify(integrity, null, 2)}\n`);
const target = join(packageDir, "releases", version);
mkdirSync(target, { recursive: true });
// Merged into what an earlier build of the same version left: entries take the new content, chunks accumulate.
cpSync(dist, target, { recursive: true, force: true });
console.info(`kept the ${version} build in ${target}`);
