#!/usr/bin/env node
// Gzip size of what a page downloads (build first: npm run build).
//  - agency-widgets.js (all six elements) with every chunk it imports statically: budget 115 KB
//  - each per-element entry with its chunks: budget 95 KB
//  - the host's initial JavaScript for "/", measured in Chromium (every script fetched until the network is
//    idle, so the lazily loaded home route and its elements count too): budget 135 KB
// All with React 19 (react-dom); axios is loaded with the first API call, so it counts only where a page calls.
import { chromium } from "@playwright/test";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { fail, root, startServer } from "./lib.mjs";

const KB = 1024;
const dist = join(root, "packages/widgets/dist");
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const fmt = (n) => `${(n / KB).toFixed(1)} KB`;

/** The entry plus every module it imports or re-exports statically (what the browser must fetch before it runs). */
function staticGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const [, spec] of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    staticGraph(resolve(dirname(file), spec), seen);
  }
  return seen;
}

function report(name, entry, budget) {
  const files = [...staticGraph(join(dist, entry))];
  const size = files.reduce((sum, f) => sum + gz(readFileSync(f)), 0);
  console.log(`${name.padEnd(28)} ${fmt(size).padStart(9)}  (${files.length} files, budget ${fmt(budget)})`);
  if (size > budget) fail(`${name} is ${fmt(size)} gzip, budget ${fmt(budget)}`);
}

console.log("Element bundle (gzip, entry + static imports)");
report("agency-widgets.js", "agency-widgets.js", 115 * KB);
for (const name of readdirSync(dist).filter((f) => /^agency-.+\.js$/.test(f) && f !== "agency-widgets.js" && f !== "agency-demo.js")) {
  report(name, name, 95 * KB);
}

const server = await startServer({ port: 4430 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.set(response.url(), gz(await response.body()));
  });
  await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  console.log(`\nHost, initial JavaScript for / (gzip, as fetched by Chromium)`);
  for (const [url, size] of scripts) console.log(`  ${new URL(url).pathname.padEnd(50)} ${fmt(size).padStart(9)}`);
  console.log(`${"total".padEnd(28)} ${fmt(total).padStart(9)}  (budget ${fmt(135 * KB)})`);
  if (total > 135 * KB) fail(`host first load is ${fmt(total)} gzip, budget 135 KB`);
} finally {
  await browser.close();
  await server.stop();
}
