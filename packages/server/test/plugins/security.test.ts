import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config";
import { PERMISSIONS_POLICY } from "../../src/plugins/security";
import { buildTestApp, type TestApp } from "../support/helpers";

/** Permissions-Policy on every answer, and HSTS at https with HSTS_INCLUDE_SUBDOMAINS. */

const root = mkdtempSync(path.join(tmpdir(), "headers-"));
const hostDist = path.join(root, "host");
const html = { accept: "text/html" };
let t: TestApp;

beforeAll(async () => {
  mkdirSync(hostDist, { recursive: true });
  writeFileSync(path.join(hostDist, "index.html"), "<!doctype html><title>site</title>");
  t = await buildTestApp({ env: { PUBLIC_URL: "https://www.agency.example" }, staticSite: { hostDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A Permissions-Policy header as feature → allowlist. */
function parsePolicy(header: string): Record<string, string> {
  return Object.fromEntries(header.split(/,\s*/).map((entry) => entry.split("=") as [string, string]));
}

describe("Permissions-Policy", () => {
  it("is sent with pages, API answers and errors", async () => {
    for (const request of [{ url: "/dashboard", headers: html }, { url: "/api/health" }, { url: "/api/no-such-thing" }]) {
      const res = await t.app.inject(request);
      expect(res.headers["permissions-policy"], request.url).toBe(PERMISSIONS_POLICY);
    }
  });

  it("switches off what the site does not use and keeps payment for Stripe's frames and passkeys for the site", () => {
    const policy = parsePolicy(PERMISSIONS_POLICY);
    for (const feature of ["camera", "microphone", "geolocation", "usb", "serial", "hid", "display-capture", "xr-spatial-tracking"]) {
      expect(policy[feature], feature).toBe("()");
    }
    expect(policy.payment).toBe('(self "https://js.stripe.com" "https://checkout.stripe.com")');
    expect(policy["publickey-credentials-get"]).toBe("(self)");
    expect(policy["publickey-credentials-create"]).toBe("(self)");
    // Left to the browser's default, for the consent-gated embeds a page may hold (a video).
    for (const feature of ["fullscreen", "picture-in-picture", "encrypted-media", "autoplay"]) expect(policy[feature]).toBeUndefined();
  });
});

describe("HSTS", () => {
  it("is sent at an https PUBLIC_URL for six months, without subdomains by default", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=15552000");
    expect(loadConfig({ PUBLIC_URL: "https://www.agency.example" }, "/").hstsIncludeSubdomains).toBe(false);
  });

  it("covers subdomains with HSTS_INCLUDE_SUBDOMAINS=on", async () => {
    const on = await buildTestApp({ db: t.db, env: { PUBLIC_URL: "https://www.agency.example", HSTS_INCLUDE_SUBDOMAINS: "on" } });
    try {
      expect((await on.app.inject({ url: "/api/health" })).headers["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
    } finally {
      await on.close();
    }
  });

  it("is not sent at an http PUBLIC_URL, whatever the setting", async () => {
    const plain = await buildTestApp({ db: t.db, env: { PUBLIC_URL: "http://localhost:8080", HSTS_INCLUDE_SUBDOMAINS: "on" } });
    try {
      expect((await plain.app.inject({ url: "/api/health" })).headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it("refuses a value that is neither on nor off, naming the setting", () => {
    expect(() => loadConfig({ HSTS_INCLUDE_SUBDOMAINS: "yes please" }, "/")).toThrow(/HSTS_INCLUDE_SUBDOMAINS/);
  });
});
