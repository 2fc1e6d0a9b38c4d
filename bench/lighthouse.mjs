#!/usr/bin/env node
// Lighthouse 12 in Debian's Chromium against the production server (build first: npm run build): median of
// LIGHTHOUSE_RUNS (3) mobile runs on /, /pricing, /contact, /blog and the newest blog article, each page as the
// server renders it. LIGHTHOUSE_DESKTOP=1 adds the desktop runs. BENCH_PORT moves the server (default 4440).
// Budgets: performance ≥ 95; accessibility, best practices and SEO 100; cumulative layout shift ≤ 0.02.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { fail, startServer } from "./lib.mjs";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const FORM_FACTORS = process.env.LIGHTHOUSE_DESKTOP ? ["mobile", "desktop"] : ["mobile"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BUDGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const CLS_BUDGET = 0.02;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4440) });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

try {
  const { posts } = await (await fetch(`${server.url}/api/blog?page=1&limit=1`)).json();
  const pages = ["/", "/pricing", "/contact", "/blog", ...(posts[0] ? [`/blog/${posts[0].id}`] : [])];
  const width = Math.max(...pages.map((p) => p.length)) + 1;
  console.log(`${"page".padEnd(width)} ${"device".padEnd(8)} ${CATEGORIES.map((c) => c.padStart(15)).join("")}${"CLS".padStart(8)}`);
  for (const formFactor of FORM_FACTORS) {
    for (const path of pages) {
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
      const shifts = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(
          `${server.url}${path}`,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
          formFactor === "desktop" ? desktopConfig : undefined,
        );
        for (const c of CATEGORIES) scores[c].push(Math.round((result.lhr.categories[c].score ?? 0) * 100));
        shifts.push(result.lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0);
      }
      const medians = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])]));
      const cls = median(shifts);
      console.log(
        `${path.padEnd(width)} ${formFactor.padEnd(8)} ${CATEGORIES.map((c) => String(medians[c]).padStart(15)).join("")}${cls.toFixed(3).padStart(8)}`,
      );
      for (const c of CATEGORIES) if (medians[c] < BUDGET[c]) fail(`${path} ${formFactor} ${c} ${medians[c]} < ${BUDGET[c]}`);
      if (cls > CLS_BUDGET) fail(`${path} ${formFactor} cumulative layout shift ${cls.toFixed(3)} > ${CLS_BUDGET}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
