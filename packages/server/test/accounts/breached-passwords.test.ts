import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../../src/config";
import { createMetrics } from "../../src/metrics/registry";
import { buildTestApp, captureLogs, nextIp, testConfig, type TestApp } from "../support/helpers";

/**
 * New passwords (sign-up, reset, change) are checked against a k-anonymity range API, here a local stand-in for
 * Pwned Passwords: only the first five hex characters of the SHA-1 leave the server; a breached password is refused
 * with a translated message; a service that fails or takes over 2 s lets the password through, logged and counted.
 */

const BREACHED = "Tr0ub4dor&3-breached";
const CLEAN = "a-quite-unusual-horse-77";
const PADDED = "padded-only-horse-55";
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex").toUpperCase();

let mode: "ok" | "slow" | "error" = "ok";
const requests: { url: string; headers: Record<string, unknown> }[] = [];
let range: Server;
let rangeUrl: string;

/** Answers like Pwned Passwords: every suffix under the prefix, one `SUFFIX:COUNT` a line, with padding lines of count 0. */
function answer(prefix: string): string {
  const lines = ["0018A45C4D1DEF81644B54AB7F969B88D65:3", "00D4F6E8FA6EECAD2A3AA415EEC418D38EC:0"];
  if (sha1(BREACHED).startsWith(prefix)) lines.push(`${sha1(BREACHED).slice(5)}:52579`);
  // A padding line with the same suffix as this password: count 0 means no breach.
  if (sha1(PADDED).startsWith(prefix)) lines.push(`${sha1(PADDED).slice(5)}:0`);
  return lines.join("\r\n");
}

let t: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  range = createServer((req, res) => {
    requests.push({ url: req.url ?? "", headers: req.headers });
    if (mode === "error") return void res.writeHead(503).end();
    const send = () => res.writeHead(200, { "content-type": "text/plain" }).end(answer((req.url ?? "").slice(-5)));
    if (mode === "slow") setTimeout(send, 3500);
    else send();
  });
  await new Promise<void>((resolve) => range.listen(0, "127.0.0.1", resolve));
  rangeUrl = `http://127.0.0.1:${(range.address() as AddressInfo).port}/range/`;
  t = await buildTestApp({ env: { BREACHED_PASSWORDS_URL: rangeUrl, LOG_LEVEL: "warn" }, logStream: logs.logStream });
});
afterAll(async () => {
  await t?.close();
  range?.closeAllConnections();
  await new Promise((resolve) => range?.close(resolve));
});
beforeEach(() => {
  mode = "ok";
  requests.length = 0;
});

let seq = 0;
const email = () => `breach${++seq}-${Date.now()}@example.com`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers, remoteAddress: nextIp() });
const register = (password: string, headers: Record<string, string> = {}) => post("/api/auth/register", { name: "Bree", email: email(), password }, headers);
const checks = async (outcome: string) => {
  const text = await t.app.metrics.registry.getSingleMetricAsString("agency_breached_password_checks_total");
  return Number(new RegExp(`outcome="${outcome}"} (\\d+)`).exec(text)?.[1]);
};

describe("a breached password", () => {
  it("is refused at sign-up, in the request's language, and only five hex characters of its hash leave the server", async () => {
    const en = await register(BREACHED);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: "auth.breached_password",
      fields: ["password"],
      error: "This password has appeared in a data breach, so attackers try it first. Please choose another password.",
    });
    const nl = await register(BREACHED, { "accept-language": "nl" });
    expect(nl.json().error).toBe("Dit wachtwoord is bij een datalek uitgelekt, dus aanvallers proberen het als eerste. Kies een ander wachtwoord.");
    expect(requests.map((r) => r.url)).toEqual([`/range/${sha1(BREACHED).slice(0, 5)}`, `/range/${sha1(BREACHED).slice(0, 5)}`]);
    expect(requests[0]!.headers["add-padding"]).toBe("true");
    expect(JSON.stringify(requests)).not.toContain(sha1(BREACHED).slice(5));
  });

  it("is refused when resetting and when changing the password", async () => {
    const user = await register(CLEAN);
    expect(user.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${user.json().token as string}` };
    const change = await t.app.inject({
      method: "POST",
      url: "/api/account/password",
      headers,
      payload: { currentPassword: CLEAN, newPassword: BREACHED },
      remoteAddress: nextIp(),
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ code: "auth.breached_password", fields: ["newPassword"] });

    const { randomToken, sha256 } = await import("../../src/lib/crypto");
    const token = randomToken();
    await t.db.query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [sha256(token), user.json().user.id]);
    const reset = await post("/api/auth/reset-password", { token, newPassword: BREACHED });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: "auth.breached_password", fields: ["newPassword"] });
    // The link still works for a better password.
    expect((await post("/api/auth/reset-password", { token, newPassword: "another-rare-horse-1" })).statusCode).toBe(200);
  });

  it("lets a password through that is not in the answer, or only in its padding, and counts each check", async () => {
    const clean = await checks("clean");
    expect((await register(CLEAN)).statusCode).toBe(201);
    expect((await register(PADDED)).statusCode).toBe(201);
    expect(await checks("clean")).toBe(clean + 2);
  });
});

describe("a breach service that does not answer", () => {
  it("never blocks a sign-up: after 2 s the password is accepted, logged and counted", async () => {
    mode = "slow";
    const before = await checks("unavailable");
    const started = Date.now();
    const res = await register(BREACHED);
    const took = Date.now() - started;
    expect(res.statusCode).toBe(201);
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(3400);
    expect(await checks("unavailable")).toBe(before + 1);
    expect(logs.text()).toContain("breached-password check unavailable");
  });

  it("accepts the password when the service answers with an error", async () => {
    mode = "error";
    const before = await checks("unavailable");
    expect((await register(CLEAN)).statusCode).toBe(201);
    expect(await checks("unavailable")).toBe(before + 1);
  });

  it("counts every outcome from 0 at start", async () => {
    const fresh = createMetrics(t.db, { processMetrics: false });
    const text = await fresh.registry.getSingleMetricAsString("agency_breached_password_checks_total");
    for (const outcome of ["breached", "clean", "unavailable"]) expect(text).toContain(`outcome="${outcome}"} 0`);
  });
});

describe("the setting", () => {
  it("is Pwned Passwords when unset, and off (nothing asked) when set empty", () => {
    expect(loadConfig({ NODE_ENV: "test" }, "/").breachedPasswordsUrl).toBe("https://api.pwnedpasswords.com/range/");
    expect(testConfig({ BREACHED_PASSWORDS_URL: "" }).breachedPasswordsUrl).toBe("");
    expect(testConfig({ BREACHED_PASSWORDS_URL: "  " }).breachedPasswordsUrl).toBe("");
    expect(() => testConfig({ BREACHED_PASSWORDS_URL: "ftp://x" })).toThrow(/BREACHED_PASSWORDS_URL must start with https:\/\/ or http:\/\//);
  });
});
