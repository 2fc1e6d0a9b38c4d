import { buildTestApp, captureLogs, nextIp, testConfig, type TestApp } from "../../../support/helpers";

const TOKEN = "admin-token-for-tests-0123456789abcdef";
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_TOKEN: TOKEN, CONTACT_RATE_LIMIT: "2" } });
});
afterAll(async () => t?.close());

const quote = (n: number) => ({
  name: `Lead ${n}`,
  email: `lead${n}@example.com`,
  countryCode: "+31",
  phone: "0612345678",
  projectType: "new-website",
  budgetRange: "500-1000",
  timeline: "asap",
  domainStatus: "need-domain",
  language: n % 2 ? "en" : "nl",
});

describe("admin lead export", () => {
  it("lists stored quote requests, with their language, for the admin token only", async () => {
    for (const n of [1, 2]) {
      const res = await t.app.inject({ method: "POST", url: "/api/contact", payload: quote(n), remoteAddress: nextIp() });
      expect(res.statusCode).toBe(200);
    }
    const denied = await t.app.inject({ url: "/api/admin/contact-requests", headers: { authorization: "Bearer wrong" } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "A valid admin token is required", code: "admin.forbidden" });

    const res = await t.app.inject({ url: "/api/admin/contact-requests", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    // Personal data: never kept by a cache on the way.
    expect(res.headers["cache-control"]).toBe("no-store");
    const { requests } = res.json() as { requests: Array<{ email: string; language: string }> };
    expect(requests.map((r) => [r.email, r.language])).toEqual([
      ["lead1@example.com", "en"],
      ["lead2@example.com", "nl"],
    ]);

    const csv = await t.app.inject({ url: "/api/admin/contact-requests?format=csv", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["cache-control"]).toBe("no-store");
    expect(csv.body).toContain("lead2@example.com");
  });

  it("takes the per-IP quote limit from CONTACT_RATE_LIMIT", async () => {
    const ip = nextIp();
    const send = () => t.app.inject({ method: "POST", url: "/api/contact", payload: quote(9), remoteAddress: ip });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});

describe("admin export limits", () => {
  it("throttles exports per IP (429 + Retry-After) and logs each one without its content", async () => {
    const logs = captureLogs();
    const app = await buildTestApp({ db: t.db, env: { ADMIN_TOKEN: TOKEN, ADMIN_EXPORT_RATE_LIMIT: "2", LOG_LEVEL: "info" }, logStream: logs.logStream });
    try {
      const remoteAddress = nextIp();
      const send = (format = "json") =>
        app.app.inject({ url: `/api/admin/contact-requests?format=${format}`, headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress });
      const first = await send();
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe("no-store");
      expect((await send("csv")).statusCode).toBe(200);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ code: "admin.too_many_exports" });
      // Another address is not affected.
      expect((await app.app.inject({ url: "/api/admin/contact-requests", headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: nextIp() })).statusCode).toBe(200);

      const exports = logs.lines.filter((line) => line.includes("admin export of quote requests"));
      expect(exports).toHaveLength(3);
      expect(exports[1]).toContain('"format":"csv"');
      // The client's address only as its keyed hash.
      expect(exports[0]).toContain(`"ipHash":"${app.app.hashIp(remoteAddress)}"`);
      expect(logs.text()).not.toContain(remoteAddress);
      expect(logs.text()).not.toContain("lead1@example.com");
      expect(logs.text()).not.toContain(TOKEN);
    } finally {
      await app.app.close();
    }
  });

  it("counts exports in the database: a second instance on the same database refuses the same address", async () => {
    const env = { ADMIN_TOKEN: TOKEN, ADMIN_EXPORT_RATE_LIMIT: "1" };
    const other = await buildTestApp({ db: t.db, env });
    const another = await buildTestApp({ db: t.db, env });
    try {
      const remoteAddress = nextIp();
      const send = (app: TestApp) =>
        app.app.inject({ url: "/api/admin/contact-requests", headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress });
      expect((await send(other)).statusCode).toBe(200);
      const refused = await send(another);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "admin.too_many_exports" });
    } finally {
      await other.app.close();
      await another.app.close();
    }
  });

  it("refuses an ADMIN_TOKEN shorter than 32 characters, naming it", () => {
    expect(() => testConfig({ ADMIN_TOKEN: "a".repeat(31) })).toThrow(/ADMIN_TOKEN must be at least 32 characters/);
    expect(testConfig({ ADMIN_TOKEN: "a".repeat(32) }).adminToken).toHaveLength(32);
  });
});

describe("admin endpoints without ADMIN_TOKEN", () => {
  it("do not exist", async () => {
    const plain = await buildTestApp({ db: t.db });
    try {
      const res = await plain.app.inject({ url: "/api/admin/contact-requests", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });
});
