import { buildTestApp, nextIp, type TestApp } from "./helpers";

const TOKEN = "admin-token-for-tests";
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
    const { requests } = res.json() as { requests: Array<{ email: string; language: string }> };
    expect(requests.map((r) => [r.email, r.language])).toEqual([
      ["lead1@example.com", "en"],
      ["lead2@example.com", "nl"],
    ]);

    const csv = await t.app.inject({ url: "/api/admin/contact-requests?format=csv", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
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
