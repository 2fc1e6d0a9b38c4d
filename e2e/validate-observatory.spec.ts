import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { observatoryScore } from "./observatory-score";
import { OwnServer, waitUntilAnswering } from "./own-server";

/**
 * compose.yaml's nginx (deploy/nginx.conf, as it is) in front of the built server configured as docs/deploy.md says
 * for production (an https PUBLIC_URL): the answers nginx passes on, scored by HTTP Observatory's rules
 * (e2e/observatory-score.ts), make grade A or better. Real nginx (Debian's nginx-light), real app; only the
 * upstream addresses and the listening port are this machine's.
 */

const port = Number(process.env.E2E_PORT ?? 4310);
// +5 and +6 are the withdrawal and passkey tests' own servers, which may run at the same time.
const APP_PORT = port + 7;
const PROXY_PORT = port + 8;
const PUBLIC_URL = "https://www.agency-observatory.example";
const root = resolve(import.meta.dirname, "..");

let work: string;
let app: OwnServer | undefined;
let proxy: ChildProcess | undefined;

/** deploy/nginx.conf with the compose service names and port swapped for this machine's, in a complete nginx.conf. */
function nginxConfig(): string {
  const site = readFileSync(join(root, "deploy/nginx.conf"), "utf8")
    .replace(/^\s*server app\d+:\d+[^;]*;\n/gm, "")
    .replace(/upstream agency \{/, `upstream agency {\n  server 127.0.0.1:${APP_PORT};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${PROXY_PORT};`);
  writeFileSync(join(work, "site.conf"), site);
  const temp = (name: string) => `${name}_temp_path ${join(work, name)};`;
  return [
    "daemon off;",
    "master_process off;",
    `pid ${join(work, "nginx.pid")};`,
    `error_log ${join(work, "error.log")} warn;`,
    "events {}",
    "http {",
    "  access_log off;",
    `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
    `  include ${join(work, "site.conf")};`,
    "}",
    "",
  ].join("\n");
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const nginx = spawnSync("nginx", ["-v"], { encoding: "utf8" });
  if (nginx.error) throw new Error("nginx is missing: install Debian's nginx-light (apt-get install -y nginx-light)");
  work = mkdtempSync(join(tmpdir(), "observatory-"));
  app = new OwnServer(APP_PORT, { env: { PUBLIC_URL, TRUST_PROXY: "1" } });
  const started = app.start();
  writeFileSync(join(work, "nginx.conf"), nginxConfig());
  const check = spawnSync("nginx", ["-t", "-c", join(work, "nginx.conf")], { encoding: "utf8" });
  expect(check.status, check.stderr).toBe(0);
  proxy = spawn("nginx", ["-c", join(work, "nginx.conf")], { stdio: "ignore" });
  await started;
  await waitUntilAnswering(`http://127.0.0.1:${PROXY_PORT}/api/health`, "nginx", 110_000);
});

test.afterAll(async () => {
  proxy?.kill();
  await app?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test("pages through the compose nginx make HTTP Observatory grade A or better", async () => {
  for (const path of ["/", "/en/pricing", "/subscribe"]) {
    const response = await fetch(`http://127.0.0.1:${PROXY_PORT}${path}`, { headers: { accept: "text/html" } });
    expect(response.status, path).toBe(200);
    const headers = Object.fromEntries(response.headers);
    const result = observatoryScore(headers, response.headers.getSetCookie(), await response.text(), PUBLIC_URL);
    expect(["A+", "A"], `${path}: ${JSON.stringify(result, null, 1)}`).toContain(result.grade);
    expect(headers["strict-transport-security"]).toBe("max-age=15552000");
    expect(headers.server, "no version in the Server header").toBe("nginx");
    expect(headers["permissions-policy"]).toContain("camera=()");
  }
});

test("nginx's own answers carry the security headers too, the app's are passed on unchanged", async () => {
  const metrics = await fetch(`http://127.0.0.1:${PROXY_PORT}/api/metrics`);
  expect(metrics.status).toBe(404);
  expect(metrics.headers.get("x-content-type-options")).toBe("nosniff");
  expect(metrics.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(await metrics.text()).not.toMatch(/nginx\/\d/);

  const page = await fetch(`http://127.0.0.1:${PROXY_PORT}/`, { headers: { accept: "text/html" } });
  // One of each: the app's, not the app's and nginx's.
  expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
  expect(page.headers.get("content-security-policy")).not.toContain("'none'; frame-ancestors 'none'");
});

test("Chromium accepts every feature of the Permissions-Policy (an unknown one is a console warning on each page)", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  const response = await page.goto("/en/pricing");
  expect(response?.headers()["permissions-policy"]).toContain("camera=()");
  await page.waitForLoadState("load");
  expect(messages.filter((text) => /permissions.policy|unrecognized feature/i.test(text))).toEqual([]);
  // The policy is in force: the page itself may not ask for the camera, and may use passkeys.
  expect(await page.evaluate(() => (document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature("camera"))).toBe(false);
  expect(await page.evaluate(() => (document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature("publickey-credentials-get"))).toBe(true);
});
