#!/usr/bin/env node
// Lighthouse 12 in Debian's Chromium against the production server (build first: npm run build), each page as the
// server renders it, LIGHTHOUSE_RUNS (5) runs per page and device, mobile and desktop (LIGHTHOUSE_DEVICES=mobile
// or =desktop for one; LIGHTHOUSE_PAGES=/a,/b for some pages). Prints the load average at the start and, per page
// and device, the median of each score and of FCP, LCP, TBT (with its lowest and highest run), speed index and CLS.
// The server takes a free port, or BENCH_PORT.
//
// LIGHTHOUSE_BASELINE=/path/to/another/checkout (built with npm run build) measures that build in the same run, its
// runs taking turns with this build's on each page, and prints its medians under this build's: a comparison on one
// machine at one time, where a comparison of two runs made apart says more about the machine than about the builds.
// This build's mobile TBT median must then be no higher than the baseline's.
//
// Beside the pages it measures a blank page sent with the site's own response headers, held to no budget: what the
// browser spends on any page of this site on this machine, which no change to a page can remove. A page sent with
// a Cross-Origin-Opener-Policy starts a new renderer process when it is opened from a blank tab, and Lighthouse
// counts the task that commits the page there as blocking time; the site leaves the policy out of a navigation the
// visitor starts, as Lighthouse's is (packages/server/src/plugins/security.ts).
//
// Budgets: mobile performance 100 on every page (99 tolerated on at most one), FCP ≤ 1.0 s, LCP ≤ 1.5 s,
// TBT ≤ 30 ms, CLS ≤ 0.01; desktop performance 100; accessibility, best practices and SEO 100 everywhere.
// Lighthouse's simulated throttling scales the main-thread work it observes: on a machine other jobs share, the
// figures say little. Compare runs made on a quiet machine (load average well under 1).
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { fail, freePort, startServer } from "./lib.mjs";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const RETRIES = 2;
const DEVICES = (process.env.LIGHTHOUSE_DEVICES ?? "mobile,desktop").split(",").map((d) => d.trim());
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  { key: "first-contentful-paint", label: "FCP", unit: "s" },
  { key: "largest-contentful-paint", label: "LCP", unit: "s" },
  { key: "total-blocking-time", label: "TBT", unit: "ms" },
  { key: "speed-index", label: "SI", unit: "s" },
  { key: "cumulative-layout-shift", label: "CLS", unit: "" },
];
const BUDGET = {
  scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 },
  /** Mobile performance of 99 is tolerated on this many pages. */
  mobileNinetyNines: 1,
  mobile: { "first-contentful-paint": 1000, "largest-contentful-paint": 1500, "total-blocking-time": 30, "cumulative-layout-shift": 0.01 },
};
// The language guard shows an English page only within five seconds of the toggle (sessionStorage): the bench
// sets that marker before each English page, as the toggle does.
const TOGGLE = `sessionStorage.setItem("languageToggleUsed", String(Date.now()));`;

/** Response headers of the site's pages that describe the body, the connection or one request, not the site. */
const NOT_COPIED = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "etag", "vary", "set-cookie", "x-request-id"]);
const BLANK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank page</title><meta name="description" content="A blank page sent with the site's response headers."></head><body><p>Blank page.</p></body></html>`;

/**
 * The blank page, on a port of its own, with the headers the site sends with its home page to the same request:
 * the navigation's `Sec-Fetch-*` headers decide whether the page comes with the opener policy.
 */
async function serveBlankPage(siteUrl) {
  const siteHeaders = async (request) => {
    const asked = Object.entries(request.headers).filter(([name]) => name === "accept" || name.startsWith("sec-fetch-"));
    const site = await fetch(`${siteUrl}/`, { headers: Object.fromEntries(asked) });
    return Object.fromEntries([...site.headers].filter(([name]) => !NOT_COPIED.has(name)));
  };
  // The browser's request for /favicon.ico gets an empty answer: a 404 would be a console error in the report.
  const blank = createServer(async (request, response) => {
    if (request.url === "/") response.writeHead(200, await siteHeaders(request)).end(BLANK_PAGE);
    else response.writeHead(request.url === "/favicon.ico" ? 204 : 404).end();
  });
  await new Promise((listening) => blank.listen(0, "127.0.0.1", listening));
  const close = () =>
    new Promise((closed) => {
      blank.close(closed);
      // The browser's keep-alive connections would hold the server open.
      blank.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${blank.address().port}/`, close };
}

/** The median of the values that are numbers; NaN when none is. */
const median = (values) => {
  const numbers = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return numbers.length ? numbers[Math.floor(numbers.length / 2)] : Number.NaN;
};
const show = (value, unit) => (unit === "s" ? (value / 1000).toFixed(2) : unit === "ms" ? String(Math.round(value)) : value.toFixed(3));

console.log(`load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(" ")} (${RUNS} runs per page and device)`);
const server = await startServer({ port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort() });
const BASELINE = process.env.LIGHTHOUSE_BASELINE;
const baseline = BASELINE ? await startServer({ port: await freePort(), tree: resolve(BASELINE) }) : null;
const blank = await serveBlankPage(server.url);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

/** One Lighthouse run in a fresh tab; English pages with a fresh toggle marker. */
async function run(url, device) {
  const { pathname: path } = new URL(url);
  const page = await browser.newPage();
  try {
    if (path === "/en" || path.startsWith("/en/")) await page.evaluateOnNewDocument(TOGGLE);
    const result = await lighthouse(
      url,
      { output: "json", logLevel: "error", onlyCategories: CATEGORIES },
      device === "desktop" ? desktopConfig : undefined,
      page,
    );
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    if (new URL(finalDisplayedUrl).pathname !== path) throw new Error(`${url} ended on ${finalDisplayedUrl}`);
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c].score ?? 0) * 100)])),
      metrics: Object.fromEntries(METRICS.map(({ key }) => [key, audits[key]?.numericValue ?? Number.NaN])),
      /** Lighthouse's messages for the metrics it could not measure in this run (a failed trace, say). */
      failures: [...new Set(METRICS.filter(({ key }) => audits[key]?.numericValue === undefined).map(({ key }) => audits[key]?.errorMessage ?? `no ${key}`))],
    };
  } finally {
    await page.close();
  }
}

/** One measured run: a run Lighthouse could not measure (a failed trace) is run again, twice at most per target. */
async function measuredRun(url, device, label, retries) {
  for (;;) {
    const result = await run(url, device);
    if (!result.failures.length || retries.count >= RETRIES) return result;
    retries.count++;
    console.log(`  ${label} ${device}: a run failed (${result.failures.join("; ")}), run again`);
  }
}

/** The medians of a target's runs, and its TBT's lowest and highest run. */
function summary(runs) {
  const tbts = runs.map((r) => Math.round(r.metrics["total-blocking-time"])).filter((tbt) => !Number.isNaN(tbt));
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
    metrics: Object.fromEntries(METRICS.map(({ key }) => [key, median(runs.map((r) => r.metrics[key]))])),
    tbtRange: `${Math.min(...tbts)}–${Math.max(...tbts)}`,
    failed: runs.filter((r) => r.failures.length),
  };
}

try {
  const { posts } = await (await fetch(`${server.url}/api/blog?page=1&limit=1`)).json();
  const all = ["/", "/pricing", "/contact", "/services", "/blog", ...(posts[0] ? [`/blog/${posts[0].id}`] : []), "/en/pricing", "/login"];
  // LIGHTHOUSE_PAGES=/pricing,/login measures those alone (a quick look, not the benchmark).
  const pages = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(",").map((p) => p.trim()) : all;
  const targets = [
    ...pages.map((path) => ({ label: path, path, url: `${server.url}${path}`, budgeted: true })),
    { label: "blank page, site's headers", path: "", url: blank.url, budgeted: false },
  ];
  const width = Math.max(...targets.map((t) => t.label.length), baseline ? "  before".length : 0) + 1;
  const columns = [...CATEGORIES.map((c) => c.replace("best-practices", "best-pr.")), ...METRICS.map((m) => m.label)];
  if (baseline) console.log(`"before": the build in ${resolve(BASELINE)}, its runs taking turns with this build's`);
  console.log(`${"page".padEnd(width)} ${"device".padEnd(8)}${columns.map((c) => c.padStart(14)).join("")}`);
  const print = (label, device, { scores, metrics, tbtRange, failed }) => {
    const cells = [
      ...CATEGORIES.map((c) => String(scores[c])),
      ...METRICS.map(({ key, unit }) => show(metrics[key], unit) + (key === "total-blocking-time" ? ` (${tbtRange})` : "")),
    ];
    console.log(`${label.padEnd(width)} ${device.padEnd(8)}${cells.map((c) => c.padStart(14)).join("")}`);
    for (const { failures } of failed) console.log(`  a run without figures, left out of the medians: ${failures.join("; ")}`);
  };
  let ninetyNines = 0;
  for (const device of DEVICES) {
    for (const { label: path, url, budgeted, path: appPath } of targets) {
      const compared = baseline && budgeted;
      const runs = [];
      const before = [];
      const retries = { count: 0 };
      const baselineRetries = { count: 0 };
      for (let i = 0; i < RUNS; i++) {
        runs.push(await measuredRun(url, device, path, retries));
        if (compared) before.push(await measuredRun(`${baseline.url}${appPath}`, device, `${path} (before)`, baselineRetries));
      }
      const now = summary(runs);
      const { scores, metrics } = now;
      print(path, device, now);
      const was = compared ? summary(before) : null;
      if (was) print("  before", device, was);
      if (!budgeted) continue;

      for (const category of CATEGORIES) {
        const score = scores[category];
        if (score >= BUDGET.scores[category]) continue;
        const tolerated = device === "mobile" && category === "performance" && score === 99 && ++ninetyNines <= BUDGET.mobileNinetyNines;
        if (!tolerated) fail(`${path} ${device} ${category} ${score} < ${BUDGET.scores[category]}`);
      }
      if (device !== "mobile") continue;
      for (const [key, limit] of Object.entries(BUDGET.mobile)) {
        const { label, unit } = METRICS.find((m) => m.key === key);
        // A median that is no number (no run gave a value) misses the budget too.
        if (!(metrics[key] <= limit)) fail(`${path} mobile ${label} ${show(metrics[key], unit)} > ${show(limit, unit)}`);
      }
      // Compared in whole milliseconds, as printed.
      const tbt = Math.round(metrics["total-blocking-time"]);
      const tbtBefore = Math.round(was?.metrics["total-blocking-time"]);
      if (was && !(tbt <= tbtBefore)) fail(`${path} mobile TBT ${tbt} ms > ${tbtBefore} ms before`);
    }
  }
} finally {
  await blank.close();
  await browser.disconnect();
  await chrome.kill();
  await server.stop();
  await baseline?.stop();
}
