#!/usr/bin/env node
// Gzip size of what a page downloads (build first: npm run build).
//  - agency-widgets.js (all six elements) with every chunk it imports statically: budget 110 KB
//  - each per-element entry with its chunks: budget 85 KB
//  - the site's JavaScript for "/", measured in Chromium: every script fetched until the network is idle, then
//    after scrolling through the whole page (the pricing element further down is loaded as it comes into
//    view): budget 100 KB for that total. React Router and the page's own code are not among them: they come
//    with the first navigation (see docs/architecture.md).
// All with React 19 (react-dom); axios is loaded with the first API call, so it counts only where a page calls.
import { chromium } from "@playwright/test";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { fail, freePort, root, startServer } from "./lib.mjs";

const KB = 1024;
const BUDGET = { all: 110 * KB, one: 85 * KB, site: 100 * KB };
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
  console.log(`${name.padEnd(28)} ${fmt(size).padStart(9)}  (${files.length} files, budget ${fmt(budget)}, ${fmt(budget - size)} left)`);
  if (size > budget) fail(`${name} is ${fmt(size)} gzip, budget ${fmt(budget)}`);
}

console.log("Element bundle (gzip, entry + static imports)");
report("agency-widgets.js", "agency-widgets.js", BUDGET.all);
for (const name of readdirSync(dist).filter((f) => /^agency-.+\.js$/.test(f) && f !== "agency-widgets.js" && f !== "agency-demo.js")) {
  report(name, name, BUDGET.one);
}

// A free port: other jobs on the machine (test runs, another benchmark) may hold any fixed one.
const server = await startServer({ port: await freePort() });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  const scripts = new Map();
  const pending = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(response.body().then((body) => scripts.set(response.url(), gz(body))));
  });
  const sum = () => [...scripts.values()].reduce((a, b) => a + b, 0);
  await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
  await Promise.all(pending);
  const initial = sum();
  // Through the whole page, a screen at a time, as a reader would: what comes into view loads.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await Promise.all(pending);
  const total = sum();
  console.log(`\nSite, JavaScript for / (gzip, as fetched by Chromium)`);
  for (const [url, size] of scripts) console.log(`  ${new URL(url).pathname.padEnd(50)} ${fmt(size).padStart(9)}`);
  console.log(`${"until the network is idle".padEnd(28)} ${fmt(initial).padStart(9)}`);
  console.log(`${"after scrolling to the end".padEnd(28)} ${fmt(total).padStart(9)}  (budget ${fmt(BUDGET.site)}, ${fmt(BUDGET.site - total)} left)`);
  if (total > BUDGET.site) fail(`the site's JavaScript for / is ${fmt(total)} gzip, budget ${fmt(BUDGET.site)}`);
} finally {
  await browser.close();
  await server.stop();
}
