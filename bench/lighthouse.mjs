#!/usr/bin/env node
// Lighthouse 12 in Debian's Chromium against the production server (build first: npm run build):
// median of 3 runs, mobile and desktop, on /, /pricing, /contact and /blog.
// Budgets: performance ≥ 95, accessibility 100, best practices 100, SEO 100.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { fail, startServer } from "./lib.mjs";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = ["/", "/pricing", "/contact", "/blog"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BUDGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const server = await startServer({ port: 4440 });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

try {
  console.log(`${"page".padEnd(10)} ${"device".padEnd(8)} ${CATEGORIES.map((c) => c.padStart(15)).join("")}`);
  for (const formFactor of ["mobile", "desktop"]) {
    for (const path of PAGES) {
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(
          `${server.url}${path}`,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
          formFactor === "desktop" ? desktopConfig : undefined,
        );
        for (const c of CATEGORIES) scores[c].push(Math.round((result.lhr.categories[c].score ?? 0) * 100));
      }
      const medians = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])]));
      console.log(`${path.padEnd(10)} ${formFactor.padEnd(8)} ${CATEGORIES.map((c) => String(medians[c]).padStart(15)).join("")}`);
      for (const c of CATEGORIES) if (medians[c] < BUDGET[c]) fail(`${path} ${formFactor} ${c} ${medians[c]} < ${BUDGET[c]}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
