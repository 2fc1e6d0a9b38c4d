import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";

/**
 * Prometheus' own tool on the built server's /api/metrics (scraped with the METRICS_TOKEN of playwright.config.ts, as
 * the compose Prometheus does) and on the alert rules of deploy/prometheus, with their unit tests.
 */

const METRICS_TOKEN = "e2e-metrics-token-of-at-least-32-chars";
const RULES_DIR = resolve(import.meta.dirname, "../deploy/prometheus");

function promtool(args: string[], input?: string) {
  const run = spawnSync("promtool", args, { cwd: RULES_DIR, input, encoding: "utf8", timeout: 30_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === "ENOENT") {
    throw new Error("promtool is missing: install Debian's prometheus package (apt-get install -y prometheus)");
  }
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test("promtool check metrics passes on /api/metrics, with the standard process metric names", async ({ request }) => {
  // Some traffic first, so request, render and rate-limit series are in the scrape as well as the ones at 0.
  await request.get("/api/health");
  await request.get("/pricing", { headers: { accept: "text/html" } });
  const response = await request.get("/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  expect(text).toMatch(/^process_resident_memory_bytes /m);
  expect(text).toMatch(/^agency_lead_webhooks_total\{outcome="failed"\} 0$/m);
  expect(text).toMatch(/^agency_webhook_events_total\{type="unverified",outcome="rejected"\} 0$/m);

  // promtool prints one line per problem (a name, a missing suffix, a missing help) and nothing when all is well.
  const check = promtool(["check", "metrics"], text);
  expect(check.output.trim()).toBe("");
  expect(check.status).toBe(0);
});

test("the alert rules are valid and their promtool unit tests pass (the first failure after a start fires)", () => {
  const check = promtool(["check", "rules", "alerts.yml"]);
  expect(check.output).toContain("SUCCESS");
  expect(check.status, check.output).toBe(0);
  const unit = promtool(["test", "rules", "alerts.test.yml"]);
  expect(unit.status, unit.output).toBe(0);
  expect(unit.output).toContain("SUCCESS");
});
