#!/usr/bin/env node
// Keeps the build just made: writes dist/release.json (the version the server reports and serves it under) and
// copies dist/ into releases/<version>/. Nothing in releases/ is ever deleted or replaced by an older build, so
// the chunks of every earlier release stay on disk and the server can still hand them to pages opened before a
// deploy. Run after the build and its precompression (the root `npm run build:widgets` does).
// Usage: node keep-release.mjs [package folder, default the one this script is in]
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const packageDir = resolve(process.argv[2] ?? join(import.meta.dirname, ".."));
const dist = join(packageDir, "dist");
const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`package.json's version "${version}" is not x.y.z`);
if (!existsSync(join(dist, "agency-widgets.js"))) throw new Error(`${dist} holds no build: run the build first`);

writeFileSync(join(dist, "release.json"), `${JSON.stringify({ version })}\n`);
const target = join(packageDir, "releases", version);
mkdirSync(target, { recursive: true });
// Merged into what an earlier build of the same version left: entries take the new content, chunks accumulate.
cpSync(dist, target, { recursive: true, force: true });
console.info(`kept the ${version} build in ${target}`);
