import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const path of process.argv.slice(2)) {
  const r = await lighthouse(`http://127.0.0.1:4343${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const a = r.lhr.audits;
  console.log(path, r.lhr.categories.performance.score * 100, ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index", "cumulative-layout-shift"].map((k) => `${k}=${a[k].displayValue}`).join(" "));
  console.log("  LCP element:", JSON.stringify(a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "").slice(0, 200));
  console.log("  long tasks:", (a["long-tasks"]?.details?.items ?? []).slice(0, 5).map((i) => `${i.url?.split("/").pop()} ${Math.round(i.duration)}ms`).join(", "));
  console.log("  bootup:", (a["bootup-time"]?.details?.items ?? []).slice(0, 5).map((i) => `${i.url?.split("/").pop()} ${Math.round(i.total)}ms`).join(", "));
}
await chrome.kill();
