import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The API's OpenAPI document, as the built server serves it, linted by Redocly CLI with its recommended rules and the
 * committed redocly.yaml (which says why each rule it switches off is off): any error or warning fails, with
 * Redocly's own report. Whether the document is true to the answers is packages/server/test/routes/api/openapi-conformance.test.ts.
 */

const repo = join(import.meta.dirname, "..");
const redocly = join(repo, "node_modules/.bin/redocly");
// No usage data sent and no look-up of newer versions: CI reaches only the package registries.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

function lint(file: string, format: "json" | "stylish") {
  return spawnSync(redocly, ["lint", file, "--config", join(repo, "redocly.yaml"), "--format", format], { cwd: repo, env, encoding: "utf8", timeout: 50_000 });
}

test("the OpenAPI document passes Redocly's recommended rules without an error or a warning", async ({ request }) => {
  expect(existsSync(redocly), "Redocly CLI is missing: install the root devDependency @redocly/cli (npm ci)").toBe(true);
  const res = await request.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  try {
    const file = join(dir, "openapi.json");
    // Indented, so Redocly's report points at lines of the document rather than columns of one line.
    writeFileSync(file, JSON.stringify(await res.json(), null, 2));
    const result = lint(file, "json");
    expect(result.error, "Redocly CLI did not run").toBeUndefined();
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number } };
    const clean = result.status === 0 && report.totals.errors === 0 && report.totals.warnings === 0;
    // The problems in Redocly's readable form, each with its place in the document and its rule.
    const readable = clean ? null : lint(file, "stylish");
    expect(clean, readable ? `${readable.stdout}${readable.stderr}` : "").toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
